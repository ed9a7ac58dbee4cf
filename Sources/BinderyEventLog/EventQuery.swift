import BinderyJSON

/// Which logged events a reader asks for (`/api/events`, docs/HTTP.md): a version range, a
/// view model, a kind, an origin and a text, and how many at most.
///
/// Guarantees: ``page(of:)`` looks at every event the log keeps and answers at most ``limit``
/// events, oldest first, saying whether more match beyond the page and where the next page
/// starts (``Page/next``: a version, and how many events of the range to pass over, as a page
/// may end inside a version: a version of pipelined sets logs hundreds). With `since` and no
/// `before` the page is the oldest matching events after `since` (a reader catching up walks
/// forward); otherwise it is the newest below `before` (a reader of the log walks back).
/// ``skip`` passes over the first events of the range in the page's order, matching or not, so
/// a cursor means the same under any filter; the events of one version are logged together,
/// so a cursor inside a version stays true while newer versions arrive.
public struct EventQuery: Sendable, Equatable {
    /// The kinds of event the log holds.
    public static let kinds: Set<String> = ["set", "start", "finish", "fail", "restart", "restore"]
    /// The most events one page holds, and the default.
    public static let maximumLimit = 500

    /// Only events with a version greater than this.
    public var since: UInt64?
    /// Only events with a version less than this.
    public var before: UInt64?
    /// Only events of this view model.
    public var viewModel: String?
    /// Only events of this kind (one of ``kinds``).
    public var kind: String?
    /// Only events whose text (``searchText(of:)``) contains this, ignoring case.
    public var text: String?
    /// Only events whose origin (``EventOrigin/text``: the client's name, uid and pid, or
    /// what made the change) contains this, ignoring case.
    public var origin: String?
    /// How many events of the range (in the page's order, matching or not) to pass over.
    public var skip: Int
    /// The most events a page holds (1 through ``maximumLimit``).
    public var limit: Int

    /// A query for the newest ``maximumLimit`` events, narrowed by the arguments given.
    public init(since: UInt64? = nil, before: UInt64? = nil, viewModel: String? = nil, kind: String? = nil,
                text: String? = nil, origin: String? = nil, skip: Int = 0, limit: Int = EventQuery.maximumLimit) {
        self.since = since
        self.before = before
        self.viewModel = viewModel
        self.kind = kind
        self.text = text
        self.origin = origin
        self.skip = max(0, skip)
        self.limit = max(1, min(limit, Self.maximumLimit))
    }

    /// Whether the page walks forward from `since` (else back from `before` or the newest).
    public var walksForward: Bool { since != nil && before == nil }

    /// Where a next page starts: the `before` (walking back) or `since` (forward) version,
    /// and the events of the range to pass over.
    public struct Cursor: Sendable, Equatable {
        /// The version bound: `before` walking back, `since` walking forward.
        public let version: UInt64
        /// How many events to pass over (``EventQuery/skip``); 0 when the page ended with a version.
        public let skip: Int
    }

    /// One answer: its events, oldest first, and whether more match past them (older when
    /// walking back, newer when walking forward).
    public struct Page: Sendable {
        /// The events of the page, oldest first.
        public let entries: [EventLog.Entry]
        /// Whether more events match beyond the page.
        public var more: Bool { next != nil }
        /// Where the next page starts, when more events match.
        public let next: Cursor?
        /// Whether the page walked forward (its cursor is `since`).
        public let forward: Bool
    }

    /// The page of `entries` (the whole log, oldest first) this query answers.
    public func page(of entries: [EventLog.Entry]) -> Page {
        let filter = Filter(self)
        let range = entries.filter { entry in
            (since.map { entry.version > $0 } ?? true) && (before.map { entry.version < $0 } ?? true)
        }
        let forward = walksForward
        let count = range.count
        let ordered = { (step: Int) in forward ? range[step] : range[count - 1 - step] }
        var picked: [EventLog.Entry] = []
        var version: UInt64?
        var position = 0      // the event's place among its version's, in the page's order
        var lastPosition = 0  // that of the last event picked
        var lastStep = -1
        var more = false
        for step in 0..<count {
            let entry = ordered(step)
            if entry.version != version { (version, position) = (entry.version, 0) }
            position += 1
            guard step >= skip, filter.matches(entry) else { continue }
            if picked.count == limit {
                more = true
                break
            }
            picked.append(entry)
            (lastPosition, lastStep) = (position, step)
        }
        var next: Cursor?
        if more, let last = picked.last {
            // Ending inside a version: the next page starts at that version, past what this one saw of it.
            let inside = lastStep + 1 < count && ordered(lastStep + 1).version == last.version
            let bound = inside ? (forward ? last.version - 1 : last.version + 1) : last.version
            next = Cursor(version: bound, skip: inside ? lastPosition : 0)
        }
        if !forward { picked.reverse() }
        return Page(entries: picked, next: next, forward: forward)
    }

