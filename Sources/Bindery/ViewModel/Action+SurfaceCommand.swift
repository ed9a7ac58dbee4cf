import BinderyProtocol

/// An `Action` discovered as a command (``Surface/init(_:name:_:)``), whatever its input and
/// output, when ``CommandForms`` can carry both: nil otherwise (discovery then stops, naming
/// the type).
extension Action: SurfaceMemberConvertible {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        guard let input = CommandForms.argument(of: Input.self), let output = CommandForms.shown(Output.self) else { return nil }
        let argument = input.type.map { SurfaceCommand.Argument(details.argumentName ?? "value", $0) }
        return .command(SurfaceCommand(name, self, argument: argument, expecting: input.expectation,
                                       enabledDerivesFrom: details.derivesFrom, startedBy: details.startedBy,
                                       input: input.convert, output: output))
    }
}

/// How a command takes its action's input and shows its output, by their types — the rules
/// inputs and outputs follow, so a type works the same wherever a view model uses it:
///
/// - input `Void`: no argument (`run vm.markRead`);
/// - input a ``SurfaceScalar`` (`Int`, `String`, `Double`, `Bool`, `Float`, `Date`, `URL`,
///   `UUID`): an argument of its type, typed as it reads;
/// - input any other `Decodable` value (your struct, an enum, an array): a `json` argument in
///   its Codable form, decoded as a `json` input's value is (``SurfaceValueDecoder``);
/// - output `Void`: each value shown as null; a ``SurfaceRepresentable`` one as it says; any
///   other `Encodable` one by its Codable form (``SurfaceValueEncoder``), as a property of it is.
enum CommandForms {
    /// How an argument reaches an action taking `Input`.
    struct Argument<Input> {
        /// Its type; nil when the action takes `Void` (no argument).
        let type: ValueType?
        /// What a value must be beyond its type, for errors; nil when the type says it all.
        let expectation: String?
        /// The argument (already of ``type``) as an `Input`, or nil when it is not one.
        let convert: @Sendable (SurfaceValue?) -> Input?
    }

    /// The argument of an action taking `Input`, or nil when no surface can carry one.
    static func argument<Input>(of type: Input.Type) -> Argument<Input>? {
        if Input.self == Void.self {
            return Argument(type: nil, expectation: nil) { _ in () as? Input }
        }
        if let scalar = Input.self as? any SurfaceScalar.Type {
            return Argument(type: scalar.valueType, expectation: scalar.expectation) { value in
                value.flatMap { scalar.init(surfaceValue: $0) as? Input }
            }
        }
        if let decodable = Input.self as? any Decodable.Type {
            return Argument(type: .json, expectation: SurfaceInput.codableExpectation(Input.self), convert: decoding(decodable, as: Input.self))
        }
        return nil
    }

    /// A conversion decoding a `Decoded` by its Codable form (what a `json` input does).
    private static func decoding<Decoded: Decodable, Input>(_ type: Decoded.Type, as input: Input.Type) -> @Sendable (SurfaceValue?) -> Input? {
        { value in value.flatMap { SurfaceValueDecoder.decode(Decoded.self, from: $0) as? Input } }
    }

    /// How the values of an action sending `Output` are shown, or nil when no surface can show them.
    static func shown<Output>(_ type: Output.Type) -> (@Sendable (Output) -> SurfaceValue)? {
        if Output.self == Void.self { return { _ in .null } }
        if Output.self is any SurfaceRepresentable.Type { return { ($0 as! any SurfaceRepresentable).surfaceValue } }
        if Output.self is any Encodable.Type { return { SurfaceValueEncoder.encode($0 as! any Encodable) } }
        return nil
    }
}
