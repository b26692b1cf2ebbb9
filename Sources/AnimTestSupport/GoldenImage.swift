import AnimImage
import AnimRender
import Foundation

/// Golden PNGs: reading them, rewriting them when `ANIMSERVER_RECORD_GOLDENS=1`, and comparing frames with them
/// (or with each other) under a stated tolerance, keeping the images of a failure for the bug report.
public enum GoldenImage {
    /// `ANIMSERVER_RECORD_GOLDENS=1`: goldens are rewritten from the frames drawn (by the software renderer).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["ANIMSERVER_RECORD_GOLDENS"] == "1" }

    /// Where a failed comparison leaves its images: a folder of this test process under the temporary folder.
    public static let failuresFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("animserver-golden-failures-\(ProcessInfo.processInfo.processIdentifier)")

    /// The golden at `url`, premultiplied; first rewritten from `recording` when recording goldens.
    public static func read(_ url: URL, recording: PixelBuffer? = nil) throws -> PixelBuffer {
        if isRecording, let recording { try write(recording, to: url) }
        return PixelBuffer(premultiplying: try PNGImage.read(contentsOf: url.path))
    }

    /// Writes `pixels` as a PNG at `url`, making its folder.
    public static func write(_ pixels: PixelBuffer, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pixels.pngImage.write(to: url.path)
    }

    /// Compares `actual` with `expected` under `tolerance`; when it fails, writes `<label>-actual.png`,
    /// `<label>-expected.png` and `<label>-diff.png` to `failuresFolder`. The message names the label, the
    /// comparison and the folder.
    public static func compare(
        _ actual: PixelBuffer, against expected: PixelBuffer, _ tolerance: PixelComparison.Tolerance, label: String
    ) throws -> (passes: Bool, message: String) {
        let comparison = PixelComparison(actual: actual, expected: expected, tolerance: tolerance)
        if !comparison.passes {
            try write(actual, to: failuresFolder.appendingPathComponent("\(label)-actual.png"))
            try write(expected, to: failuresFolder.appendingPathComponent("\(label)-expected.png"))
            try write(
                PixelComparison.differenceImage(actual, expected),
                to: failuresFolder.appendingPathComponent("\(label)-diff.png"))
        }
        return (comparison.passes, "\(label): \(comparison) (images in \(failuresFolder.path))")
    }
}
