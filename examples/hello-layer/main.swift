import AnimKit
import Dispatch
import Foundation

// hello-layer: the smallest app, written as an iOS developer writes one with Core Animation: connect, build a
// layer tree (before it belongs to any connection, as CALayers are built), add it to the connection's root layer,
// animate it. It is top-level code on the main thread with no run loop: its implicit transaction is committed by
// `sync()` (docs/core-animation-rules.md#transactions).
//
//     swift run example-hello-layer                        # on $ANIMSERVER_SOCKET, until interrupted
//     swift run example-hello-layer --socket PATH --print  # prints what the server holds, then exits
//
// With `--print` it prints the server's documents of its own layers (the tree, then the animations), one JSON
// document a line: the integration test reads them.

var socketPath: String?
var printAndExit = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--socket": socketPath = arguments.popFirst()
    case "--print": printAndExit = true
    default: fatalError("unknown argument \(argument) (--socket PATH, --print)")
    }
}

let connection = try Connection.connect(socketPath: socketPath, name: "hello-layer")
let size = connection.display?.size ?? Size(width: 320, height: 240)

// Built with no connection: the values are kept here and nothing is sent yet.
let card = Layer()
card.bounds = Rect(x: 0, y: 0, width: size.width / 2, height: size.height / 2)
card.position = Point(x: size.width / 2, y: size.height / 2)
card.backgroundColor = Color(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
card.cornerRadius = 12

let badge = Layer()
badge.bounds = Rect(x: 0, y: 0, width: size.width / 8, height: size.width / 8)
badge.position = Point(x: size.width / 8, y: size.width / 8)
badge.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
badge.cornerRadius = size.width / 16
try card.addSublayer(badge)

let spin = BasicAnimation(keyPath: "transform.rotation.z", from: .number(0), to: .number(2 * Double.pi))
spin.duration = 4
spin.repeatCount = .infinity
try card.add(spin, forKey: "spin")

// Adding the tree to the root layer sends all of it, animation included, in the current (implicit) transaction.
connection.rootLayer.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
try connection.rootLayer.addSublayer(card)

// No main-queue turn will come to commit the implicit transaction: sync() commits it and waits for the server.
try connection.sync()

if printAndExit {
    let json = JSONEncoder()
    print(String(decoding: try json.encode(connection.inspectTree()), as: UTF8.self))
    print(String(decoding: try json.encode(connection.inspectAnimations()), as: UTF8.self))
} else {
    dispatchMain()
}
