import BinderyHTTP
import BinderyHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing
import BinderyTestSupport

/// A response built once and queued to many requests, from several connections at once.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct PreparedResponseTests {
    @Test func oneBuiltResponseAnswersManyRequestsWithItsHeaders() throws {
        let body = Array(#"{"version": 7}"#.utf8)
        let prepared = try #require(PreparedResponse(HTTPResponse(
            contentType: "application/json", bytes: body, headers: [HTTPHeader("ETag", "\"7\"")])))
        let fixture = try ServerFixture { _, responder in responder.respond(.prepared(prepared)) }
        for _ in 0..<3 {
            let connection = try fixture.connect()
            for _ in 0..<3 {
                let response = try connection.get("/api/state")
                #expect(response.status == 200)
                #expect(response.body == body)
                #expect(response.header("ETag") == "\"7\"")
                #expect(response.header("Content-Type") == "application/json")
                #expect(response.header("X-Content-Type-Options") == "nosniff")
            }
        }
    }

    @Test func fileBodiesCannotBePrepared() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        #expect(PreparedResponse(HTTPResponse(body: .file(OpenFile(takingOwnershipOf: descriptor, size: 0)))) == nil)
    }
}
