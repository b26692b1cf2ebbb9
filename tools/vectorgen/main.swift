// Writes the protocol's binary test vectors: protocol/vectors/NNN-<Message>-<variant>.bin (the exact frame) with
// .txt (its decoded text), and protocol/bad/<name>.bin with .txt (the error code a receiver must report, and why).
// Usage: swift run vectorgen [--check] [--output DIR]
// --check compares instead of writing and exits 1 when the committed files differ from what it would write.
import AnimProtocol
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var outputDir = "protocol"
while let arg = arguments.first {
    arguments.removeFirst()
    switch arg {
    case "--check": check = true
    case "--output" where !arguments.isEmpty: outputDir = arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("vectorgen: unknown or incomplete argument \(arg)\n".utf8))
        exit(2)
    }
}

/// Every file the generator owns, by path relative to the output directory.
var files: [String: [UInt8]] = [:]
for (index, vector) in Examples.vectors.enumerated() {
    let number = String(index + 1)
    let stem =
        "vectors/" + String(repeating: "0", count: max(0, 3 - number.count)) + number + "-"
        + vector.message.name + "-" + vector.variant
    files[stem + ".bin"] = FrameCodec.encode(vector.message)
    files[stem + ".txt"] = Array((vector.message.jsonText + "\n").utf8)
}
for bad in BadFrames.frames {
    files["bad/" + bad.name + ".bin"] = bad.bytes
    files["bad/" + bad.name + ".txt"] = Array(bad.text.utf8)
}

let fileManager = FileManager.default
/// The .bin and .txt files now in vectors/ and bad/, which the generator owns.
func existingFiles(in outputDir: String) -> Set<String> {
    let fileManager = FileManager.default
    var found: Set<String> = []
    for folder in ["vectors", "bad"] {
        let names = (try? fileManager.contentsOfDirectory(atPath: outputDir + "/" + folder)) ?? []
        for name in names where name.hasSuffix(".bin") || name.hasSuffix(".txt") {
            found.insert(folder + "/" + name)
        }
    }
    return found
}

do {
    if check {
        var drifted: [String] = []
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let existing = fileManager.contents(atPath: outputDir + "/" + path).map { [UInt8]($0) }
            if existing != bytes { drifted.append(path) }
        }
        drifted += existingFiles(in: outputDir).subtracting(files.keys).sorted().map { $0 + " (not generated)" }
        if drifted.isEmpty {
            print("vectorgen: \(files.count) files match")
        } else {
            print("vectorgen: committed vectors differ from the generator; run `swift run vectorgen`:")
            for path in drifted { print("  \(outputDir)/\(path)") }
            exit(1)
        }
    } else {
        for folder in ["vectors", "bad"] {
            try fileManager.createDirectory(atPath: outputDir + "/" + folder, withIntermediateDirectories: true)
        }
        for stale in existingFiles(in: outputDir).subtracting(files.keys) {
            try fileManager.removeItem(atPath: outputDir + "/" + stale)
        }
        for (path, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: outputDir + "/" + path))
        }
        print("vectorgen: wrote \(files.count) files to \(outputDir)")
    }
} catch {
    FileHandle.standardError.write(Data("vectorgen: \(error)\n".utf8))
    exit(1)
}
