// swift-tools-version:6.0
// Bindery: a reactive MVVM runtime for Linux. Dependencies point one way:
// executables → BinderyHost → BinderyModels → Bindery.
import PackageDescription

let package = Package(
    name: "Bindery",
    products: [
        .library(name: "BinderyModels", targets: ["BinderyModels"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        .target(name: "BinderyModels", dependencies: ["CSQLite"]),
        .target(name: "BinderyHost", dependencies: ["BinderyModels"]),
        .testTarget(name: "BinderyModelsTests", dependencies: ["BinderyModels"]),
        .testTarget(name: "BinderyHostTests", dependencies: ["BinderyHost", "BinderyModels"]),
    ],
    swiftLanguageModes: [.v6]
)
