import AnimKit
import ArgumentParser
import TransitionExampleSupport

/// Seed 003's transitions as an app: a tap presents a scene that slides in from the left; a tap on it dismisses
/// it, sliding it out downwards; a pan down dismisses it interactively, finished when let go past half the
/// height and cancelled below. Every transition is printed when it begins and when it ends.
@main
struct Transitions003: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-transitions-003",
        abstract: "Seed 003's slide-in present, slide-out dismiss and pan-to-dismiss on a running animserverd.",
        discussion: "--script plays: present, dismiss.")

    @OptionGroup var options: ExampleOptions

    func run() throws {
        try runExample("example-transitions-003", options: options) { try SlideApp(connection: $0, metrics: $1) }
    }
}
