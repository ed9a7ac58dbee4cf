import BinderyJSON
import BinderyProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `watch`: one stream of change events on a connection of its own, kept by the session.
extension Session {
    /// Whether a `watch` is running.
    public var isWatching: Bool { link.isWatching }

    /// Ends the running `watch`, if any; true if there was one.
    @discardableResult
    public func stopWatch() -> Bool { link.stopWatch() }

    /// Starts watching on a connection of its own (the protocol ends a watch by closing it).
    /// Interactive: returns at once and events arrive as notices. Otherwise: prints events
    /// until Ctrl-C or the daemon closes the connection.
    func watch(vm: String?) throws(ConnectionError) -> CommandOutcome {
        stopWatch()
        let io = self.io, renderer = self.renderer, json = options.json, link = self.link
        let connection = try DaemonConnection(
            path: options.socketPath,
            onEvent: { reply in
                if json { io.notice(reply.raw) } else if let event = reply.value["event"] { io.notice(renderer.event(event)) }
            },
            onClose: { [weak link] in
                if link?.watchClosedOnPurpose() == false { io.notice("watch ended: binderyd closed the connection") }
            })
        var fields: [(ControlField, JSONValue)] = []
        if let vm { fields.append((.vm, .string(vm))) }
        let reply = try connection.request(op: .watch, fields)
        guard reply.ok else {
            connection.close()
            return report(reply) { _ in [] }
        }
        link.adoptWatch(connection)
        if options.json { io.print(reply.raw) }
        let scope = vm.map { "view model \($0)" } ?? "every view model"
        guard !options.interactive else {
            if !options.json { io.print("watching \(scope): events appear above the prompt; Ctrl-C stops") }
            return .succeeded
        }
        _ = interrupts.take()
        while !connection.isClosed && !interrupts.take() { usleep(50_000) }
        stopWatch()
        return .succeeded
    }
}
