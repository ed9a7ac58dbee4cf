import BinderyProtocol

/// A command of a view model: an `Action` with how to parse its optional argument.
public struct SurfaceCommand: Sendable {
    /// The argument a command takes, e.g. `toggle(index)`.
    public struct Argument: Sendable, Hashable {
        /// The argument's name, for help and errors.
        public let name: String
        /// Its type.
        public let type: ValueType

        /// An argument called `name` of type `type`.
        public init(_ name: String, _ type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    /// The command's name, unique within its view model.
    public let name: String
    /// The argument it takes, if any.
    public let argument: Argument?
    /// The members (inputs, outputs, commands whose running disables it) its enabled state
    /// derives from, for the binding graph; ``Surface/init(_:name:_:)`` reads them from the code.
    public let enabledDerivesFrom: [String]
    /// The members whose changes start it from the view model's own code: the sources of what
    /// is bound to it (`search <~ query.signal.debounce(0.3, on: s).map { _ in () }` is
    /// started by `query`), read from the code; for the binding graph.
    public let startedBy: [String]
    /// Whether it can run now (`enabledIf && !isExecuting`).
    public let isEnabled: Property<Bool>
    /// Whether an execution is running.
    public let isExecuting: Property<Bool>
    /// Every event of every execution, whoever started it (a client, a binding, a timer, the
    /// view model's own `apply`): the action's `events`, values as the surface shows them and
    /// failures as their one-line message (``FailureMessage``).
    public let executions: Signal<Signal<SurfaceValue, SurfaceError>.Event, Never>
    /// Fires each time the action is applied while disabled (its `disabledErrors`).
    public let refusals: Signal<(), Never>
    /// The identity ``RunCause/action(_:)`` names this command's executions by.
    public let runIdentity: ObjectIdentifier
    private let execute: @Sendable (SurfaceValue?) -> SignalProducer<SurfaceValue, ActionError<SurfaceError>>
    /// Whether an argument of the right type converts to the action's input (a `Codable`
    /// input's decodes), so ``validate(argument:viewModel:)`` refuses one that does not.
    private let convertsArgument: @Sendable (SurfaceValue) -> Bool
    /// What an argument must be beyond its type ("Account as JSON (its Codable form)"), for
    /// errors; nil when the type says it all.
    private let argumentExpectation: String?

    /// A command running `action` with no argument.
    public init<Output: SurfaceRepresentable, Error: Swift.Error>(
        _ name: String,
        _ action: Action<Void, Output, Error>,
        enabledDerivesFrom: [String] = [],
        startedBy: [String] = []
    ) {
        self.init(name, action, argument: nil, enabledDerivesFrom: enabledDerivesFrom, startedBy: startedBy) { _ in () }
    }

    /// A command running `action` with an integer argument called `argumentName`.
    public init<Output: SurfaceRepresentable, Error: Swift.Error>(
        _ name: String,
        _ action: Action<Int, Output, Error>,
        argument argumentName: String,
        enabledDerivesFrom: [String] = [],
        startedBy: [String] = []
    ) {
        self.init(name, action, argument: Argument(argumentName, .int), enabledDerivesFrom: enabledDerivesFrom, startedBy: startedBy) { value in
            if case let .int(i) = value { i } else { nil }
        }
    }

    /// A command running `action` with an argument of `argument.type`, converted by `input`.
    public init<Input, Output: SurfaceRepresentable, Error: Swift.Error>(
        _ name: String,
        _ action: Action<Input, Output, Error>,
        argument: Argument?,
        enabledDerivesFrom: [String] = [],
        startedBy: [String] = [],
        input: @escaping @Sendable (SurfaceValue?) -> Input?
    ) {
        self.init(name, action, argument: argument, expecting: nil, enabledDerivesFrom: enabledDerivesFrom, startedBy: startedBy,
                  input: input, output: { $0.surfaceValue })
    }

    /// A command running `action` with an argument of `argument.type`, converted by `input`
    /// (a value it cannot convert is refused naming `expectation`, else the type), its values
    /// shown by `output`, its failures by ``FailureMessage``.
    init<Input, Output, Error: Swift.Error>(
        _ name: String,
        _ action: Action<Input, Output, Error>,
        argument: Argument?,
        expecting expectation: String?,
        enabledDerivesFrom: [String],
        startedBy: [String],
        input: @escaping @Sendable (SurfaceValue?) -> Input?,
        output: @escaping @Sendable (Output) -> SurfaceValue
    ) {
        self.name = name
        self.argument = argument
        self.argumentExpectation = expectation
        self.convertsArgument = { input($0) != nil }
        self.enabledDerivesFrom = enabledDerivesFrom
        self.startedBy = startedBy
        self.isEnabled = action.isEnabled
        self.isExecuting = action.isExecuting
        self.executions = action.events.map { event in
            event.map(output).mapError { SurfaceError(failure: $0) }
        }
        self.refusals = action.disabledErrors
        self.runIdentity = action.runIdentity
        self.execute = { value in
            guard let converted = input(value) else {
                return SignalProducer(error: .producerFailed(SurfaceError(.invalidArgument, "\(name) takes no argument")))
            }
            return action.apply(converted)
                .map(output)
                .mapError { error in
                    switch error {
                    case .disabled: return .disabled
                    case let .producerFailed(error): return .producerFailed(SurfaceError(failure: error))
                    }
                }
        }
    }

    /// Checks `argument` against what the command takes: exactly one argument of the right
    /// type if it takes one, none otherwise.
    public func validate(argument value: SurfaceValue?, viewModel: String) throws(SurfaceError) -> SurfaceValue? {
        switch (argument, value) {
        case (nil, nil), (nil, .null?): return nil
        case (nil, let value?):
            throw SurfaceError(.invalidArgument, "\(viewModel).\(name) takes no argument, got \(value.excerpt)")
        case let (argument?, nil), let (argument?, .null?):
            throw SurfaceError(.invalidArgument, "\(viewModel).\(name) needs an argument: \(argument.name) (\(argument.type.rawValue))")
        case let (argument?, value?):
            guard let accepted = argument.type.accept(value), convertsArgument(accepted) else {
                let expected = argumentExpectation ?? argument.type.phrase
                throw SurfaceError(.invalidArgument, "\(viewModel).\(name) expects \(argument.name) to be \(expected), got \(value.excerpt)")
            }
            return accepted
        }
    }

    /// Runs the command once with `argument` (already validated). Each start of the returned
    /// producer is one attempt: it fails with `.disabled` if the command cannot run now, or
    /// with its view model's error as a `SurfaceError` message (a host bounds how long it
    /// runs by disposing it).
    public func run(_ argument: SurfaceValue?) -> SignalProducer<SurfaceValue, ActionError<SurfaceError>> {
        execute(argument)
    }
}
