/// Why a PNG could not be read, decoded, encoded or written.
///
/// Cases that concern a file carry its path; `message` is libpng's own text (`png_image.message`), or
/// the system's error text when the file could not be opened.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be opened or is not a PNG that libpng can decode.
    case readFailed(path: String, message: String)
    /// The in-memory bytes are not a PNG that libpng can decode.
    case decodeFailed(message: String)
    /// The image could not be written to `path`.
    case writeFailed(path: String, message: String)
    /// The image could not be encoded in memory.
    case encodeFailed(message: String)
    /// The PNG header announces more pixels than `PNGImage.maximumPixelCount`; nothing was allocated.
    /// `path` is nil for in-memory data.
    case tooLarge(path: String?, width: Int, height: Int)

    public var description: String {
        switch self {
        case .readFailed(let path, let message):
            "cannot read PNG '\(path)': \(message)"
        case .decodeFailed(let message):
            "cannot decode PNG data: \(message)"
        case .writeFailed(let path, let message):
            "cannot write PNG '\(path)': \(message)"
        case .encodeFailed(let message):
            "cannot encode PNG: \(message)"
        case .tooLarge(let path, let width, let height):
            "PNG \(path.map { "'\($0)' " } ?? "")is \(width)x\(height) pixels, "
                + "more than the limit of \(PNGImage.maximumPixelCount)"
        }
    }
}
