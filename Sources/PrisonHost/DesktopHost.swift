import Foundation
import PrisonRules
import PrisonSession
import PrisonWorld

/// Plays the game's sound effects: the front end's sound device.
public protocol SoundPlayer: AnyObject {
    /// Plays `effect`, its pitch (and speed) scaled by `pitch`.
    func play(_ effect: SoundEffect, pitch: Float)
}

/// Does what a session asks of a desktop front end, except what only a window can do: keeps the
/// player's files (``Profile``), plays sounds, searches hints and builds boards on threads of their
/// own, and hands the session their answers and what went wrong with the files.
public final class DesktopHost {
    /// The player's files.
    public let profile: Profile
    private let sound: (any SoundPlayer)?
    /// Whether each search and build is waited for within the frame that asked for it (offscreen,
    /// where a frame is a fixed step, a script then shows the same frames however long they take).
    private let waitsForWork: Bool
    private var hint: (query: HintQuery, job: BackgroundJob<(group: Group, plan: SearchPlan)?>)?
    private var board: (order: BoardOrder, job: BackgroundJob<Result<Board, BoardError>>)?

    /// A host keeping `profile`'s files and playing sounds on `sound` (nil: silence); with
    /// `waitsForWork`, searches and builds are waited for (see ``serve(_:)``).
    public init(profile: Profile, sound: (any SoundPlayer)?, waitsForWork: Bool = false) {
        self.profile = profile
        self.sound = sound
        self.waitsForWork = waitsForWork
    }

    /// Whether a hint or a board is being worked on: the front end keeps drawing frames meanwhile.
    public var isWorking: Bool { hint != nil || board != nil }

    /// Does the effects `session` asked for since the last call, and hands it the answers of work
    /// that finished and the notices of files that failed. The effects only the window can do
    /// (full screen, screenshots, mouse-look, quit) are returned, in order.
    public func serve(_ session: Session) -> [WindowEffect] {
        var windowEffects: [WindowEffect] = []
        var effects = session.takeEffects()
        repeat {
            // What is kept goes first, in one transaction: a move is on disk before the frame
            // that shows it is drawn, and a game's end is kept whole.
            for case .keepSettings(let settings) in effects { profile.keep(settings) }
            profile.keep(effects.compactMap { if case .keep(let record) = $0 { record } else { nil } })
            for effect in effects {
                switch effect {
                case .keep, .keepSettings: break  // kept above
                case .sound(let sound, let pitch): self.sound?.play(sound, pitch: pitch)
                case .work(let work): start(work)
                case .window(let effect): windowEffects.append(effect)
                }
            }
            for notice in profile.takeNotices() { session.report(notice) }
            deliverAnswers(to: session)
            effects = session.takeEffects()
        } while !effects.isEmpty
        return windowEffects
    }

    /// Starts, or cancels, `work` on a thread of its own.
    private func start(_ work: Work) {
        switch work {
        case .searchHint(let query):
            hint = (query, BackgroundJob { _ in query.search() })
        case .buildBoard(let order):
            board?.job.cancel()
            board = (order, BackgroundJob { shouldStop in order.build(shouldStop: shouldStop) })
        case .cancelBoard(let order):
            if board?.order == order {
                board?.job.cancel()
                board = nil
            }
        }
    }

    /// Hands `session` the answers of the work that is over (all of it when work is waited for).
    private func deliverAnswers(to session: Session) {
        if let (query, job) = hint, let answer = waitsForWork ? job.waitForAnswer() : job.answer {
            hint = nil
            session.hintFound(answer, for: query)
        }
        if let (order, job) = board, let answer = waitsForWork ? job.waitForAnswer() : job.answer {
            board = nil
            session.boardBuilt(answer, for: order)
        }
    }
}
