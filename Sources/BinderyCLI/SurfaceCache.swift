import BinderyProtocol
import Synchronization

/// The daemon's view-model names and described surfaces, fetched on first use and kept until
/// something suggests the surface changed: a reconnect (the daemon restarted), an `ls`, or
/// a name the cache does not know (`invalidate()`).
public final class SurfaceCache: SurfaceCatalog {
    private struct State {
        var list: [ViewModelSurface]?
        var described: [String: ViewModelSurface] = [:]
    }
    private let state = Mutex(State())
    private let connection: @Sendable () -> DaemonConnection?

    /// A cache that asks the daemon through whatever connection `connection` returns now.
    public init(connection: @escaping @Sendable () -> DaemonConnection?) {
        self.connection = connection
    }

    /// Forgets everything; the next question asks the daemon again.
    public func invalidate() {
        state.withLock { $0 = State() }
    }

    /// Keeps the names of a `list` reply (from `ls`), dropping described surfaces that may be stale.
    public func store(list: [ViewModelSurface]) {
        state.withLock { $0 = State(list: list) }
    }

    /// Every view model from `list`, fetched if not cached; empty if the daemon cannot be asked.
    public func viewModels() -> [ViewModelSurface] {
        if let list = state.withLock({ $0.list }) { return list }
        guard let reply = try? connection()?.request(op: .list), reply.ok,
              let list = ViewModelSurface.fromList(reply.value) else { return [] }
        state.withLock { $0.list = list }
        return list
    }

    public func viewModelNames() -> [String] { viewModels().map(\.name) }

    public func surface(of viewModel: String) -> ViewModelSurface? {
        try? describe(viewModel).get()
    }

    /// The surface of `viewModel` if it was described already (no request).
    public func described(_ viewModel: String) -> ViewModelSurface? {
        state.withLock { $0.described[viewModel] }
    }

    /// Keeps a surface the daemon described in another reply (`get` with `surface`).
    public func store(described surface: ViewModelSurface) {
        state.withLock { $0.described[surface.name] = surface }
    }

    /// The described surface of `viewModel`; `.failure(.refused(reply))` carrying the daemon's
    /// error reply (an unknown name: its message suggests the closest), or
    /// `.failure(.connection(error))` when the daemon could not be asked (no connection, or it
    /// closed): a dropped connection is reported as one, never as an unknown name.
    public func describe(_ viewModel: String) -> Result<ViewModelSurface, SurfaceLookupError> {
        if let known = state.withLock({ $0.described[viewModel] }) { return .success(known) }
        guard let connection = connection() else { return .failure(.connection(.closed)) }
        let reply: DaemonReply
        do {
            reply = try connection.request(op: .describe, [(.vm, .string(viewModel))])
        } catch {
            return .failure(.connection(error))
        }
        guard reply.ok else { return .failure(.refused(reply)) }
        guard let surface = reply.value["surface"].flatMap({ ViewModelSurface.fromDescribe(name: viewModel, surface: $0) })
        else { return .failure(.refused(DaemonReply(localFailure: .badReply, "binderyd's describe reply for \(viewModel) has no surface"))) }
        state.withLock { $0.described[viewModel] = surface }
        return .success(surface)
    }
}

/// Why ``SurfaceCache/describe(_:)`` has no surface to give.
public enum SurfaceLookupError: Error, Sendable {
    /// The daemon answered with this error reply.
    case refused(DaemonReply)
    /// The daemon could not be asked.
    case connection(ConnectionError)
}
