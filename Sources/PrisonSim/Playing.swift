import Foundation
import PrisonReports
import PrisonWorld
import Synchronization

extension Plan {
    /// Plays `shard`'s games as `run` and `sweep` do: with a progress bar on a terminal, until
    /// done or Ctrl-C, each finished game's row going to `csv`'s partial file at once (after the
    /// games `resume` keeps from an earlier run), and `eachGame` called with every game played.
    /// Returns every game (kept ones too), the seconds the playing took, and the CSV's writer,
    /// whose ``GamesCSVWriter/finish(_:)`` sorts the rows into the file.
    func playShard(
        _ shard: Shard, jobs: Int, csv: String?, resume: Bool,
        eachGame: @Sendable (_ point: Int, _ game: SimulatedGame) -> Void = { _, _ in }
    ) throws(Failure) -> (games: [(point: Int, record: GameRecord)], seconds: Double, csv: GamesCSVWriter?) {
        let writer = try csv.map { path throws(Failure) in
            do throws(ReportError) { return try GamesCSVWriter(path: path, plan: self, shard: shard, resuming: resume) } catch {
                throw Failure(error)
            }
        }
        let kept = writer?.kept ?? []
        let played = Mutex<[(point: Int, record: GameRecord)]>(kept)
        let progress = isatty(STDERR_FILENO) == 1 ? ProgressBar(total: shard.share(of: totalGames) - kept.count) : nil
        Interruption.catchControlC()
        let started = ContinuousClock.now
        let done = Set(kept.map { $0.point * self.games + $0.record.index })
        play(shard: shard, skipping: done, jobs: jobs, shouldStop: { Interruption.wasRequested }) { point, game in
            writer?.append(game.record, point: point)
            eachGame(point, game)
            let count = played.withLock { played in
                played.append((point, game.record))
                return played.count - kept.count
            }
            progress?.show(done: count)
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        progress?.finish()
        let games = played.withLock(\.self)
        return (games, seconds, writer)
    }
}

/// Runs every one of `writes`, even after one fails: the messages of all failures but the
/// first are printed, and the first is thrown, so one output that cannot be written never costs
/// the others.
func writingEach(_ writes: [() throws -> Void]) throws {
    var first: (any Error)?
    for write in writes {
        do { try write() } catch {
            if first == nil {
                first = error
            } else if let failure = error as? Failure {
                printError(failure.message)
            } else if let error = error as? ReportError {
                printError(error.description)
            }
        }
    }
    if let first { throw first }
}
