/// The kinds of event `logEvents` can report.
public enum LoggingEvent: String, CaseIterable, Sendable {
    /// A producer's run is about to start (before its start handler), and has started (after).
    case starting, started
    case value, failed, completed, interrupted, terminated, disposed

    /// Every kind.
    public static let allEvents = Set(allCases)
}

/// Where `logEvents` writes: `identifier`, the event's description, and the call site.
public typealias EventLogger = @Sendable (_ identifier: String, _ event: String, _ fileName: String, _ functionName: String, _ lineNumber: Int) -> Void

/// The default logger: one line on standard output, `[identifier] event file:line`.
public let defaultEventLogger: EventLogger = { identifier, event, fileName, _, lineNumber in
    let file = fileName.split(separator: "/").last.map(String.init) ?? fileName
    print("[\(identifier)] \(event) \(file):\(lineNumber)")
}

/// A call site's logging: which events, with what identifier, to which logger.
private struct EventLog {
    let identifier: String
    let events: Set<LoggingEvent>
    let fileName: String
    let functionName: String
    let lineNumber: Int
    let logger: EventLogger

    func log(_ kind: LoggingEvent, _ text: @autoclosure () -> String) {
        if events.contains(kind) { logger(identifier, text(), fileName, functionName, lineNumber) }
    }

    func hooks<Value, Error>() -> EventHooks<Value, Error> {
        EventHooks(
            failed: { log(.failed, "failed \($0)") },
            completed: { log(.completed, "completed") },
            interrupted: { log(.interrupted, "interrupted") },
            terminated: { log(.terminated, "terminated") },
            disposed: { log(.disposed, "disposed") },
            value: { log(.value, "value \($0)") }
        )
    }
}

extension Signal {
    /// Logs each selected event with `identifier`, for debugging chains.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = LoggingEvent.allEvents,
        fileName: String = #file, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLogger
    ) -> Signal {
        let log = EventLog(identifier: identifier, events: events, fileName: fileName,
                           functionName: functionName, lineNumber: lineNumber, logger: logger)
        return lift(log.hooks().transform())
    }
}

extension SignalProducer {
    /// Logs each selected event of every run with `identifier`, including `starting` before
    /// the run's start handler and `started` after it returned (as ReactiveSwift does, so the
    /// events a synchronous producer sends come between the two).
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = LoggingEvent.allEvents,
        fileName: String = #file, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLogger
    ) -> SignalProducer {
        let log = EventLog(identifier: identifier, events: events, fileName: fileName,
                           functionName: functionName, lineNumber: lineNumber, logger: logger)
        let logged: SignalProducer = lift(log.hooks().transform())
        return SignalProducer(lineage: lineage, serial: { observer, lifetime in
            log.log(.starting, "starting")
            logged.startHandler(observer, lifetime)
            log.log(.started, "started")
        })
    }
}
