// swift-tools-version:6.0
// Bindery: a reactive MVVM runtime for Linux. Dependencies point one way:
// executables → BinderyHost → BinderyModels → Bindery.
import PackageDescription

let package = Package(
    name: "Bindery",
    products: [
        .library(name: "Bindery", targets: ["Bindery"]),
    ],
    targets: [
        .target(name: "Bindery"),
        .executableTarget(
            name: "bindery-bench",
            dependencies: ["Bindery"],
            path: "Sources/BinderyBench"
        ),
        .testTarget(name: "BinderyTests", dependencies: ["Bindery"]),
    ],
    swiftLanguageModes: [.v6]
)
