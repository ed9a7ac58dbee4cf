import Bindery
import BinderyHTTP
import BinderyHost
import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// Holds responders handed over by the server so a test can answer them later.
private final class ParkedResponders: Sendable {
    private let parked = Lock<[HTTPResponder]>([])

    func park(_ responder: HTTPResponder) { parked.withLock { $0.append(responder) } }

    func takeAll() -> [HTTPResponder] { parked.withLock { parked in defer { parked = [] }; return parked } }
}

/// Waits (boundedly, as a safety net) until the server holds `count` waiting requests.
private func waitUntil(_ server: HTTPServer, isWaitingFor count: Int) -> Bool {
    for _ in 0..<10_000 {
        if server.waitingRequests == count { return true }
        usleep(1_000)
    }
    return false
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct LongPollTests {
    @Test func answersLaterFromAnotherThreadAndKeepsTheConnection() throws {
        let parked = ParkedResponders()
        let fixture = try ServerFixture { request, responder in
            if request.query("wait") != nil {
                parked.park(responder)
            } else {
                responder.respond(.text("immediate"))
            }
        }
        let connection = try fixture.connect()
        try connection.send("GET /api/state?since=3&wait=30 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(waitUntil(fixture.server, isWaitingFor: 1))

        let answered = Lock(false)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for responder in parked.takeAll() {
                let first = responder.respond(.text("changed"))
                let second = responder.respond(.text("again"))
                answered.withLock { $0 = first && !second }
            }
            done.signal()
        }
        thread.start()

        let response = try connection.readResponse()
        // The answer can reach the client before the answering thread records what it saw.
        done.wait()
        #expect(response.status == 200)
        #expect(response.text == "changed")
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
        #expect(answered.withLock { $0 })
        #expect(fixture.server.waitingRequests == 0)
        #expect(try connection.get("/next").text == "immediate")
    }

    @Test func manyWaitingRequestsAreAnsweredIndependently() throws {
        let parked = ParkedResponders()
        let fixture = try ServerFixture { request, responder in parked.park(responder) }
        let connections = try (0..<20).map { _ in try fixture.connect() }
        for connection in connections {
            try connection.send("GET /api/state?wait=60 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        #expect(waitUntil(fixture.server, isWaitingFor: 20))
        let responders = parked.takeAll()
        DispatchQueue.concurrentPerform(iterations: responders.count) { index in
            responders[index].respond(.text("v\(index)"))
        }
        let bodies = try Set(connections.map { try $0.readResponse().text })
        #expect(bodies == Set((0..<20).map { "v\($0)" }))
    }

    @Test func aDroppedResponderAnswers500() throws {
        let fixture = try ServerFixture { _, _ in }
        let response = try fixture.connect().get("/forgotten")
        #expect(response.status == 500)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }

    /// libmicrohttpd aborts the process if it is stopped with a connection still suspended:
    /// stopping while other threads answer the waiting requests must resume every one first.
    @Test func stopWhileOtherThreadsAnswerLeavesNoConnectionSuspended() throws {
        for _ in 0..<3 {
            let parked = ParkedResponders()
            let fixture = try ServerFixture { _, responder in parked.park(responder) }
            let connections = try (0..<24).map { _ in try fixture.connect() }
            for connection in connections {
                try connection.send("GET /api/state?wait=60 HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            #expect(waitUntil(fixture.server, isWaitingFor: connections.count))
            let responders = parked.takeAll()
            let answering = Thread {
                DispatchQueue.concurrentPerform(iterations: responders.count) { _ = responders[$0].respond(.text("answered")) }
            }
            answering.start()
            fixture.server.stop()
            for connection in connections {
                let status = try connection.readResponse().status
                #expect(status == 200 || status == 503)
            }
        }
    }

    @Test func stopAnswersWaitingRequestsWith503() throws {
        let parked = ParkedResponders()
        let fixture = try ServerFixture { _, responder in parked.park(responder) }
        let connection = try fixture.connect()
        try connection.send("GET /api/state?wait=60 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(waitUntil(fixture.server, isWaitingFor: 1))

        fixture.server.stop()
        let response = try connection.readResponse()
        #expect(response.status == 503)
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(parked.takeAll().allSatisfy { !$0.respond(.text("too late")) })
    }
}
