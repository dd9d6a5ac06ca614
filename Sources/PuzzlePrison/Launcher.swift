import Foundation
import PrisonHost
import PrisonSession
import PrisonRules

/// What every session needs, loaded once: resources, palettes, the player's files, sound, and the
/// host that does what the session asks.
struct Launcher {
    let resources: Resources
    let palettes: [Palette]
    let host: DesktopHost
    /// What the sessions can play sounds on.
    let sound: SoundOutput

    /// Loads what sessions need, the player's data from the folders `environment` names; `sound`
    /// false opens no audio device at all, `muted` starts the sound off. With `waitsForWork`
    /// (offscreen), hints and boards are waited for in the frame that asks for them.
    init(
        resources: Resources, muted: Bool, sound: Bool, waitsForWork: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(FrontEndError) {
        self.resources = resources
        do throws(HostError) { palettes = try Palette.palettes(at: resources.palettes) } catch {
            throw FrontEndError(error.description)
        }
        let audio = AudioPlayer(soundsDirectory: sound ? resources.sounds : nil)
        self.sound = SoundOutput(isAvailable: audio.isAvailable, isMuted: muted)
        let profile: Profile
        do throws(HostError) { profile = try Profile(environment: environment) } catch { throw FrontEndError(error.description) }
        host = DesktopHost(profile: profile, sound: audio, waitsForWork: waitsForWork)
    }

    /// The player's files.
    var profile: Profile { host.profile }

    /// A session of the game `request` asks for (see ``ChosenGame``).
    func session(for request: GameRequest) throws(FrontEndError) -> Session {
        do throws(HostError) {
            // The session's target reads no random source: the window draws its seeds.
            let session = Session(
                try ChosenGame(request, profile: profile, seed: .random(in: .min ... .max)), palettes: palettes,
                records: profile.loadedRecords, sound: sound, seed: .random(in: .min ... .max), date: Date(),
                about: About(build: buildCommit))
            return session
        } catch {
            throw FrontEndError(error.description)
        }
    }

    /// A session of `game` kept as the game in progress, every move as it is played: a
    /// benchmark's, on a profile of its own.
    func keptSession(of game: Game) -> Session {
        Session(
            game: game, origin: GameOrigin(like: game.start, rules: game.rules), palettes: palettes, records: profile.loadedRecords,
            sound: sound, seed: 1, date: Date())
    }
}

/// The contents of the file at `path`, or a failure naming it as `what` ("board file", ...);
/// files beyond the session's reader's limit are refused, not read.
func contents(of path: String, what: String) throws(FrontEndError) -> Data {
    do throws(HostError) { return try readFile(atPath: path, what: what) } catch {
        throw FrontEndError(error.description)
    }
}

/// The text of the file at `path`, read as ``contents(of:what:)`` reads it, or a failure that
/// says so when it is not UTF-8.
func text(of path: String, what: String) throws(FrontEndError) -> String {
    do throws(HostError) { return try readText(atPath: path, what: what) } catch {
        throw FrontEndError(error.description)
    }
}
