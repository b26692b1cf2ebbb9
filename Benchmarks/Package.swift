// swift-tools-version:6.1
// Benchmarks live in their own package so the main package's build and tests never pull
// package-benchmark. Run: `cd Benchmarks && swift package benchmark`.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is whatever the clone was called.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "animserver-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Evaluation",
            dependencies: [
                .product(name: "AnimCore", package: rootPackage),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Evaluation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")])
    ],
    swiftLanguageModes: [.v6]
)
