import ArgumentParser
import PrisonRules

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Measure the rules engine.")
    func run() throws {}
}
