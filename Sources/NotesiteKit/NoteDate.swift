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

    /// Parses `YYYY-MM-DD` or `YYYY-MM`, optionally followed by a time (` 21:26:00` or `T21:26:00Z`) that is ignored.
    /// Today, in the machine's time zone.
    public static var today: NoteDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return NoteDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day)
    }

    public init?(parsing text: String) {
        var value = Substring(text.trimmingWhitespace)
        if let cut = value.firstIndex(where: { $0 == " " || $0 == "T" }) {
            value = value[..<cut]
        }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts[0].count == 4, let year = Int(parts[0]),
              parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        var day: Int?
        if parts.count == 3 {
            guard parts[2].count == 2, let d = Int(parts[2]), (1...Self.daysIn(month: month, year: year)).contains(d) else {
                return nil
            }
            day = d
        }
        self.init(year: year, month: month, day: day)
    }

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
