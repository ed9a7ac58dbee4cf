import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReactiveSwift
import Testing

@Suite(.timeLimit(.minutes(1)))
struct URLSessionTests {
    @Test func dataWithRequestSendsTheBodyAndTheResponseThenCompletes() throws {
        // A data: URL is loaded by URLSession itself, without a network.
        let request = URLRequest(url: try #require(URL(string: "data:text/plain;base64,aGVsbG8=")))
        let result = URLSession.shared.reactive.data(with: request).single()
        let (data, response) = try #require(try result?.get())
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect(response.mimeType == "text/plain")
    }
}
