// swift-tools-version:6.1
import PackageDescription

let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "animserver",
    products: [
        .library(name: "AnimCore", targets: ["AnimCore"]),
        .library(name: "AnimImage", targets: ["AnimImage"]),
        .library(name: "AnimRender", targets: ["AnimRender"]),
        .library(name: "AnimProtocol", targets: ["AnimProtocol"]),
        .library(name: "AnimTransport", targets: ["AnimTransport"]),
        .library(name: "AnimServer", targets: ["AnimServer"]),
        .library(name: "AnimKit", targets: ["AnimKit"]),
        .library(name: "AnimScenes", targets: ["AnimScenes"]),
        .executable(name: "animserverd", targets: ["animserverd"]),
        .executable(name: "animctl", targets: ["animctl"]),
        .executable(name: "animdemo", targets: ["animdemo"]),
        .executable(name: "panzoom", targets: ["panzoom"]),
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
        // Generates the layer property code (AnimCore, AnimKit) and tables from protocol/layer-properties.json.
        .executableTarget(name: "propgen", path: "tools/propgen"),
        // Writes protocol/vectors/ and protocol/bad/ from the examples it holds.
        .executableTarget(name: "vectorgen", dependencies: ["AnimProtocol", "AnimCore"], path: "tools/vectorgen"),

        // System libraries (Debian -dev packages, installed by scripts/install-deps.sh).
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Text: Pango's layout over cairo (HarfBuzz shaping, FriBidi, fontconfig font choice and fallback).
        .systemLibrary(
            name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES3", path: "Sources/CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CUdev", path: "Sources/CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CGBM", path: "Sources/CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CSeat", path: "Sources/CSeat", pkgConfig: "libseat", providers: [.apt(["libseat-dev"])]),
        .systemLibrary(
            name: "CXKBCommon", path: "Sources/CXKBCommon", pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(
            name: "CInput", path: "Sources/CInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        // What Swift cannot import from libdrm and the kernel: fourcc codes, the VT mode ioctl, flip events.
        .target(name: "CDRMShim", dependencies: ["CDRM"]),
        .systemLibrary(
            name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // What Glibc does not expose to Swift: cmsg/SCM_RIGHTS, memfd and seals, SO_PEERCRED, epoll, eventfd, timerfd.
        .target(name: "CIPC"),

        // Unix sockets (SOCK_SEQPACKET with file descriptors), the epoll event loop, shared memory, socket paths.
        .target(name: "AnimTransport", dependencies: ["CIPC", "CSystemd", logging]),

        // PNG files: read and written through libpng's simplified API (the SDK loads contents with it too).
        .target(name: "AnimImage", dependencies: ["AnimCore", "CPNG"]),

        // Rendering: the draw-list compiler, damage, the GLES and software renderers, CPU tiles, the PNG codec
        // and the chart plotter used by `animctl plot`.
        .target(
            name: "AnimRender",
            dependencies: ["AnimCore", "AnimImage", "CCairo", "CPango", "CPixman", "CEGL", "CGLES3", logging]),

        // An output's mode and rotation as values and their parsing (`--mode`, `--rotation`), without the display
        // stack: animctl parses them and links no DRM, GBM, udev or libseat.
        .target(name: "AnimOutputSettings", dependencies: ["AnimCore", "AnimRender"]),

        // The outputs frames go to: the headless output's render thread, the renderer choice, screenshots.
        .target(
            name: "AnimDisplay",
            dependencies: [
                "AnimRender", "AnimCore", "AnimImage", "AnimTransport", "AnimOutputSettings", "CDRM", "CGBM",
                "CDRMShim", "CEGL", "CGLES3", "CUdev", "CSeat", "CCairo", logging,
            ]),

        // Input devices through libinput (udev backend, opened through the output's seat session): touch mapped
        // to an output, the pointer's cursor, keys; they become AnimCore's RawInputEvents for the server's router.
        .target(
            name: "AnimInput",
            dependencies: [
                "AnimCore", "AnimDisplay", "AnimRender", "AnimTransport", "CInput", "CUdev", "CIPC", logging,
            ]),

        // The keyboard: an xkbcommon keymap and its state (key codes to keysyms, text, modifiers, and back).
        .target(name: "AnimKeyboard", dependencies: ["CXKBCommon"]),

        // The daemon's core: sessions, per-client contexts, commits, the clock, the frame loop, events, inspection,
        // input routing.
        .target(
            name: "AnimServer",
            dependencies: [
                "AnimCore", "AnimProtocol", "AnimTransport", "AnimRender", "AnimDisplay", "AnimKeyboard", logging,
            ]),

        // The client SDK.
        .target(name: "AnimKit", dependencies: ["AnimCore", "AnimProtocol", "AnimTransport", "AnimImage", logging]),

        // Scenes (view controllers of layers), presentations, navigation stacks and UIKit-style transitions.
        .target(name: "AnimScenes", dependencies: ["AnimKit", "AnimCore", logging]),

        // What tests, tools and benchmarks share: a harness that starts a real daemon, temporary socket paths,
        // `eventually`, the renderers tests run with, golden images and the rendering tolerances.
        .target(
            name: "AnimTestSupport",
            dependencies: ["AnimKit", "AnimTransport", "AnimProtocol", "AnimRender", "AnimImage"]),

        .executableTarget(
            name: "animserverd",
            dependencies: ["AnimServer", "AnimDisplay", "AnimInput", "AnimTransport", argumentParser, logging]),
        .executableTarget(
            name: "animctl",
            dependencies: [
                "AnimCore", "AnimRender", "AnimImage", "AnimProtocol", "AnimTransport", "AnimKit",
                "AnimOutputSettings", argumentParser,
            ]),
        // The demo client: seed 002's scene committed to a running server.
        .executableTarget(
            name: "animdemo", dependencies: ["AnimKit", "AnimCore", argumentParser], path: "tools/animdemo"),
        .executableTarget(name: "snow", dependencies: ["AnimKit", "AnimImage"], path: "examples/snow"),

        // The smallest app: connect, a tree built before it is attached, the root layer, an animation, sync().
        .executableTarget(name: "example-hello-layer", dependencies: ["AnimKit"], path: "examples/hello-layer"),

        // Pan and zoom over a 32,768-point map drawn tile by tile on request (CATiledLayer).
        .executableTarget(name: "panzoom", dependencies: ["AnimKit"], path: "examples/pan-zoom"),
        // Seed 004's fragment animation and the banner carousel built on it.
        .executableTarget(name: "example-fragment-004", dependencies: ["AnimKit"], path: "examples/fragment-004"),
        // Seed 002's three demos: a curve with a shrink and a fade, a line with a cumulative turn, a full spin.
        .executableTarget(
            name: "example-core-animation-002", dependencies: ["AnimKit"], path: "examples/core-animation-002"),

        // Seed 001's and 003's transitions as apps on AnimScenes, and what the two share (options, script, widgets).
        .target(
            name: "TransitionExampleSupport", dependencies: ["AnimKit", "AnimScenes", argumentParser],
            path: "examples/transitions-support"),
        .executableTarget(
            name: "example-transitions-001",
            dependencies: ["AnimKit", "AnimScenes", "TransitionExampleSupport", argumentParser],
            path: "examples/transitions-001"),
        .executableTarget(
            name: "example-transitions-003",
            dependencies: ["AnimKit", "AnimScenes", "TransitionExampleSupport", argumentParser],
            path: "examples/transitions-003"),

        // The server's benchmarks (issue 3's targets) against a real daemon: run in release mode, never in CI.
        .executableTarget(
            name: "serverbench",
            dependencies: [
                "AnimKit", "AnimProtocol", "AnimServer", "AnimTransport", "AnimTestSupport", argumentParser, logging,
            ],
            path: "tools/serverbench"),
        // Issue 18's input figures: hit test + routing at 10,000 layers, event → handler latency with the renderer
        // busy (release; not in CI).
        .executableTarget(
            name: "inputbench",
            dependencies: [
                "AnimKit", "AnimCore", "AnimProtocol", "AnimServer", "AnimTransport", "AnimTestSupport", argumentParser,
                logging,
            ],
            path: "tools/inputbench"),
        // Issue 16's soak: churning clients against a release daemon, RSS/fds/frame times sampled into a CSV and
        // charts (release; a 30-second variant runs in CI as IntegrationTests' SoakTests).
        .executableTarget(
            name: "soak", dependencies: ["AnimTestSupport", "AnimRender", "AnimCore", argumentParser],
            path: "tools/soak"),
        // Issue 16's hostile clients (slow and non-reading clients, connect bursts, idle clients, a flood, clients
        // killed mid-commit) against a release daemon, printing what each did to it; not in CI.
        .executableTarget(
            name: "hostile",
            dependencies: ["AnimKit", "AnimProtocol", "AnimTransport", "AnimTestSupport", argumentParser],
            path: "tools/hostile"),
        // The SDK's cost per property change and per commit over a socket pair (no daemon): release only, not in CI.
        .executableTarget(
            name: "kitbench", dependencies: ["AnimKit", "AnimCore", "AnimProtocol", "AnimTransport"],
            path: "tools/kitbench"),

        // Issue 4's frame times: both renderers against pixman's raw composite of the same pixels (release only).
        .executableTarget(
            name: "renderbench", dependencies: ["AnimRender", "AnimCore", "CPixman", argumentParser],
            path: "tools/renderbench"),

        // Differential fuzzing of the server core with libFuzzer: scripts/fuzz-server.sh builds it with
        // --sanitize fuzzer --sanitize address; a plain build links it as an empty program.
        .executableTarget(
            name: "fuzzserver", dependencies: ["AnimServer", "AnimProtocol", "AnimCore", "AnimTransport", logging],
            path: "tools/fuzzserver"),

        // Depends on propgen so `swift test` builds the generator the property table's drift test runs.
        .testTarget(name: "AnimCoreTests", dependencies: ["AnimCore", "AnimTestSupport", "propgen"]),
        .testTarget(name: "AnimImageTests", dependencies: ["AnimImage", "AnimCore"]),
        .testTarget(
            name: "AnimInputTests",
            dependencies: ["AnimInput", "AnimDisplay", "AnimRender", "AnimCore", "AnimTransport"]),
        .testTarget(
            name: "AnimDisplayTests", dependencies: ["AnimDisplay", "AnimRender", "AnimCore", "AnimImage", "CDRMShim"]),
        .testTarget(
            name: "AnimRenderTests", dependencies: ["AnimRender", "AnimImage", "AnimCore", "AnimTestSupport"],
            exclude: ["Goldens"],
            resources: [.copy("Goldens")]),
        // Depends on protogen so `swift test` builds the generator the drift test runs.
        .testTarget(
            name: "AnimProtocolTests",
            dependencies: ["AnimProtocol", "AnimCore", "AnimTestSupport", "protogen", "vectorgen"]),
        .testTarget(name: "AnimTransportTests", dependencies: ["AnimTransport", "CIPC", "AnimTestSupport"]),
        .testTarget(
            name: "AnimServerTests",
            dependencies: [
                "AnimServer", "AnimDisplay", "AnimRender", "AnimProtocol", "AnimCore", "AnimTransport",
                "AnimTestSupport", "AnimKeyboard",
            ]),
        .testTarget(
            name: "AnimKitTests",
            dependencies: ["AnimKit", "AnimImage", "AnimProtocol", "AnimCore", "AnimTransport", "AnimTestSupport"]),
        // Unit tests and, against the real daemon (a manual clock), the transitions' values at exact times.
        .testTarget(
            name: "AnimScenesTests",
            dependencies: ["AnimScenes", "AnimKit", "AnimCore", "AnimTestSupport", "animserverd"]),
        // Runs the built animctl binary; depending on the executable target makes `swift test` build it first.
        .testTarget(
            name: "AnimctlTests", dependencies: ["AnimCore", "AnimRender", "AnimImage", "AnimTestSupport", "animctl"]),
        // The real daemon over the real socket with the real SDK.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "AnimKit", "AnimTestSupport", "AnimProtocol", "AnimCore", "AnimRender", "AnimImage", "animserverd",
                "animctl", "animdemo", "panzoom", "example-fragment-004", "example-core-animation-002",
                "example-hello-layer", "example-transitions-001", "example-transitions-003",
            ],
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
