import BinderyProtocol
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
/// and `Action` (a command: ``CommandForms``).
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
