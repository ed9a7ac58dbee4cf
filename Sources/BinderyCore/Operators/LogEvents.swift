/// The kinds of event `logEvents` can report, one set for signals and one for producers
/// (ReactiveSwift's namespace and cases, so `events: [.value, .failed]` reads the same).
public enum LoggingEvent {
    /// What a signal's `logEvents` can report.
    public enum Signal: String, CaseIterable, Sendable {
        /// A value, logged as `value` and the value.
        case value
        /// Completion.
        case completed
        /// Failure, logged as `failed` and the error.
        case failed
        /// Any terminal event (after the completion, failure or interruption is logged).
        case terminated
        /// The observation's end, whatever ended it.
        case disposed
        /// Interruption.
        case interrupted

        /// Every kind; ReactiveSwift deprecated it for `allCases`.
        @available(*, deprecated, message: "Use `allCases` instead.")
        public static var allEvents: Set<Signal> { Set(allCases) }
    }

    /// What a producer's `logEvents` can report: a signal's kinds, and `starting` before the
    /// run's start handler and `started` after it.
    public enum SignalProducer: String, CaseIterable, Sendable {
        /// A run is about to start (before the producer's start handler).
        case starting
        /// A run has started (after the producer's start handler returned).
        case started
        /// A value, logged as `value` and the value.
        case value
        /// Completion.
        case completed
        /// Failure, logged as `failed` and the error.
        case failed
        /// Any terminal event (after the completion, failure or interruption is logged).
        case terminated
        /// The run's end, whatever ended it.
        case disposed
        /// Interruption.
        case interrupted

        /// Every kind; ReactiveSwift deprecated it for `allCases`.
        @available(*, deprecated, message: "Use `allCases` instead.")
        public static var allEvents: Set<SignalProducer> { Set(allCases) }
    }
}

/// The default logger: one line on standard output, the same as ReactiveSwift's:
/// `[identifier] event fileName: …, functionName: …, lineNumber: …`.
public func defaultEventLog(identifier: String, event: String, fileName: String, functionName: String, lineNumber: Int) {
    print("[\(identifier)] \(event) fileName: \(fileName), functionName: \(functionName), lineNumber: \(lineNumber)")
}

/// Where `logEvents` writes: the identifier, the event (its kind, then its value or error if it
/// has one: `value 1`, `failed boom`, `completed`), and the call site.
public typealias EventLogger = (
    _ identifier: String,
    _ event: String,
    _ fileName: String,
    _ functionName: String,
    _ lineNumber: Int
) -> Void

/// A call site's logging: which kinds (by name, shared by both kinds of `LoggingEvent`), with
/// what identifier, to which logger.
private struct EventLog {
    let identifier: String
    let events: Set<String>
    let fileName: String
    let functionName: String
    let lineNumber: Int
    let logger: EventLogger

    func log(_ kind: String, _ text: @autoclosure () -> String) {
        if events.contains(kind) { logger(identifier, text(), fileName, functionName, lineNumber) }
    }

    func hooks<Value, Error>() -> EventHooks<Value, Error> {
        EventHooks(
            failed: { log("failed", "failed \($0)") },
            completed: { log("completed", "completed") },
            interrupted: { log("interrupted", "interrupted") },
            terminated: { log("terminated", "terminated") },
            disposed: { log("disposed", "disposed") },
            value: { log("value", "value \($0)") }
        )
    }
}

extension Signal {
    /// Logs each selected event with `identifier`, for debugging chains; by default every
    /// event, to standard output (`defaultEventLog`).
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.Signal> = Set(LoggingEvent.Signal.allCases),
        fileName: String = #file, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> Signal<Value, Error> {
        let log = EventLog(identifier: identifier, events: Set(events.map(\.rawValue)), fileName: fileName,
                           functionName: functionName, lineNumber: lineNumber, logger: logger)
        return lift(log.hooks().transform())
    }
}

extension SignalProducer {
    /// Logs each selected event of every run with `identifier`, including `starting` before
    /// the run's start handler and `started` after it returned (as ReactiveSwift does, so the
    /// events a synchronous producer sends come between the two); by default every event, to
    /// standard output (`defaultEventLog`).
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.SignalProducer> = Set(LoggingEvent.SignalProducer.allCases),
        fileName: String = #file, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> SignalProducer<Value, Error> {
        let log = EventLog(identifier: identifier, events: Set(events.map(\.rawValue)), fileName: fileName,
                           functionName: functionName, lineNumber: lineNumber, logger: logger)
        let logged: SignalProducer = lift(log.hooks().transform())
        return SignalProducer(lineage: lineage, serial: { observer, lifetime in
            log.log("starting", "starting")
            logged.start(observer, in: lifetime)
            log.log("started", "started")
        })
    }
}
