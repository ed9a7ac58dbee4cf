#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UTC timestamps in the form the protocol uses: `2026-11-29T21:40:00.120Z`.
public enum ISO8601Timestamp {
    /// Seconds since the Unix epoch, now, from the real-time clock.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// `seconds` since the epoch as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    public static func string(fromEpochSeconds seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        let millis = Int32(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2)
            + "T" + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2) + ":" + padded(parts.tm_sec, 2)
            + "." + padded(min(999, max(0, millis)), 3) + "Z"
    }

    /// Seconds since the epoch of a timestamp written as ``string(fromEpochSeconds:)`` writes
    /// it (`YYYY-MM-DDTHH:MM:SS.mmmZ`, the fraction optional), nil for any other text: how a
    /// reader of events (a session file) gets their times back.
    public static func epochSeconds(from text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == UInt8(ascii: $0.1.unicodeScalars.first!) }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, let digits = number(20..<(bytes.count - 1)), bytes.count - 21 <= 9 else { return nil }
            fraction = Double(digits) / pow10(bytes.count - 21)
        } else if bytes[19] != UInt8(ascii: "Z") {
            return nil
        }
        // Days from the civil date (H. Hinnant's algorithm), so no calendar library is needed.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
