import AnimImage
import AnimKit
import Dispatch
import Foundation

// snow: a snowfall on a running animserverd, one CAEmitterLayer with two cells of one soft round flake over a
// night-sky gradient. The server simulates the particles (docs/core-animation-rules.md#caemitterlayer): the app
// commits once and exits only when asked.
//
//     swift run snow                        # on $ANIMSERVER_SOCKET, until interrupted
//     swift run snow --size 320x240 --screenshot snow.png --at 12
//
// With `--screenshot`, a manual-clock server is set to `--at` seconds and the frame is written as a PNG (the
// README's picture); the same time always gives the same flakes.

var size = (width: 640.0, height: 480.0)
var screenshotPath: String?
var time = 12.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--size":
        let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { fatalError("--size WIDTHxHEIGHT") }
        size = (parts[0], parts[1])
    case "--screenshot": screenshotPath = arguments.popFirst()
    case "--at":
        guard let t = arguments.popFirst().flatMap(Double.init), t.isFinite else { fatalError("--at SECONDS") }
        time = t
    default: fatalError("unknown argument \(argument) (--size WxH, --screenshot PATH, --at SECONDS)")
    }
}

let connection = try Connection.connect(name: "snow")
connection.delegateQueue = DispatchQueue(label: "snow")

// A soft round flake, 32 px: white, its alpha falling from the centre to the rim (premultiplied).
var flakePixels: [UInt8] = []
for y in 0..<32 {
    for x in 0..<32 {
        let d = ((Double(x) - 15.5) * (Double(x) - 15.5) + (Double(y) - 15.5) * (Double(y) - 15.5)).squareRoot() / 16
        let a = UInt8((pow(max(0, 1 - d), 1.5) * 255).rounded())
        flakePixels += [a, a, a, a]
    }
}
let flake = try connection.uploadImage(width: 32, height: 32, rgbaPremultiplied: flakePixels)

Transaction.begin()
let sky = GradientLayer(connection: connection)
sky.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
sky.colors = [Color(red: 0.02, green: 0.04, blue: 0.16), Color(red: 0.16, green: 0.22, blue: 0.42)]

let snow = EmitterLayer(connection: connection)
snow.frame = sky.bounds
snow.emitterShape = .line
snow.emitterPosition = Point(x: size.width / 2, y: -12)
snow.emitterSize = Size(width: size.width * 1.3, height: 0)
snow.seed = 2026
snow.scale = size.width / 640

var large = EmitterCell(name: "large")
large.contents = flake
large.birthRate = 10
large.lifetime = 14
large.velocity = 45
large.velocityRange = 20
large.emissionLongitude = .pi / 2
large.emissionRange = .pi / 6
large.xAcceleration = 3
large.yAcceleration = 2
large.scale = 0.45
large.scaleRange = 0.25
large.spinRange = 1
large.alphaRange = 0.3
large.color = Color(white: 1, alpha: 0.9)

var small = large
small.name = "small"
small.birthRate = 36
small.lifetime = 18
small.velocity = 28
small.velocityRange = 10
small.scale = 0.18
small.scaleRange = 0.08
small.color = Color(red: 0.85, green: 0.9, blue: 1, alpha: 0.75)

snow.emitterCells = [small, large]
try sky.addSublayer(snow)
Transaction.commit()
try connection.sync()

if let screenshotPath {
    _ = try connection.clock(.set(time))
    try connection.sync()
    let shot = try connection.screenshot()
    try PNGImage(width: shot.width, height: shot.height, pixels: shot.pixels).write(to: screenshotPath)
    print("wrote \(screenshotPath): \(shot.width)x\(shot.height) at \(shot.time) s")
    connection.close()
} else {
    print("snowing (\(Int(large.birthRate * large.lifetime + small.birthRate * small.lifetime)) flakes); Ctrl-C stops")
    dispatchMain()
}
