import BinderyJSON

/// Who or what made a logged change: its event's `origin` object (docs/PROTOCOL.md "Events",
/// docs/HTTP.md `/api/events`).
///
/// Guarantees: a change a control client asked for carries the client's `uid` and `pid`, as
/// the kernel reported them for its connection (`SO_PEERCRED`: not what the client says), and
/// `client`, the name the client gave (binderyctl: `interactive`, `-c`, a script's path;
/// ``unnamedClient`` when it gave none); a change no client asked for carries `by` instead
/// (`binding`, `timer`, `restart`, …: what started it). A change a client asked for through
/// something else — a restore's sets — carries both: the client, and `by` saying how
/// ("restore from v12").
public struct EventOrigin: Sendable, Hashable {
    /// The client's user id, when a client acted.
    public let uid: UInt32?
    /// The client's process id, when a client acted.
    public let pid: Int32?
    /// The client's name, when a client acted.
    public let client: String?
    /// What made the change, when no client made it directly.
    public let by: String?

    /// The name recorded for a client that gave none.
    public static let unnamedClient = "unnamed"
    /// The longest client name kept, in Unicode scalars (a longer one is cut): a name, not a document.
    public static let maximumClientNameLength = 200

    /// A change the client `client` (cut to ``maximumClientNameLength``; nil or empty:
    /// ``unnamedClient``) of user `uid`, process `pid` asked for; `by` says how, when not
    /// directly.
    public init(uid: UInt32?, pid: Int32?, client: String?, by: String? = nil) {
        self.uid = uid
        self.pid = pid
        let name = client.map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(Self.maximumClientNameLength))) }
        self.client = (name?.isEmpty ?? true) ? Self.unnamedClient : name
        self.by = by
    }

    /// A change no client made: `by` says what did.
    public init(by: String) {
        uid = nil
        pid = nil
        client = nil
        self.by = by
    }

    /// This origin, made through `how` ("restore from v12"): the same client, saying how.
    public func through(_ how: String) -> EventOrigin {
        client == nil ? EventOrigin(by: how) : EventOrigin(uid: uid, pid: pid, client: client, by: how)
    }

    /// One phrase for people: "-c (uid 1000, pid 4242)", "timer", "interactive (uid 1000,
    /// pid 7), restore from v12".
    public var text: String {
        var parts: [String] = []
        if let client {
            var ids: [String] = []
            if let uid { ids.append("uid \(uid)") }
            if let pid { ids.append("pid \(pid)") }
            parts.append(ids.isEmpty ? client : client + " (" + ids.joined(separator: ", ") + ")")
        }
        if let by { parts.append(by) }
        return parts.joined(separator: ", ")
    }

    /// Writes `"origin": {…}` into the object `writer` is in.
    public func write(to writer: inout JSONWriter) {
        writer.key("origin")
        writer.beginObject()
        if let uid { writer.key("uid"); writer.int(uid) }
        if let pid { writer.key("pid"); writer.int(pid) }
        if let client { writer.key("client"); writer.string(client) }
        if let by { writer.key("by"); writer.string(by) }
        writer.endObject()
    }

    /// The origin an event's JSON object carries, if it has one.
    public init?(event: JSONValue) {
        guard let origin = event["origin"], origin.objectValue != nil else { return nil }
        let uid = origin["uid"]?.intValue.flatMap { UInt32(exactly: $0) }
        let pid = origin["pid"]?.intValue.flatMap { Int32(exactly: $0) }
        let by = origin["by"]?.stringValue
        if let client = origin["client"]?.stringValue {
            self.init(uid: uid, pid: pid, client: client, by: by)
        } else if let by {
            self.init(by: by)
        } else {
            return nil
        }
    }
}
