import AnimTestSupport

/// What one run of the built `animctl` printed and how it exited.
typealias CommandResult = ProgramResult

/// Runs the `animctl` binary SwiftPM built next to this test bundle, as a user would, from the repository root.
enum AnimctlRunner {
    /// The repository root (examples/ lives there).
    static let repositoryRoot = BuiltProgram.repositoryRoot

    static func run(_ arguments: [String]) throws -> CommandResult {
        try BuiltProgram.run("animctl", arguments)
    }
}
