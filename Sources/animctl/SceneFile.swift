import AnimCore
import Foundation

/// Reading a scene document from a file, with errors that name the file, the JSON path and what was wrong.
enum SceneFile {
    /// The document's animations attached to its layer; their warnings (ignored keyTimes…) go to stderr.
    static func timeline(for document: SceneDocument, from path: String) throws(AnimctlError) -> SceneTimeline {
        let timeline: SceneTimeline
        do throws(SceneError) {
            timeline = try SceneTimeline(document)
        } catch {
            throw AnimctlError("'\(path)': \(error)")
        }
        for warning in timeline.warnings { printToStandardError("warning: \(warning)") }
        return timeline
    }

    static func load(_ path: String) throws(AnimctlError) -> SceneDocument {
        guard FileManager.default.fileExists(atPath: path) else {
            throw AnimctlError("cannot read '\(path)': no such file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AnimctlError("cannot read '\(path)': \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(SceneDocument.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let syntax = syntaxError(in: data)
            {
                throw AnimctlError("'\(path)' is not valid JSON: \(syntax)")
            }
            throw AnimctlError("'\(path)': \(error.pathAndReason)")
        } catch {
            throw AnimctlError("'\(path)': \(error)")
        }
    }

    /// JSONDecoder says only that the data is not JSON; JSONSerialization says where, as a byte offset,
    /// which is turned into a line and column here.
    private static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            var detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if detail.hasSuffix(".") { detail.removeLast() }
            guard let range = detail.range(of: "character "),
                let offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
            else { return detail }
            let before = data.prefix(offset)
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return "\(detail) (line \(line), column \(column))"
        }
    }
}
