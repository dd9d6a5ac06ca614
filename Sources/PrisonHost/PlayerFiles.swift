import Foundation
import PrisonSession
import PrisonFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The game's folder (``DataDirectory/folderName``) under the XDG base directory `variable` names
/// in `environment` when it is an absolute path, else under `underHome` in `$HOME`; nil when
/// neither is absolute.
func gameFolder(_ environment: [String: String], variable: String, underHome: String) -> URL? {
    if let base = environment[variable], base.hasPrefix("/") {
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(DataDirectory.folderName)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(underHome)
        .appendingPathComponent(DataDirectory.folderName)
}

/// Writes `data` atomically to `file` in `folder`, creating the folder (and its parents) first.
func write(_ data: Data, to file: URL, in folder: URL) throws(HostError) {
    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
        throw HostError("\(folder.path): cannot create the directory (\(error.localizedDescription))")
    }
    try writeAtomically(data, to: file)
}

/// A file the player keeps, as messages name it, and what happens without it.
struct PlayerFile {
    /// How the full warning names it: "the saved game".
    let name: String
    /// How a player's notice names it: "Your saved game".
    let title: String
    /// What happens when it cannot be used: "a new game starts".
    let consequence: String

    static let savedGame = PlayerFile(name: "the saved game", title: "Your saved game", consequence: "a new game starts")
    static let scores = PlayerFile(name: "the best-scores file", title: "Your best scores", consequence: "the top 10 starts empty")
    static let statistics = PlayerFile(
        name: "the statistics file", title: "Your statistics", consequence: "the statistics start again")
    static let settings = PlayerFile(name: "the settings file", title: "Your settings", consequence: "the usual settings are used")
}

/// The value `decode` makes of `file`; nil without a warning when there is no file, nil with one
/// when the file cannot be read or is damaged, the damaged file put aside.
func load<Value, Failure: Error>(
    _ file: URL, named kind: PlayerFile, now: Date, decode: (Data) throws(Failure) -> Value
) -> Loaded<Value?> {
    guard FileManager.default.fileExists(atPath: file.path) else { return Loaded(value: nil) }
    let data: Data
    do { data = try readFile(at: file) } catch {
        return Loaded(
            value: nil, warning: "\(kind.name) could not be loaded: \(error); \(kind.consequence)",
            notice: "\(kind.title) could not be read, so \(kind.consequence).")
    }
    do throws(Failure) {
        return Loaded(value: try decode(data))
    } catch {
        let problem = "\(kind.name) \(file.path) is damaged (\(error))"
        do throws(HostError) {
            let aside = try moveAside(file, now: now)
            return Loaded(
                value: nil, warning: "\(problem); it was moved to \(aside.path) and \(kind.consequence)",
                notice: "\(kind.title) could not be read, so \(kind.consequence). The damaged file is kept as \(aside.lastPathComponent).")
        } catch let failure {
            return Loaded(
                value: nil, warning: "\(problem) and could not be moved aside (\(failure)); \(kind.consequence)",
                notice: "\(kind.title) could not be read, so \(kind.consequence).")
        }
    }
}

/// Renames `file` to `<name>.<label>-<YYYYMMDD-HHMMSS in UTC>` (`game.json.damaged-…`), adding
/// `-2`, `-3`… rather than replacing an earlier one; the new place.
func moveAside(_ file: URL, now: Date, as label: String = "damaged") throws(HostError) -> URL {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
    let stamp = String(
        format: "%04ld%02ld%02ld-%02ld%02ld%02ld", time.year ?? 0, time.month ?? 0, time.day ?? 0,
        time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
    let base = "\(file.lastPathComponent).\(label)-\(stamp)"
    var counter = 1
    while true {
        let name = counter == 1 ? base : "\(base)-\(counter)"
        let aside = file.deletingLastPathComponent().appendingPathComponent(name)
        counter += 1
        if FileManager.default.fileExists(atPath: aside.path) { continue }
        guard rename(file.path, aside.path) == 0 else {
            throw HostError("cannot rename it to \(aside.path): \(systemError())")
        }
        return aside
    }
}
