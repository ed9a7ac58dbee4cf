import BinderyProtocol
@testable import BinderyCLI
import BinderyJSON
import Testing

/// A fixed catalog for completion tests.
struct StaticCatalog: SurfaceCatalog {
    let surfaces: [ViewModelSurface] = [
        ViewModelSurface(name: "login", inputs: [ViewModelSurface.Input(name: "mobilePhone", type: .string), ViewModelSurface.Input(name: "verifyCode", type: .string)],
                         outputs: ["avatarURL", "isLoginValid"], commands: [ViewModelSurface.Command(name: "login"), ViewModelSurface.Command(name: "fillUp")], isDescribed: true),
        ViewModelSurface(name: "flags", inputs: [ViewModelSurface.Input(name: "dark", type: .bool), ViewModelSurface.Input(name: "limit", type: .int, isOptional: true)], outputs: [], commands: [], isDescribed: true),
    ]
    func viewModelNames() -> [String] { surfaces.map(\.name) }
    func surface(of viewModel: String) -> ViewModelSurface? { surfaces.first { $0.name == viewModel } }
}
