// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "animserver",
    products: [
        .library(name: "AnimCore", targets: ["AnimCore"]),
        .library(name: "AnimRender", targets: ["AnimRender"]),
        .library(name: "AnimProtocol", targets: ["AnimProtocol"]),
        .executable(name: "animctl", targets: ["animctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // Pure values, math, timing and animation evaluation. No I/O, no dependencies.
        .target(name: "AnimCore"),

        // The wire format: generated from protocol/spec.json by tools/protogen, plus the conversions to AnimCore.
        .target(name: "AnimProtocol", dependencies: ["AnimCore"]),
        .executableTarget(name: "protogen", path: "tools/protogen"),

        // System libraries (Debian -dev packages, installed by scripts/install-deps.sh).
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),

        // Rendering: for now the PNG codec and the chart plotter used by `animctl plot`.
        .target(
            name: "AnimRender",
            dependencies: ["AnimCore", "CPNG", "CCairo", .product(name: "Logging", package: "swift-log")]),

        .executableTarget(
            name: "animctl",
            dependencies: [
                "AnimCore", "AnimRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "AnimCoreTests", dependencies: ["AnimCore"]),
        .testTarget(name: "AnimRenderTests", dependencies: ["AnimRender"]),
        // Depends on protogen so `swift test` builds the generator the drift test runs.
        .testTarget(name: "AnimProtocolTests", dependencies: ["AnimProtocol", "AnimCore", "protogen"]),
        // Runs the built animctl binary; depending on the executable target makes `swift test` build it first.
        .testTarget(name: "AnimctlTests", dependencies: ["AnimCore", "AnimRender", "animctl"]),
    ],
    swiftLanguageModes: [.v6]
)
