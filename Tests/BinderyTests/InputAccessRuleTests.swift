import Bindery
import Testing

/// The module these classes are declared in, as the SurfaceAccess plugin's source names it.
private let thisModule = String(#fileID.prefix { $0 != "/" })

/// What the plugin would generate for the classes below, written out: a table of their
/// stored members' declared access, and a conformance on the class that does not inherit one.
private let declaredAccess = SurfaceAccessTable(module: thisModule, classes: [
    "TickerViewModel": ["step": .public, "label": .open, "note": .internal, "count": .private, "advance": .public],
    "TickerViewModel.Detailed": ["shared": .package, "extra": .public],
    "Box": ["value": .fileprivate],
])

/// A ticker (and a subclass adding members; not a `ViewModel`, which is `Sendable` and so
/// final): only `public` and `open` ones may be inputs. `unlisted` is a member the table does
/// not know (as a scan that missed it would leave it).
private class TickerViewModel {
    let step = MutableProperty(1)
    let label = MutableProperty("ticks")
    let note = MutableProperty("")
    let count = MutableProperty(0)
    let unlisted = MutableProperty(0)
    let advance = Action<Void, Int, Never> { SignalProducer(value: 1) }

    final class Detailed: TickerViewModel {
        let shared = MutableProperty(0)
        let extra = MutableProperty(0)
    }

    var surface: Surface { Surface(self, name: "ticker") }
}

extension TickerViewModel: SurfaceMemberAccess {
    static var surfaceAccessTable: SurfaceAccessTable { declaredAccess }
}

/// A generic class, named in the table without its generic arguments.
private final class Box<Value: Codable & Sendable>: SurfaceMemberAccess {
    static var surfaceAccessTable: SurfaceAccessTable { declaredAccess }
    let value: MutableProperty<Value>
    init(_ value: Value) { self.value = MutableProperty(value) }
}

/// The same members with no table: nothing is known of access.
private final class UntabledViewModel {
    private let count = MutableProperty(0)
}

@Suite struct InputAccessRuleTests {
    @Test func onlyPublicOrOpenMutablePropertiesAreInputs() throws {
        let surface = TickerViewModel().surface
        #expect(surface.inputs.map(\.name) == ["step", "label"])
        #expect(surface.outputs.map(\.name) == ["note", "count", "unlisted"])
        #expect(surface.commands.map(\.name) == ["advance"])
    }

    @Test func settingANonPublicMemberIsRefusedSayingWhy() {
        let surface = TickerViewModel().surface
        #expect(throws: SurfaceError.self) { try surface.input(named: "count") }
        #expect(message(settingInput: "count", of: surface)
            == "'count' in ticker is not an input: it is declared private, and only a public MutableProperty is settable (inputs: step, label)")
        #expect(message(settingInput: "unlisted", of: surface)?.hasPrefix("'unlisted' in ticker is not an input: it is not declared public,") == true)
        #expect(message(settingInput: "advance", of: surface) == "'advance' in ticker is not an input (inputs: step, label)")
    }

    @Test func aSubclassesMembersAreReadFromItsOwnEntry() {
        let surface = TickerViewModel.Detailed().surface
        #expect(surface.inputs.map(\.name) == ["step", "label", "extra"])
        #expect(message(settingInput: "shared", of: surface)?.contains("it is declared package") == true)
    }

    @Test func aGenericClassIsFoundWithoutItsArguments() {
        #expect(Surface(Box(3)).inputs.isEmpty)
        #expect(Surface(Box(3)).outputs.map(\.name) == ["value"])
    }

    @Test func withoutATableEveryMutablePropertyMayBeAnInput() {
        #expect(Surface(UntabledViewModel(), name: "untabled").inputs.map(\.name) == ["count"])
    }

    private func message(settingInput name: String, of surface: Surface) -> String? {
        do {
            _ = try surface.input(named: name)
            return nil
        } catch {
            return error.message
        }
    }
}
