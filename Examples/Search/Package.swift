// swift-tools-version:6.0
// A view model that drives itself (docs/GUIDE.md, "View models that drive themselves"): a
// debounced search bound to its command, a paginated `loadMore`, a backend that can fail,
// hosted by `searchd`. It depends on Bindery by path, as your package would by URL.
import Foundation
import PackageDescription

// A path dependency's identity is its directory's name (the checkout's, here).
let bindery = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "Search",
    dependencies: [.package(path: "../..")],
    targets: [
        // SurfaceAccess: only a public MutableProperty of the view model is an input.
        .target(name: "SearchKit", dependencies: [.product(name: "Bindery", package: bindery)],
                plugins: [.plugin(name: "SurfaceAccess", package: bindery)]),
        .executableTarget(name: "searchd", dependencies: ["SearchKit", .product(name: "BinderyHost", package: bindery)]),
        .testTarget(name: "SearchKitTests", dependencies: ["SearchKit", .product(name: "Bindery", package: bindery)]),
    ],
    swiftLanguageModes: [.v6]
)
