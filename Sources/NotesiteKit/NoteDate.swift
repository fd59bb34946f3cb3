import Foundation

/// A note's date as its author gave it: a day (`2015-10-18`) or, where only the month is known, a month (`2016-03`).
public struct NoteDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int?

    public init(year: Int, month: Int, day: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date a file name starts with, as Jekyll names its posts: `2017-04-05-title.md` → 2017-04-05. nil when
    /// the name does not start with a date and a hyphen.
    static func fileNamePrefix(_ name: some StringProtocol) -> NoteDate? {
        let bytes = Array(name.utf8.prefix(11))
        guard bytes.count == 11, bytes[10] == UInt8(ascii: "-"), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        return NoteDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self))
    }

    /// Today, in the machine's time zone.
    public static var today: NoteDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return NoteDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day)
    }

    /// Parses a date as the site generators write one: `YYYY-MM-DD`, or `YYYY-MM` when only the month is known, the
    /// month and day also with one digit or with `/` (`2013/7/13`, as Hexo's documentation writes it), and
    /// optionally a time after a space, a tab or `T` (`2014-11-05 16:16:18 +0800`, `2017-04-05T10:00:00+08:00`,
    /// YAML's timestamps and TOML's date-times). The time is not read: the date is the day the author wrote, in
    /// the author's time zone.
    public init?(parsing text: String) {
        var value = Substring(text.trimmingWhitespace)
        if let cut = value.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "T" || $0 == "t" }) {
            value = value[..<cut]
        }
        let separator: Character = value.contains("/") ? "/" : "-"
        let parts = value.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts[0].count == 4, parts[0].allSatisfy(Self.isDigit), let year = Int(parts[0]),
              (1...2).contains(parts[1].count), parts[1].allSatisfy(Self.isDigit), let month = Int(parts[1]),
              (1...12).contains(month)
        else { return nil }
        var day: Int?
        if parts.count == 3 {
            guard (1...2).contains(parts[2].count), parts[2].allSatisfy(Self.isDigit), let d = Int(parts[2]),
                  (1...Self.daysIn(month: month, year: year)).contains(d)
            else { return nil }
            day = d
        }
        self.init(year: year, month: month, day: day)
    }

    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    /// ISO 8601: `2015-10-18` or `2016-03`, which is also valid in `<time datetime>`.
    public var description: String {
        let m = month < 10 ? "0\(month)" : "\(month)"
        guard let day else { return "\(year)-\(m)" }
        return "\(year)-\(m)-\(day < 10 ? "0\(day)" : "\(day)")"
    }

    public static func < (lhs: NoteDate, rhs: NoteDate) -> Bool {
        (lhs.year, lhs.month, lhs.day ?? 0) < (rhs.year, rhs.month, rhs.day ?? 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
