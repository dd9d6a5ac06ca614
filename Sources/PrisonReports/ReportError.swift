import PrisonFiles

/// Why a report's file cannot be read or written: data that is not what it should be (a games
/// CSV of another run, a damaged row, a grid line that does not parse), or a file problem.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The data does not make sense; the message names the file and line.
    case badData(String)
    /// A file cannot be read or written (missing, unreadable, too large, not writable).
    case file(FileError)

    /// The message, as a sentence without the program's name.
    public var description: String {
        switch self {
        case .badData(let message): message
        case .file(let error): error.description
        }
    }
}
