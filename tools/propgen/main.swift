// propgen: generates the layer property code and tables from protocol/layer-properties.json, as protogen
// generates the wire from protocol/spec.json: AnimCore's LayerProperty, LayerState's storage and get/set, the
// SDK's typed accessors, protocol/key-paths.md, and the tables between marker comments in protocol/README.md and
// docs/json-format.md.
// Usage: swift run propgen [--check] [--table PATH] [--root DIR]
// --check compares instead of writing and exits 1 when a checked-in file differs from what the table gives.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var tablePath = "protocol/layer-properties.json"
var root = "."
while let arg = arguments.first {
    arguments.removeFirst()
    switch arg {
    case "--check": check = true
    case "--table" where !arguments.isEmpty: tablePath = arguments.removeFirst()
    case "--root" where !arguments.isEmpty: root = arguments.removeFirst()
    default:
        FileHandle.standardError.write(
            Data("propgen: unknown argument \(arg)\nusage: propgen [--check] [--table PATH] [--root DIR]\n".utf8))
        exit(2)
    }
}

do {
    let table = try loadTable(tablePath)
    var files: [(String, String)] = [
        ("Sources/AnimCore/Layer/Generated/LayerProperties.swift", emitLayerProperties(table)),
        ("Sources/AnimCore/Layer/Generated/LayerStateStorage.swift", emitLayerStateStorage(table)),
        ("Sources/AnimCore/Layer/Generated/LayerStateValues.swift", emitLayerStateValues(table)),
        ("Sources/AnimKit/Layer/Generated/LayerPropertyAccessors.swift", emitKitAccessors(table)),
        ("protocol/key-paths.md", emitKeyPaths(table)),
    ]
    for section in [readmeSection(table), jsonFormatSection(table)] {
        let path = root + "/" + section.file
        let document = try String(contentsOfFile: path, encoding: .utf8)
        files.append((section.file, try section.replacing(in: document)))
    }
    var drifted: [String] = []
    for (name, text) in files {
        let path = root + "/" + name
        if check {
            if (try? String(contentsOfFile: path, encoding: .utf8)) != text { drifted.append(name) }
        } else {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
    if !check {
        print("propgen: wrote \(files.count) files from \(tablePath)")
    } else if drifted.isEmpty {
        print("propgen: \(files.count) files match \(tablePath)")
    } else {
        print("propgen: generated files differ from \(tablePath); run `swift run propgen`:")
        for name in drifted { print("  \(name)") }
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("propgen: \(error)\n".utf8))
    exit(1)
}
