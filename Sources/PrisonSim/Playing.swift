import Dispatch
import PrisonWorld
import Synchronization

extension Plan {
    /// Plays `shard`'s games of the plan but those in `done` (numbered point × games + index), on
    /// `jobs` threads, in order of game number, handing each finished game and its point to
    /// `finished` (from the thread that played it), until all are played or `shouldStop` returns
    /// true; games in progress then are finished first.
    func play(
        shard: Shard, skipping done: Set<Int> = [], jobs: Int, shouldStop: @Sendable () -> Bool,
        finished: @Sendable (_ point: Int, _ game: SimulatedGame) -> Void
    ) {
        let simulations = points.indices.map { simulation(ofPoint: $0) }
        let numbers = shard.games(of: totalGames).filter { !done.contains($0) }
        let next = Atomic<Int>(0)
        let games = games
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, numbers.count))) { _ in
            while !shouldStop() {
                let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard taken < numbers.count else { return }
                let point = numbers[taken] / games
                finished(point, simulations[point].playGame(numbers[taken] % games))
            }
        }
    }
}
