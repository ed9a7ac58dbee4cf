// swift-tools-version:5.9
// The package docs/GUIDE.md's "Moving from ReactiveSwift" builds: a module written against
// ReactiveSwift 7 (Swift 5 language mode, as most ReactiveSwift code is), moved to Bindery by
// changing this file only. It depends on Bindery by path, as your package would by URL.
import Foundation
import PackageDescription

// A path dependency's identity is its directory's name (the checkout's, here); from a URL
// it is "bindery".
let bindery = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "Migration",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "Search", dependencies: [.product(name: "ReactiveSwift", package: bindery)]),
        .testTarget(name: "SearchTests", dependencies: ["Search", .product(name: "ReactiveSwift", package: bindery)]),
    ]
)
