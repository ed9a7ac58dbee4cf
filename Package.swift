// swift-tools-version:6.0
// Bindery: a reactive MVVM runtime for Linux. Dependencies point one way:
// executables → BinderyHost → BinderyModels → Bindery.
import PackageDescription

let package = Package(
    name: "Bindery",
    products: [
        .library(name: "BinderyHost", targets: ["BinderyHost"]),
    ],
    targets: [
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd"),
        .target(name: "BinderyHost", dependencies: ["CMicroHTTPD", "CSystemd"]),
        .testTarget(name: "BinderyHostTests", dependencies: ["BinderyHost"]),
    ],
    swiftLanguageModes: [.v6]
)
