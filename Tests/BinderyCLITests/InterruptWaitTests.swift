import BinderyCLI
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// The first Ctrl-C during `run` asks the daemon to interrupt it and keeps waiting; a second
/// one stops waiting. The real daemon ends an interrupted run at once, so the test's own
/// daemon sits behind a ``ControlRelay`` that withholds the `interrupt` request: a daemon slow
/// to stop the run, whose login.login waits out a long API latency meanwhile.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct InterruptWaitTests {
    @Test(.timeLimit(.minutes(2)))
    func aSecondCtrlCStopsWaiting() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        relay.withhold("interrupt")
        let printed = Mutex<[String]>([])
        let record: @Sendable (String) -> Void = { line in printed.withLock { $0.append(line) } }
        let flag = InterruptFlag()
        let session = Session(options: .init(socketPath: relay.path, json: false, interactive: false, style: Style(enabled: false)),
                              io: SessionIO(print: record, error: record, notice: record, status: { _ in }), interrupts: flag)
        #expect(session.execute(line: "set api.latencyMs 60000") == .succeeded)
        #expect(session.execute(line: "set login.mobilePhone 13800138000") == .succeeded)
        #expect(session.execute(line: "set login.verifyCode 1234") == .succeeded)
        Thread {
            // Ctrl-C once the run is in flight, again once the interrupt was asked for (on a
            // thread of its own: a GCD worker can be starved while the whole suite runs).
            func waitUntil(_ condition: () -> Bool) {
                var polls = 0
                while !condition(), polls < 3_000 { usleep(10_000); polls += 1 }
            }
            waitUntil { relay.count("run") > 0 }
            flag.raise()
            waitUntil { relay.count("interrupt") > 0 }
            flag.raise()
        }.start()
        #expect(session.execute(line: "run login.login") == .succeeded)
        #expect(relay.count("interrupt") == 1)
        #expect(printed.withLock { $0 }.last == "stopped waiting; login.login may still be running (`watch` or `log` shows how it ends)")
    }
}
