import BinderyProtocol
import FoundationEssentials

/// One member a surface can be discovered from: an input, an output or a command.
enum SurfaceMember {
    case input(SurfaceInput)
    case output(SurfaceOutput)
    case command(SurfaceCommand)
}

/// What a surface declaration says about one member beyond its name and type.
struct SurfaceMemberDetails {
    var constraint: InputConstraint?
    var derivesFrom: [String] = []
    /// The members whose changes start a command through `<~` (read from the code).
    var startedBy: [String] = []
    var argumentName: String?
    var secret = false
    /// Shown as an output even when it could be an input (``SurfaceDeclaration/readOnly(_:)``).
    var readOnly = false
}

/// A stored member type that ``Surface/init(_:name:_:)`` exposes by itself: `MutableProperty`
/// (an input when its value can be read back: a ``SurfaceScalar``, an optional of one, or a
/// `Codable` value; an output otherwise), `Property`
/// (an output), `MutableListProperty` and `ListProperty` (a list output reporting its edits)
/// and `Action` (a command taking nothing, or an int, string, double or bool).
protocol SurfaceMemberConvertible {
    /// The member called `name`, or nil when its type cannot be shown (an `Action` taking a
    /// tuple, say).
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember?
}

extension MutableProperty: SurfaceMemberConvertible where Value: SurfaceRepresentable {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        if !details.readOnly, let input = SurfaceInput.discovered(name, self, constraint: details.constraint) { return .input(input) }
        return .output(SurfaceOutput(name, self, derivesFrom: details.derivesFrom))
    }
}

extension Property: SurfaceMemberConvertible where Value: SurfaceRepresentable {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        .output(SurfaceOutput(name, self, derivesFrom: details.derivesFrom))
    }
}

extension MutableListProperty: SurfaceMemberConvertible where Element: SurfaceRepresentable {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        .output(SurfaceOutput(name, self, derivesFrom: details.derivesFrom))
    }
}

extension ListProperty: SurfaceMemberConvertible where Element: SurfaceRepresentable {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        .output(SurfaceOutput(name, self, derivesFrom: details.derivesFrom))
    }
}

extension Action: SurfaceMemberConvertible where Output: SurfaceRepresentable {
    func surfaceMember(named name: String, _ details: SurfaceMemberDetails) -> SurfaceMember? {
        let derives = details.derivesFrom
        func argument(_ type: ValueType) -> SurfaceCommand.Argument { .init(details.argumentName ?? "value", type) }
        switch self {
        case let action as Action<Void, Output, Error>:
            return .command(SurfaceCommand(name, action, enabledDerivesFrom: derives, startedBy: details.startedBy))
        case let action as Action<Int, Output, Error>:
            return .command(SurfaceCommand(name, action, argument: argument(.int).name, enabledDerivesFrom: derives, startedBy: details.startedBy))
        case let action as Action<String, Output, Error>:
            return .command(SurfaceCommand(name, action, argument: argument(.string), enabledDerivesFrom: derives, startedBy: details.startedBy) {
                if case let .string(s)? = $0 { s } else { nil }
            })
        case let action as Action<Double, Output, Error>:
            return .command(SurfaceCommand(name, action, argument: argument(.double), enabledDerivesFrom: derives, startedBy: details.startedBy) {
                if case let .double(d)? = $0 { d } else { nil }
            })
        case let action as Action<Bool, Output, Error>:
            return .command(SurfaceCommand(name, action, argument: argument(.bool), enabledDerivesFrom: derives, startedBy: details.startedBy) {
                if case let .bool(b)? = $0 { b } else { nil }
            })
        default:
            return nil
        }
    }
}
