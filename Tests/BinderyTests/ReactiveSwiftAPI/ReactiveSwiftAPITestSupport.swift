// What the ReactiveSwift API tests share (the suites in this folder).

/// The value of a blocking call's result, `nil` for no value or a failure.
func successValue<Value, Error>(_ result: Result<Value, Error>?) -> Value? {
    result.flatMap { try? $0.get() }
}

/// The errors the ReactiveSwift API tests fail their streams with.
enum APIError: Swift.Error, Equatable {
    case invalid
    case timedOut
}
