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
        // Test helper: observes socket activation from a process started as systemd would.
        .executableTarget(
            name: "bindery-activation-probe",
            dependencies: ["BinderyHost"],
            path: "Sources/BinderyActivationProbe"
        ),
        .testTarget(name: "BinderyHostTests", dependencies: ["BinderyHost", "bindery-activation-probe"]),
    ],
    swiftLanguageModes: [.v6]
)
