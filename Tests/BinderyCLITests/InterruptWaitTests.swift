import BinderyCLI
import Dispatch
import Foundation
import Synchronization
import Testing

/// The first Ctrl-C during `run` asks the daemon to interrupt it and keeps waiting; a second
/// one stops waiting. Needs a daemon that does not end the run at once, so the fake only.
@Suite struct InterruptWaitTests {
    @Test(.timeLimit(.minutes(2)), .enabled(if: TestDaemon.realSocket == nil, TestDaemon.needsFakeDaemon))
    func aSecondCtrlCStopsWaiting() throws {
        let fake = try FakeControlServer(runDelay: 60, ignoresInterrupts: true)
        defer { fake.stop() }
        let printed = Mutex<[String]>([])
        let record: @Sendable (String) -> Void = { line in printed.withLock { $0.append(line) } }
        let flag = InterruptFlag()
        let session = Session(options: .init(socketPath: fake.path, json: false, interactive: false, style: Style(enabled: false)),
                              io: SessionIO(print: record, error: record, notice: record, status: { _ in }), interrupts: flag)
        #expect(session.execute(line: "set login.mobilePhone 13800138000") == .succeeded)
        #expect(session.execute(line: "set login.verifyCode 1234") == .succeeded)
        Thread {
            // Ctrl-C once the run is in flight, again once the interrupt was asked for (on a
            // thread of its own: a GCD worker can be starved while the whole suite runs).
            func waitUntil(_ condition: () -> Bool) {
                var polls = 0
                while !condition(), polls < 3_000 { usleep(10_000); polls += 1 }
            }
            waitUntil { fake.runsInFlight > 0 }
            flag.raise()
            waitUntil { fake.interruptRequests > 0 }
            flag.raise()
        }.start()
        #expect(session.execute(line: "run login.login") == .succeeded)
        #expect(fake.interruptRequests == 1)
        #expect(printed.withLock { $0 }.last == "stopped waiting; login.login may still be running (`watch` or `log` shows how it ends)")
    }
}
