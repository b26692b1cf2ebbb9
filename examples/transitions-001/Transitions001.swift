import AnimKit
import ArgumentParser
import TransitionExampleSupport

/// Seed 001's transitions as an app: a home scene whose buttons present a card (a custom animator that scales it
/// from 0.8 and fades it in, reversed on dismiss), push a detail scene (a custom push/pop animator, with the
/// detail's title faded in alongside by the transition coordinator; a pan from the left edge pops it
/// interactively) and show a half-height sheet over a dimmed background (a presentation controller).
/// Every transition is printed when it begins and when it ends, finished or cancelled.
@main
struct Transitions001: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-transitions-001",
        abstract: "Seed 001's custom, interactive and presented transitions on a running animserverd.",
        discussion: "--script plays: present the card, dismiss it, push the detail, pop it, show the sheet, dismiss it."
    )

    @OptionGroup var options: ExampleOptions

    func run() throws {
        try runExample("example-transitions-001", options: options) { try TransitionsApp(connection: $0, metrics: $1) }
    }
}
