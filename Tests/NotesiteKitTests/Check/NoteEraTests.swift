import Testing
@testable import NotesiteKit

/// The era a note without `swift:` is judged by: its code's era-specific names, else its date, else today's.
@Suite struct NoteEraTests {
    private func votes(_ spellings: [(String, SDKSymbolList.Eras)]) -> NoteEra.Votes {
        var votes = NoteEra.Votes()
        for (spelling, eras) in spellings { votes.add(spelling, eras: eras) }
        return votes
    }

    private let swift2Only: SDKSymbolList.Eras = .swift2
    private let swift3On: SDKSymbolList.Eras = [.swift3, .swift4, .swift42, .swift5]
    private let swift42On: SDKSymbolList.Eras = [.swift42, .swift5]

    @Test(arguments: [
        ("2014-09-07", "1"), ("2015-08-31", "1"), ("2015-09-01", "2"), ("2016-08-30", "2"), ("2016-09-13", "3"),
        ("2017-08-01", "3"), ("2017-09-19", "4"), ("2018-08-31", "4"), ("2018-09-17", "5"), ("2024-01-01", "5"),
    ])
    func aDateFallsInTheEraXcodeShippedThen(date: String, version: String) throws {
        #expect(NoteEra.version(writtenOn: try #require(NoteDate(parsing: date))) == version)
    }

    @Test func theCodeOutweighsTheDate() throws {
        let votes = votes([("presentViewController(_:animated:completion:)", swift2Only), (".Alert", swift2Only),
                           ("viewDidLoad()", [.swift2, .swift3, .swift4, .swift42, .swift5])])
        let era = NoteEra.infer(votes: votes, date: try #require(NoteDate(parsing: "2019-05-01")))
        #expect(era.version == "2")
        #expect(era.reason == .code(["presentViewController(_:animated:completion:)", ".Alert"]))
    }

    /// A Swift 2 note written before September 2015 is Swift 1's, checked by Swift 2's names.
    @Test func swift2NamesInANoteOf2014AreSwift1() throws {
        let era = NoteEra.infer(votes: votes([(".Compact", swift2Only)]), date: try #require(NoteDate(parsing: "2014-06-10")))
        #expect(era.version == "1")
        #expect(era.judgedAs == "2")
    }

    @Test func printlnIsSwift1WhateverTheDate() {
        var votes = votes([(".Alert", swift2Only)])
        votes.swift1 = true
        #expect(NoteEra.infer(votes: votes, date: nil).version == "1")
    }

    /// Names that Swift 3 and every later Swift spell so tie between eras; the one nearest the date wins.
    @Test func aTieGoesToTheEraNearestTheDate() throws {
        let votes = votes([("splitViewController(_:collapseSecondary:onto:)", swift3On)])
        #expect(NoteEra.infer(votes: votes, date: try #require(NoteDate(parsing: "2016-03-01"))).version == "3")
        #expect(NoteEra.infer(votes: votes, date: try #require(NoteDate(parsing: "2021-03-01"))).version == "5")
        #expect(NoteEra.infer(votes: votes, date: nil).version == "5")
    }

    @Test func nestedNamesOfSwift42AreToday() {
        let votes = votes([("UIApplication.LaunchOptionsKey", swift42On), ("present(_:animated:completion:)", swift3On)])
        #expect(NoteEra.infer(votes: votes, date: nil).version == "5")
    }

    @Test func withoutEvidenceTheDateDecidesAndWithoutADateToday() throws {
        let dated = NoteEra.infer(votes: NoteEra.Votes(), date: try #require(NoteDate(parsing: "2017-01-10")))
        #expect(dated == NoteEra(version: "3", reason: .date(try #require(NoteDate(parsing: "2017-01-10")))))
        #expect(NoteEra.infer(votes: NoteEra.Votes(), date: nil) == NoteEra(version: "5", reason: .assumed))
    }

    /// A note newer than the SDK the generated list is made from hears that newer names are unknown to it.
    @Test func aNoteNewerThanTheSDKHearsOfIt() throws {
        let date = try #require(NoteDate(parsing: "2024-06-01"))
        let remark = try #require(NoteEra(version: "5", reason: .date(date)).remark(file: "a.md", date: date))
        #expect(remark.message.contains("made from the iOS 16.4 SDK: names added since are unknown to it"))
        let older = try #require(NoteDate(parsing: "2022-06-01"))
        #expect(NoteEra(version: "5", reason: .date(older)).remark(file: "a.md", date: older)?.message.contains("16.4") == false)
    }

    @Test func theRemarkSaysWhyAndHowToDeclareIt() throws {
        let era = NoteEra(version: "2", reason: .code(["presentViewController(_:animated:completion:)"]))
        let remark = try #require(era.remark(file: "notes/en/a.md"))
        #expect(remark.rule == SymbolRule.era.rule)
        #expect(remark.severity == .note)
        #expect(remark.message.contains("(`presentViewController(_:animated:completion:)`)"))
        #expect(remark.message.contains("add `swift: \"2\"`"))
        #expect(NoteEra(version: "4", reason: .declared).remark(file: "a.md") == nil)
    }
}
