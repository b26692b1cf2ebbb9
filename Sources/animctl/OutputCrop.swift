import AnimKit
import AnimRender

/// `animctl screenshot --output NAME`: the whole scene's screenshot cut to one output's rectangle, as the
/// outputs document (`animctl output --json`) gives it.
enum OutputCrop {
    /// `name`'s rectangle in `outputs` (the outputs document's JSON).
    static func rectangle(of name: String, in outputs: String) throws -> PixelRect {
        let entries = try InspectJSON.array(outputs)
        guard let entry = entries.first(where: { $0["name"] as? String == name }) else {
            let names = entries.compactMap { $0["name"] as? String }
            throw AnimctlError("--output \(name): no such output (this server has \(names.joined(separator: ", ")))")
        }
        guard let width = entry["width"] as? Int, let height = entry["height"] as? Int else {
            throw AnimctlError("--output \(name): the server listed no size for it")
        }
        return PixelRect(x: entry["x"] as? Int ?? 0, y: entry["y"] as? Int ?? 0, width: width, height: height)
    }

    /// `shot` cut to `rect`; what of `rect` lies outside the shot (the scene changed size meanwhile) is refused.
    static func crop(_ shot: ScreenshotImage, to rect: PixelRect, output name: String) throws -> ScreenshotImage {
        let whole = PixelRect(x: 0, y: 0, width: shot.width, height: shot.height)
        guard rect.intersection(whole) == rect, !rect.isEmpty else {
            throw AnimctlError(
                "--output \(name): its rectangle \(rect) is not inside the \(shot.width)x\(shot.height) scene")
        }
        let buffer = PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
        return ScreenshotImage(
            width: rect.width, height: rect.height, pixels: buffer.cropped(to: rect).bytes, frame: shot.frame,
            time: shot.time)
    }
}
