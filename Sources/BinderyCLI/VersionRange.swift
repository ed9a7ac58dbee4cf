/// `@F..@T`: versions of the daemon's history, either end left to the daemon (`@F..`
/// ends at the current version, `..@T` starts at the oldest kept).
public struct VersionRange: Sendable, Equatable {
    /// The first version (nil: the oldest kept).
    public let from: UInt64?
    /// The last version (nil: the current one).
    public let to: UInt64?

    /// The range `from`...`to`, either end nil for the daemon's default.
    public init(from: UInt64?, to: UInt64?) {
        self.from = from
        self.to = to
    }

    /// The range written as `@F..@T` (`@` optional, either end may be left out), nil when
    /// `text` is not one or its ends are the wrong way round.
    public init?(_ text: String) {
        let parts = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        func version(_ part: String) -> UInt64?? {
            if part.isEmpty { return .some(nil) }
            let digits = part.hasPrefix("@") ? String(part.dropFirst()) : part
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = UInt64(digits) else { return nil }
            return .some(value)
        }
        guard let from = version(parts[0]), let to = version(parts[1]) else { return nil }
        if let from, let to, from > to { return nil }
        self.init(from: from, to: to)
    }

    /// How a message names it: "versions 12–40", "versions 12 on", "every kept version".
    public var described: String {
        switch (from, to) {
        case let (from?, to?): return "versions \(from)–\(to)"
        case let (from?, nil): return "versions \(from) on"
        case let (nil, to?): return "versions up to \(to)"
        case (nil, nil): return "every kept version"
        }
    }
}

/// Where `testgen` reads a session: versions of the daemon, or a session file.
public enum SessionSource: Sendable, Equatable {
    /// Versions the daemon keeps, which it writes as a session file.
    case versions(VersionRange)
    /// A session file at this path.
    case file(String)
}
