import AnimKit
import Dispatch
import Foundation

/// Seed 004's "fragment" animation and the banner carousel built on it (see `BannerCarousel`): the first banner
/// hidden piece by piece by a mask of `--rows` × `--cols` pieces, held hidden `--hold` seconds, revealed piece by
/// piece; then a banner every `--interval` seconds, or at a swipe left (next) or right (previous). It prints what it
/// does, with the media times, and runs until the server closes the connection (or it is killed).
///
/// Usage: example-fragment-004 [--socket PATH] [--size WxH] [--rows N] [--cols N] [--interval SECONDS]
///        [--hold SECONDS] [--stagger SECONDS] [--fade SECONDS]
@main
enum FragmentApp {
    static let usage =
        "example-fragment-004 [--socket PATH] [--size WxH] [--rows N] [--cols N] [--interval SECONDS] "
        + "[--hold SECONDS] [--stagger SECONDS] [--fade SECONDS]"

    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("example-fragment-004: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() throws {
        var socket: String?
        var size = Size(width: 320, height: 200)
        var grid = FragmentGrid(rows: 2, columns: 15, stagger: 1.0 / 16, fadeDuration: 0.25)
        var interval = 3.0
        var hold = 1.0
        var arguments = CommandLine.arguments.dropFirst()
        func number(_ option: String, atLeast minimum: Double) throws -> Double {
            guard let text = arguments.popFirst(), let value = Double(text), value.isFinite, value >= minimum else {
                throw FragmentAppError.usage("\(option) takes a number of at least \(minimum)")
            }
            return value
        }
        func count(_ option: String) throws -> Int {
            guard let text = arguments.popFirst(), let value = Int(text), (1...64).contains(value) else {
                throw FragmentAppError.usage("\(option) takes a whole number from 1 to 64")
            }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--socket": socket = arguments.popFirst()
            case "--size":
                let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 64 && $0 <= 8192 }) else {
                    throw FragmentAppError.usage("--size WxH, each from 64 to 8192, e.g. 320x200")
                }
                size = Size(width: parts[0], height: parts[1])
            case "--rows": grid.rows = try count("--rows")
            case "--cols": grid.columns = try count("--cols")
            case "--interval": interval = try number("--interval", atLeast: 0.1)
            case "--hold": hold = try number("--hold", atLeast: 0)
            case "--stagger": grid.stagger = try number("--stagger", atLeast: 0)
            case "--fade": grid.fadeDuration = try number("--fade", atLeast: 0.01)
            default: throw FragmentAppError.usage(usage)
            }
        }

        let connection = try Connection.connect(socketPath: socket, name: "fragment-004")
        let queue = DispatchQueue(label: "fragment-004")
        connection.delegateQueue = queue
        let closed = DispatchSemaphore(value: 0)
        connection.statusHandler = { _ in closed.signal() }
        connection.errorHandler = { error in Output.line("error: \(error)") }

        let layout = CarouselLayout(size: size, grid: grid)
        let width = Int(layout.banner.width)
        let height = Int(layout.banner.height)
        let images = try (0..<BannerArt.count).map {
            try connection.uploadImage(
                width: width, height: height,
                rgbaPremultiplied: BannerArt.pixels(index: $0, width: width, height: height))
        }
        let carousel = try BannerCarousel(
            connection: connection, layout: layout, images: images, grid: grid, interval: interval, hold: hold)
        for left in [true, false] {
            let swipe = SwipeGestureRecognizer()
            swipe.direction = left ? .left : .right
            swipe.addAction { recognizer in carousel.swiped(left: left, at: recognizer.timestamp) }
            carousel.banner.addGestureRecognizer(swipe)
        }
        // The scene is on the server before the clock is read: the fragment starts at the time it first shows.
        try connection.sync()
        let start = connection.currentMediaTime()
        Output.line(
            "ready: \(grid.columns)x\(grid.rows) pieces over a \(width)x\(height) banner, \(BannerArt.count) banners")
        queue.async {
            do {
                try carousel.start(at: start)
            } catch {
                Output.line("error: \(error)")
            }
        }
        closed.wait()
    }
}

enum FragmentAppError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let text): "usage: \(text)"
        }
    }
}
