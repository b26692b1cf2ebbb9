import ArgumentParser

@main
struct Animctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animctl",
        abstract: "Inspect and steer animserver, and evaluate animations offline.",
        discussion: """
            eval and plot work offline; status, clients, tree, layer, animations, clock, screenshot, record and output talk to a running \
            animserverd. The offline commands read a scene document: a layer's model values and the animations added to it, \
            as JSON (docs/json-format.md).
            """,
        subcommands: [
            Eval.self, Plot.self, Status.self, Clients.self, Tree.self, LayerCommand.self, Animations.self, Clock.self,
            ScreenshotCommand.self, Record.self, OutputCommand.self, InputCommand.self,
        ])
}
