import PrisonWorld

extension Plan {
    /// Plays `shard`'s games of the plan but those in `done` (numbered point × games + index), on
    /// `jobs` threads, in order of game number, handing each finished game and its point to
    /// `finished` (from the thread that played it), until all are played or `shouldStop` returns
    /// true; games in progress then are abandoned at their next tap or budget check, so a stop
    /// takes effect at once whatever the player.
    public func play(
        shard: Shard, skipping done: Set<Int> = [], jobs: Int, shouldStop: @escaping @Sendable () -> Bool,
        finished: @Sendable (_ point: Int, _ game: SimulatedGame) -> Void
    ) {
        let simulations = points.indices.map { simulation(ofPoint: $0) }
        let numbers = shard.games(of: totalGames).filter { !done.contains($0) }
        let games = games
        Simulation.forEachGame(count: numbers.count, jobs: jobs, shouldStop: shouldStop) { taken in
            let point = numbers[taken] / games
            guard let game = simulations[point].playGame(numbers[taken] % games, stoppingWhen: shouldStop) else { return false }
            finished(point, game)
            return true
        }
    }
}
