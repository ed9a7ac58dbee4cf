import BinderyJSON
import BinderyProtocol
import Synchronization

/// A session file (``SessionDocument``) loaded into a daemon for reading (`binderyctl
/// import`, the control protocol's `import`): the versions of another run — or another
/// daemon — kept beside the live history, never in it.
///
/// Guarantees: its versions are read only through it (`get` with `imported`, `/api/imported`,
/// `/api/state?at=V&imported=1`), each answer marked as imported with ``marker``; it is never
/// written to the state file, never appended to the live history, never published as a live
/// version, and nothing can be set or run in it. A document that is not a session file of this
/// format version is refused with one line (``SessionFileError``) and the slot keeps what it held.
package struct ImportedSession: Sendable {
    /// The session as read.
    package let session: RecordedSession
    /// The file as loaded, written back compactly (what `/api/imported` serves).
    package let document: [UInt8]
    /// When it was exported, as the file says ("" when it does not).
    package let exportedAt: String
    /// When this daemon loaded it.
    package let importedAt: String

    /// Reads `document`, loaded at `importedAt`, or throws one line saying why it is not a session file.
    package init(document: JSONValue, importedAt: String) throws(SessionFileError) {
        session = try RecordedSession(document: document)
        var bytes: [UInt8] = []
        document.write(to: &bytes)
        self.document = bytes
        exportedAt = document["exportedAt"]?.stringValue ?? ""
        self.importedAt = importedAt
    }

    /// The object every answer about it carries:
    /// `{"daemon", "exportedAt", "importedAt", "from", "to", "events"}`.
    package func writeMarker(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("daemon"); writer.string(session.daemon)
        writer.key("exportedAt"); writer.string(exportedAt)
        writer.key("importedAt"); writer.string(importedAt)
        writer.key("from"); writer.int(session.from)
        writer.key("to"); writer.int(session.to)
        writer.key("events"); writer.int(session.events.count)
        writer.endObject()
    }

    /// The `/api/state` document at `version` of the session, with `"imported"`: the
    /// ``marker``; a one-line error for a version it does not hold.
    package func state(at version: UInt64) -> Result<JSONValue, SessionFileError> {
        guard version >= session.from, version <= session.to, var state = session.states(at: [version])[version] else {
            return .failure(SessionFileError("the imported session holds versions \(session.from)–\(session.to), not \(version)"))
        }
        var writer = JSONWriter(capacity: 160)
        writeMarker(to: &writer)
        if case var .object(members) = state, let marker = try? JSONParser.parse(writer.bytes) {
            members.removeAll { $0.key == "imported" }
            members.append((key: "imported", value: marker))
            state = .object(members)
        }
        StateReplay.setVersion(version, in: &state)
        return .success(state)
    }

    /// What `get` answers of the session at `version`: the view model's state (`kind` nil), or
    /// one member's value with its kind (`input`, `output`, `command`) — found by the names
    /// the session's own state has, which need not be this daemon's.
    package func read(viewModel: String, name: String?, at version: UInt64) -> Result<(kind: String?, value: JSONValue), SessionFileError> {
        let state: JSONValue
        switch self.state(at: version) {
        case let .success(found): state = found
        case let .failure(error): return .failure(error)
        }
        guard let vmState = state["viewModels"]?[viewModel] else {
            let names = state["viewModels"]?.objectValue?.map(\.key).joined(separator: ", ") ?? ""
            return .failure(SessionFileError("the imported session has no view model \(viewModel) (it has: \(names))"))
        }
        guard let name else { return .success((nil, vmState)) }
        for kind in ["input", "output", "command"] {
            if let value = vmState[kind + "s"]?[name] { return .success((kind, value)) }
        }
        return .failure(SessionFileError("\(viewModel).\(name) is not in the imported session at version \(version)"))
    }
}

/// Where a daemon keeps the session it imported: none at first, the last one loaded after.
/// A mutex guards it: the control socket loads and reads it, the HTTP server reads it.
package final class ImportedSessionSlot: Sendable {
    private let held = Mutex<ImportedSession?>(nil)

    package init() {}

    /// The session imported last, if any.
    package var current: ImportedSession? { held.withLock { $0 } }

    /// Loads `document` in place of what was imported before; on a bad document throws one
    /// line and keeps what it held.
    @discardableResult
    package func load(_ document: JSONValue, importedAt: String) throws(SessionFileError) -> ImportedSession {
        let session = try ImportedSession(document: document, importedAt: importedAt)
        held.withLock { $0 = session }
        return session
    }
}
