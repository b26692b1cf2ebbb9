import AnimKit
import Dispatch
import Foundation

/// Seed 002's demos, all three started together on a 640 × 480-point scene (scaled to `--size`):
/// - "curve", the first button: the image moves to the lower right along a quadratic curve while it shrinks to a
///   tenth and fades to 0.1: a keyframe animation along a path, two basic animations, one 1 s group
///   (`examples/seed002-group.json`);
/// - "line", the second button: the image moves 100 points right along a line path while it turns two cumulative
///   half turns, in a 2 s group (`examples/seed002-line.json`); its model position is set to the line's end, as
///   the article sets `imageView.center`;
/// - "spin", the third: a full turn as two cumulative half turns of 1 s (`examples/seed002-rotation.json`).
///
/// The article fades the key path "alpha", UIView's name, which a layer does not have (the server refuses it:
/// `examples/alpha-error.json`); a layer's is "opacity", used here. It shrinks with the whole transform from the
/// identity to scale(0.1, 0.1, 1); `transform.scale` is the same on a flat layer and is what the JSON file says.
/// The article leaves the children's durations at 0, which animserver runs for the transaction's 0.25 s
/// (docs/core-animation-rules.md#decisions-on-open-points); as in the JSON files, each child lasts as long as its
/// group, which is what the demo means.
///
/// The animations begin when the commit is applied; the app prints that media time, then exits once the
/// transaction's completion block says every animation has stopped and `--hold` seconds have passed.
///
/// Usage: example-core-animation-002 [--socket PATH] [--size WxH] [--hold SECONDS]
@main
enum CoreAnimation002 {
    static let usage = "example-core-animation-002 [--socket PATH] [--size WxH] [--hold SECONDS]"
    static let scene = Size(width: 640, height: 480)

    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("example-core-animation-002: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() throws {
        var socket: String?
        var size = scene
        var hold = 0.0
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--socket": socket = arguments.popFirst()
            case "--hold":
                guard let value = Double(arguments.popFirst() ?? ""), value.isFinite, value >= 0 else {
                    throw DemoError.usage("--hold takes a number of seconds, at least 0")
                }
                hold = value
            case "--size":
                let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 8192 }) else {
                    throw DemoError.usage("--size WxH, each from 16 to 8192, e.g. 640x480")
                }
                size = Size(width: parts[0], height: parts[1])
            default: throw DemoError.usage(usage)
            }
        }

        let connection = try Connection.connect(socketPath: socket, name: "core-animation-002")
        defer { connection.close() }
        connection.delegateQueue = DispatchQueue(label: "core-animation-002")
        let image = try connection.uploadImage(width: 100, height: 100, rgbaPremultiplied: gradient(side: 100))

        let done = DispatchSemaphore(value: 0)
        // One explicit transaction: a command-line program never returns to the main queue, where an implicit one
        // would be committed.
        Transaction.begin()
        Transaction.setCompletionBlock { done.signal() }
        let root = Layer(connection: connection)
        root.name = "scene"
        root.anchorPoint = Point(x: 0, y: 0)
        root.bounds = Rect(origin: Point(x: 0, y: 0), size: scene)
        root.position = Point(x: 0, y: 0)
        let scale = min(size.width / scene.width, size.height / scene.height)
        if scale != 1 { root.transform = .scale(scale, scale, 1) }
        root.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
        try root.addSublayer(try curve(image, connection))
        try root.addSublayer(try line(image, connection))
        try root.addSublayer(try spin(image, connection))
        Transaction.commit()
        try connection.sync()
        Output.line("started at t=\(connection.currentMediaTime()): curve (1 s), line (2 s), spin (2 s)")
        done.wait()
        Output.line("done at t=\(connection.currentMediaTime())")
        if hold > 0 { Thread.sleep(forTimeInterval: hold) }
    }

    /// A 100-point image layer named `name` at `position`.
    static func sprite(_ name: String, at position: Point, _ image: ImageID, _ connection: Connection) -> Layer {
        let layer = Layer(connection: connection)
        layer.name = name
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.position = position
        layer.contents = image
        return layer
    }

    /// The first button: along a quadratic curve to (300, 460), its control point level with the start and above
    /// the end, while shrinking and fading, in a 1 s group added under no key.
    static func curve(_ image: ImageID, _ connection: Connection) throws -> Layer {
        let from = Point(x: 50, y: 50)
        let layer = sprite("curve", at: from, image, connection)
        let to = Point(x: 300, y: 460)
        var path = BezierPath()
        path.move(to: from)
        path.addQuadCurve(to: to, control: Point(x: to.x, y: from.y))
        let move = KeyframeAnimation(keyPath: "position")
        move.path = path
        move.duration = 1
        let shrink = BasicAnimation(keyPath: "transform.scale", from: .number(1), to: .number(0.1))
        shrink.duration = 1
        // "alpha" in the article: a layer's is "opacity".
        let fade = BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0.1))
        fade.duration = 1
        let group = AnimationGroup(animations: [move, shrink, fade])
        group.duration = 1
        try layer.add(group, forKey: nil)
        return layer
    }

    /// The second button: 100 points right along a line while turning; the model moves there at once.
    static func line(_ image: ImageID, _ connection: Connection) throws -> Layer {
        let from = Point(x: 420, y: 330)
        let to = Point(x: from.x + 100, y: from.y)
        let layer = sprite("line", at: to, image, connection)
        var path = BezierPath()
        path.move(to: from)
        path.addLine(to: to)
        let move = KeyframeAnimation(keyPath: "position")
        move.path = path
        move.duration = 2
        let turn = halfTurnTwice()
        let group = AnimationGroup(animations: [move, turn])
        group.duration = 2
        try layer.add(group, forKey: nil)
        return layer
    }

    /// The third button: a full turn about z as two cumulative half turns.
    static func spin(_ image: ImageID, _ connection: Connection) throws -> Layer {
        let layer = sprite("spin", at: Point(x: 150, y: 150), image, connection)
        try layer.add(halfTurnTwice(), forKey: nil)
        return layer
    }

    /// The identity to a half turn about z in 1 s, repeated twice; cumulative, so the second starts where the first
    /// ended and the whole ends at a full turn.
    static func halfTurnTwice() -> BasicAnimation {
        let turn = BasicAnimation(
            keyPath: "transform", from: .transform(.identity), to: .transform(.rotation(.pi, 0, 0, 1)))
        turn.isCumulative = true
        turn.duration = 1
        turn.repeatCount = 2
        return turn
    }

    /// A premultiplied, opaque RGBA gradient: red grows to the right, blue downwards (the demo client's image).
    static func gradient(side: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let i = (y * side + x) * 4
                pixels[i] = UInt8(x * 255 / (side - 1))
                pixels[i + 1] = 96
                pixels[i + 2] = UInt8(y * 255 / (side - 1))
            }
        }
        return pixels
    }
}

enum DemoError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let text): "usage: \(text)"
        }
    }
}

/// Lines on standard output, written at once: a test reading the pipe sees each as it happens.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
