import ArgumentParser

@main
struct Animctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animctl",
        abstract: "Inspect and steer animserver, and evaluate animations offline.",
        discussion: """
            The offline commands read a scene document: a layer's model values and the animations added to it, \
            as JSON (docs/json-format.md).
            """,
        subcommands: [Eval.self, Plot.self])
}
