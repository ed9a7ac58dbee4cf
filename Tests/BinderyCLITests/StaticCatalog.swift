import BinderyNames
@testable import BinderyCLI
import BinderyJSON
import Testing

/// A fixed catalog for completion tests.
struct StaticCatalog: SurfaceCatalog {
    let surfaces: [ViewModelSurface] = [
        ViewModelSurface(name: "login", inputs: [InputSurface(name: "mobilePhone", type: .string), InputSurface(name: "verifyCode", type: .string)],
                         outputs: ["avatarURL", "isLoginValid"], commands: [CommandSurface(name: "login"), CommandSurface(name: "fillUp")], isDescribed: true),
        ViewModelSurface(name: "flags", inputs: [InputSurface(name: "dark", type: .bool)], outputs: [], commands: [], isDescribed: true),
    ]
    func viewModelNames() -> [String] { surfaces.map(\.name) }
    func surface(of viewModel: String) -> ViewModelSurface? { surfaces.first { $0.name == viewModel } }
}
