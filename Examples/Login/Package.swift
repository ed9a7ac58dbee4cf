// swift-tools-version:6.0
// The package docs/GUIDE.md builds: two view models (LoginKit), a daemon hosting them
// (logind), and their tests. It depends on Bindery by path, as your package would by URL.
import Foundation
import PackageDescription

// A path dependency's identity is its directory's name (the checkout's, here); from a URL
// it is "bindery". Your package would use `.package(url: "…/bindery.git", branch: "main")`.
let bindery = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "Login",
    dependencies: [.package(path: "../..")],
    targets: [
        // SurfaceAccess: only a public MutableProperty of these view models is an input.
        .target(name: "LoginKit", dependencies: [.product(name: "Bindery", package: bindery)],
                plugins: [.plugin(name: "SurfaceAccess", package: bindery)]),
        .executableTarget(name: "logind", dependencies: ["LoginKit", .product(name: "BinderyHost", package: bindery)]),
        .testTarget(name: "LoginKitTests", dependencies: ["LoginKit", .product(name: "Bindery", package: bindery)]),
    ],
    swiftLanguageModes: [.v6]
)
