import BinderyPrimitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// `retryingInterrupted`: a call a signal interrupted is made again; any other result,
/// failures included, is returned as the call gave it.
@Suite(.timeLimit(.minutes(1)))
struct InterruptedCallsTests {
    @Test func anInterruptedCallIsMadeAgainUntilItDoesSomething() {
        var calls = 0
        let result = retryingInterrupted { () -> Int in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 42
        }
        #expect(result == 42)
        #expect(calls == 3)
    }

    @Test func anotherFailureIsReturnedAtOnceWithItsErrno() {
        var calls = 0
        let result = retryingInterrupted { () -> Int32 in
            calls += 1
            errno = EAGAIN
            return -1
        }
        #expect(result == -1)
        #expect(errno == EAGAIN)
        #expect(calls == 1)
    }

    @Test func aReadInterruptedBySignalsStillGetsItsBytes() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let message: [UInt8] = Array("hello".utf8)
        let written = retryingInterrupted { message.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } }
        #expect(written == message.count)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = retryingInterrupted { buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) } }
        #expect(Array(buffer[..<count]) == message)
    }
}
