import AnimKit
import AnimRender

/// `animctl screenshot --output NAME`: the whole scene's screenshot cut to one output's rectangle, as the
/// outputs document (`animctl output --json`) gives it.
enum OutputCrop {
    /// `name`'s rectangle in `outputs` (the outputs document's JSON).
    static func rectangle(of name: String, in outputs: String) throws -> PixelRect {
        let entries = try InspectText.document(Array<InspectionDocuments.OutputEntry>.self, from: outputs)
        guard let entry = entries.first(where: { $0.name == name }) else {
            let names = entries.map(\.name)
            throw AnimctlError("--output \(name): no such output (this server has \(names.joined(separator: ", ")))")
        }
        return PixelRect(x: entry.x, y: entry.y, width: entry.width, height: entry.height)
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
