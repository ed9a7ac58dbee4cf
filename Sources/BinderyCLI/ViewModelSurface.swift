import BinderyJSON
import BinderyProtocol

/// A view model's names, as `list` (names only) or `describe` (with types) report them.
public struct ViewModelSurface: Sendable, Hashable {
    public let name: String
    public let inputs: [Input]
    public let outputs: [String]
    public let commands: [Command]
    /// Whether types are known (from `describe`), not just names (from `list`).
    public let isDescribed: Bool

    public init(name: String, inputs: [Input], outputs: [String], commands: [Command], isDescribed: Bool) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.commands = commands
        self.isDescribed = isDescribed
    }

    /// The names of inputs, outputs and commands in that order.
    public var allNames: [String] { inputs.map(\.name) + outputs + commands.map(\.name) }

    /// The input named `name`.
    public func input(_ name: String) -> Input? { inputs.first { $0.name == name } }

    /// The command named `name`.
    public func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    /// The surfaces of a `list` reply's `viewModels` array (names only); nil if malformed.
    public static func fromList(_ reply: JSONValue) -> [ViewModelSurface]? {
        guard let entries = reply["viewModels"]?.arrayValue else { return nil }
        var result: [ViewModelSurface] = []
        for entry in entries {
            guard let name = entry["name"]?.stringValue else { return nil }
            func names(_ key: String) -> [String] { entry[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
            result.append(ViewModelSurface(
                name: name,
                inputs: names("inputs").map { Input(name: $0, type: nil) },
                outputs: names("outputs"),
                commands: names("commands").map { Command(name: $0) },
                isDescribed: false))
        }
        return result
    }

    /// The surface in a `describe` reply's `surface` object (the `/api/surface` entry).
    public static func fromDescribe(name: String, surface: JSONValue) -> ViewModelSurface? {
        guard surface.objectValue != nil else { return nil }
        let inputs = (surface["inputs"]?.arrayValue ?? []).compactMap { entry -> Input? in
            guard let n = entry["name"]?.stringValue else { return nil }
            return Input(
                name: n, type: entry["type"]?.stringValue.flatMap(ValueType.init(rawValue:)),
                constraint: entry["constraint"]?.stringValue, isOptional: entry["optional"]?.boolValue == true,
                typeName: entry["typeName"]?.stringValue)
        }
        let outputs = (surface["outputs"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue ?? $0.stringValue }
        let commands = (surface["commands"]?.arrayValue ?? []).compactMap { entry -> Command? in
            guard let n = entry["name"]?.stringValue else { return nil }
            let argument = entry["argument"]
            return Command(
                name: n, argumentName: argument?["name"]?.stringValue,
                argumentType: argument?["type"]?.stringValue.flatMap(ValueType.init(rawValue:)))
        }
        return ViewModelSurface(name: name, inputs: inputs, outputs: outputs, commands: commands, isDescribed: true)
    }
}

extension ViewModelSurface {
    /// One input of a view model: its name, type and any constraint text the daemon gave.
    public struct Input: Sendable, Hashable {
        public let name: String
        /// nil when the daemon named a type this client does not know; values are then sent as strings.
        public let type: ValueType?
        /// The daemon's description of the accepted range, e.g. "between 0 and 1".
        public let constraint: String?
        /// Whether it also takes `null` (an optional).
        public let isOptional: Bool
        /// The type as the view model's code spells it, when the wire type hides it
        /// (`Date?`, `SortOrder: relevance | newest | title`); `show` prints it.
        public let typeName: String?

        public init(name: String, type: ValueType?, constraint: String? = nil, isOptional: Bool = false, typeName: String? = nil) {
            self.name = name
            self.type = type
            self.constraint = constraint
            self.isOptional = isOptional
            self.typeName = typeName
        }
    }

    /// One command of a view model and its optional argument (name and type).
    public struct Command: Sendable, Hashable {
        public let name: String
        public let argumentName: String?
        public let argumentType: ValueType?

        public init(name: String, argumentName: String? = nil, argumentType: ValueType? = nil) {
            self.name = name
            self.argumentName = argumentName
            self.argumentType = argumentType
        }
    }
}
