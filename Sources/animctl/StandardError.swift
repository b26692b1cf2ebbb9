import Foundation

/// Writes one line to standard error (warnings; errors go through ArgumentParser).
func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