    /// The text a search looks in: the view model and name (also as `vm.name`), the kind,
    /// the value, argument, result, error and message, who made it (``EventOrigin/text``), and
    /// what the event's version changed (each effect's names and values); strings as they
    /// read, other values as JSON.
    public static func searchText(of event: JSONValue) -> String {
        var parts: [String] = []
        let vm = event["vm"]?.stringValue, name = event["name"]?.stringValue
        if let vm, let name { parts.append("\(vm).\(name)") }
        // A restore's `set` and `skipped` name the inputs it is about.
        for key in ["kind", "value", "arg", "valueSummary", "error", "message", "reason", "set", "skipped"] {
            if let value = event[key] { parts.append(text(of: value)) }
        }
        if let origin = EventOrigin(event: event) { parts.append(origin.text) }
        if case let .array(effects)? = event["effects"] {
            for effect in effects {
                if let vm = effect["vm"]?.stringValue, let name = effect["name"]?.stringValue { parts.append("\(vm).\(name)") }
                for key in ["before", "after", "beforeText", "afterText", "rows"] {
                    if let value = effect[key] { parts.append(text(of: value)) }
                }
            }
        }
        return parts.joined(separator: "\n")
    }

    private static func text(of value: JSONValue) -> String {
        if case let .string(text) = value { return text }
        var writer = JSONWriter(capacity: 64)
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The view-model, kind, origin and text tests, each event parsed only when a cheap look
    /// at its bytes cannot rule it out.
    private struct Filter {
        let viewModel: String?
        let kind: String?
        let text: String?
        let origin: String?
        /// Byte strings every matching event's JSON contains (a value as written in it).
        let required: [[UInt8]]
        /// The search text's bytes, lowercased, when every event matching it has them in its
        /// JSON (ignoring ASCII case): nil when the text could be written otherwise there.
        let searchedBytes: [UInt8]?

        init(_ query: EventQuery) {
            viewModel = query.viewModel
            kind = query.kind
            text = query.text?.lowercased()
            origin = query.origin?.lowercased()
            required = [query.viewModel, query.kind].compactMap { $0 }.filter(Self.isWrittenAsIs).map { Array($0.utf8) }
            // `.` may be the one searchText puts between a view model and a name.
            searchedBytes = text.flatMap {
                Self.isWrittenAsIs($0) && !$0.contains(".") && !Self.mayCrossOriginText($0) ? Array($0.utf8) : nil
            }
        }

        /// Whether `text` may match across what ``EventOrigin/text`` puts between an origin's
        /// fields ("-c (uid 1000, pid 42), restore from v3"), bytes no event's JSON holds: a
        /// parenthesis, a comma, or a space last or before a digit.
        private static func mayCrossOriginText(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ",") { return true }
                if byte == UInt8(ascii: " ") {
                    guard index + 1 < bytes.count else { return true }
                    if bytes[index + 1] >= UInt8(ascii: "0") && bytes[index + 1] <= UInt8(ascii: "9") { return true }
                }
            }
            return false
        }

        /// Whether every JSON string holding `value` (an event's, written HTML-safe, or a
        /// value of it) holds its bytes as they are: printable ASCII that needs no escape.
        private static func isWrittenAsIs(_ value: String) -> Bool {
            value.utf8.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && !"\"\\<>&".utf8.contains(byte)
            }
        }

        func matches(_ entry: EventLog.Entry) -> Bool {
            guard viewModel != nil || kind != nil || text != nil || origin != nil else { return true }
            for bytes in required where !Self.contains(entry.json, bytes, foldingCase: false) { return false }
            if let searchedBytes, !Self.contains(entry.json, searchedBytes, foldingCase: true) { return false }
            guard let event = try? JSONParser.parse(entry.json) else { return false }
            if let viewModel, event["vm"]?.stringValue != viewModel { return false }
            if let kind, event["kind"]?.stringValue != kind { return false }
            if let text, !EventQuery.searchText(of: event).lowercased().contains(text) { return false }
            if let origin, EventOrigin(event: event)?.text.lowercased().contains(origin) != true { return false }
            return true
        }

        /// Whether `haystack` holds `needle` (`needle` lowercased when `foldingCase`, which
        /// folds ASCII letters only).
        private static func contains(_ haystack: [UInt8], _ needle: [UInt8], foldingCase: Bool) -> Bool {
            guard !needle.isEmpty else { return true }
            guard haystack.count >= needle.count else { return false }
            return haystack.withUnsafeBufferPointer { hay in
                needle.withUnsafeBufferPointer { wanted in
                    let last = hay.count - wanted.count
                    var start = 0
                    search: while start <= last {
                        for offset in 0..<wanted.count {
                            var byte = hay[start + offset]
                            if foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
                            if byte != wanted[offset] { start += 1; continue search }
                        }
                        return true
                    }
                    return false
                }
            }
        }
    }
}
