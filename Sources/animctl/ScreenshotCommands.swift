import AnimImage
import AnimKit
import AnimRender
import ArgumentParser
import Foundation

/// Which pixels a screenshot shows: the whole output, or one client's layer drawn alone.
struct ScreenshotTargetOptions: ParsableArguments {
    @Option(help: "The client whose layer to draw (its session number; 0 is animctl's own connection).")
    var client: UInt32 = 0

    @Option(help: "A layer to draw alone instead of the whole output (its id as the client numbered it).")
    var layer: UInt64 = 0

    func validate() throws {
        if client != 0 && layer == 0 {
            throw ValidationError("--client \(client) names a client: add --layer ID (the whole output has no client)")
        }
    }
}

/// Writes a screenshot's premultiplied pixels as a PNG file (straight alpha).
enum ScreenshotFile {
    static func write(_ shot: ScreenshotImage, to path: String) throws {
        let buffer = PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
        do {
            try buffer.pngImage.write(to: path)
        } catch {
            throw AnimctlError("\(error)")
        }
    }

    static func take(
        _ connection: Connection, _ target: ScreenshotTargetOptions, nextFrame: Bool
    ) throws
        -> ScreenshotImage
    {
        do {
            return try connection.screenshot(client: target.client, layer: target.layer, nextFrame: nextFrame)
        } catch {
            throw AnimctlError("\(error)")
        }
    }
}

/// `animctl screenshot out.png`: the output (or a layer) as a PNG file.
struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot", abstract: "Write the output's pixels, or one layer's, to a PNG file.",
        discussion: """
            Draws the scene at the server's current time, or with --next-frame takes the next frame the server \
            presents. The whole scene, all outputs together; --output NAME cuts it to that output's rectangle. \
            Allowed to the server's own user and root.
            """)

    @OptionGroup var server: ServerConnectionOptions
    @OptionGroup var target: ScreenshotTargetOptions

    @Option(help: "Only this output's rectangle of the scene (its connector's name, as animctl output lists it).")
    var output: String?

    @Flag(name: .customLong("next-frame"), help: "Wait for the next frame instead of drawing the current time.")
    var nextFrame = false

    @Argument(help: "The PNG file to write.")
    var path: String

    func validate() throws {
        if output != nil, target.layer != 0 {
            throw ValidationError("--output crops the whole scene: not with --layer")
        }
    }

    func run() throws {
        let rect = try output.map { try OutputCrop.rectangle(of: $0, in: try server.inspect(.outputs)) }
        let connection = try server.connect()
        defer { connection.close() }
        var shot = try ScreenshotFile.take(connection, target, nextFrame: nextFrame)
        if let rect, let output { shot = try OutputCrop.crop(shot, to: rect, output: output) }
        try ScreenshotFile.write(shot, to: path)
        if server.json {
            print(
                "{\"path\": \(quoted(path)), \"width\": \(shot.width), \"height\": \(shot.height), "
                    + "\"frame\": \(shot.frame), \"time\": \(shot.time)}")
        } else {
            print("\(path): \(shot.width)x\(shot.height), frame \(shot.frame) at \(ValueText.number(shot.time)) s")
        }
    }
}

/// `animctl record --frames N dir/`: consecutive frames as PNG files.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write N frames as dir/frame-0000.png, frame-0001.png, …",
        discussion: """
            With a manual clock, draws the scene, advances the clock by --step (default one frame at the \
            output's refresh rate) and repeats, so the frames are evenly spaced and reproducible. With the \
            real clock, takes the next N frames the server presents. Allowed to the server's own user and root.
            """)

    @OptionGroup var server: ServerConnectionOptions
    @OptionGroup var target: ScreenshotTargetOptions

    @Option(help: "How many frames.")
    var frames: Int

    @Option(help: "Seconds the manual clock advances between frames.")
    var step: Double?

    @Argument(help: "The folder to write the PNG files into (created when missing).")
    var folder: String

    func validate() throws {
        guard frames >= 1 && frames <= 100_000 else { throw ValidationError("--frames \(frames): must be 1…100000") }
        if let step, !(step.isFinite && step > 0) {
            throw ValidationError("--step \(step): must be a positive number of seconds")
        }
    }

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AnimctlError("cannot create \(folder): \(error.localizedDescription)")
        }
        let connection = try server.connect()
        defer { connection.close() }
        let manual = connection.clockMode == .manual
        let advance = try manual ? (step ?? refreshInterval(connection)) : 0
        for index in 0..<frames {
            let shot = try ScreenshotFile.take(connection, target, nextFrame: !manual)
            let path = (folder as NSString).appendingPathComponent(String(format: "frame-%04d.png", index))
            try ScreenshotFile.write(shot, to: path)
            if !server.json { print("\(path): frame \(shot.frame) at \(ValueText.number(shot.time)) s") }
            if manual && index + 1 < frames {
                do {
                    _ = try connection.clock(.advance(advance))
                } catch {
                    throw AnimctlError("\(error)")
                }
            }
        }
        if server.json { print("{\"folder\": \(quoted(folder)), \"frames\": \(frames)}") }
    }

    /// One frame at the output's refresh rate, from `status`.
    private func refreshInterval(_ connection: Connection) throws -> Double {
        let status: InspectionDocuments.Status
        do {
            status = try connection.inspectStatus()
        } catch {
            throw AnimctlError("\(error)")
        }
        guard let refresh = status.output?.refresh, refresh > 0 else {
            throw AnimctlError("the server reports no output refresh rate: pass --step")
        }
        return 1 / refresh
    }
}

/// A JSON string literal.
private func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
}
