/// A `Result` stands for the producer that sends its value and completes, or fails with its
/// error, as in ReactiveSwift: `result.producer`, and a `Result` wherever a convertible is taken
/// (`flatMap`, `concat`, `SignalProducer(_:)`). As there, the conformance also names `Value` and
/// `Error` inside `extension Result` (`Error` is then `Failure`), which real clients rely on.
extension Result: SignalProducerConvertible {
    /// A producer that sends the success value and completes, or fails with the failure.
    public var producer: SignalProducer<Success, Failure> { SignalProducer(result: self) }
}
