import Glibc

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
}
