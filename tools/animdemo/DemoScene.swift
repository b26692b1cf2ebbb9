import AnimKit

/// Seed 002's layers and animations on one connection.
struct DemoScene {
    let connection: Connection
    let reporter: EventReporter
    let root: Layer
    let sprite: Layer
    let spinner: Layer
    /// The root's scale: the scene fills (640·scale)×(480·scale) output pixels from the top-left corner.
    let scale: Double

    init(connection: Connection, reporter: EventReporter, scale: Double = 1) throws {
        self.connection = connection
        self.reporter = reporter
        self.scale = scale
        root = Layer(connection: connection)
        sprite = Layer(connection: connection)
        spinner = Layer(connection: connection)
    }

    /// Sets every layer up and adds the animations; call inside an open transaction.
    func build() throws {
        let image = try connection.uploadImage(width: 100, height: 100, rgbaPremultiplied: Self.gradient(side: 100))

        root.bounds = Rect(x: 0, y: 0, width: 640, height: 480)
        root.anchorPoint = Point(x: 0, y: 0)
        root.position = Point(x: 0, y: 0)
        if scale != 1 { root.transform = .scale(scale, scale, 1) }
        root.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)

        sprite.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        sprite.position = Point(x: 50, y: 50)
        sprite.contents = image
        sprite.cornerRadius = 12
        try root.addSublayer(sprite)

        spinner.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        spinner.position = Point(x: 450, y: 150)
        spinner.contents = image
        try root.addSublayer(spinner)

        // Seed 002's first button: along a quadratic curve while shrinking and fading, in a 1 s group.
        let move = KeyframeAnimation(keyPath: "position")
        move.path = try BezierPath(pathData: "M 50 50 Q 300 50 300 460")
        move.duration = 1
        let shrink = BasicAnimation(keyPath: "transform.scale", from: .number(1), to: .number(0.1))
        shrink.duration = 1
        let fade = BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0.1))
        fade.duration = 1
        let group = AnimationGroup(animations: [move, shrink, fade])
        group.duration = 1
        group.delegate = reporter
        try sprite.add(group, forKey: nil)

        // Seed 002's third button: a half turn repeated twice; cumulative, so it ends at a full turn.
        let spin = BasicAnimation(
            keyPath: "transform", from: .transform(.identity), to: .transform(.rotation(.pi, 0, 0, 1)))
        spin.isCumulative = true
        spin.duration = 1
        spin.repeatCount = 2
        spin.delegate = reporter
        try spinner.add(spin, forKey: "spin")
    }

    /// A premultiplied RGBA gradient, opaque: red grows to the right, blue downwards.
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
