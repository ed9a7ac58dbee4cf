// swift-tools-version:6.0
// An app's view models as an iOS developer writes them — ReactiveSwift code with no Bindery
// in it — and the daemon that hosts them (docs/GUIDE.md's first pages): a sign-up form with an
// asynchronous username check, a polled list of quotes, a chat with a broker. The view models
// import ReactiveSwift (Bindery's core under ReactiveSwift's module name); only `brokerd`'s
// main.swift knows Bindery. It depends on Bindery by path, as your package would by URL.
import Foundation
import PackageDescription

// A path dependency's identity is its directory's name (the checkout's, here); from a URL
// it is "bindery".
let bindery = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "Brokerage",
    dependencies: [.package(path: "../..")],
    targets: [
        // The app's code imports ReactiveSwift only. The SurfaceAccess plugin adds one generated
        // file that imports Bindery (hence the dependency), so that only a public
        // MutableProperty is an input when the daemon hosts these view models.
        .target(name: "BrokerageKit",
                dependencies: [.product(name: "ReactiveSwift", package: bindery), .product(name: "Bindery", package: bindery)],
                plugins: [.plugin(name: "SurfaceAccess", package: bindery)]),
        .executableTarget(name: "brokerd", dependencies: ["BrokerageKit", .product(name: "Bindery", package: bindery),
                                                           .product(name: "BinderyHost", package: bindery)]),
        .testTarget(name: "BrokerageKitTests", dependencies: ["BrokerageKit", .product(name: "ReactiveSwift", package: bindery)]),
    ],
    swiftLanguageModes: [.v6]
)
