import ArgumentParser

@main
struct Animctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animctl",
        abstract: "Inspect and steer animserver, and evaluate animations offline.")
}
