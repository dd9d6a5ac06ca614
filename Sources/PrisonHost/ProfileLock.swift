import Foundation
import PrisonFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one program playing on a player's profile: a POSIX lock on ``fileName`` in the data folder,
/// held while the program runs and let go by the system when it ends, however it ends (even by
/// `kill -9`). A second program on the same profile is refused rather than playing a game the
/// first would overwrite: two windows would each keep their own game over the other's.
///
/// The lock is the process's, so the profiles one process opens share it (tests open several).
final class ProfileLock {
    /// The lock file's name in the data folder.
    static let fileName = "player.lock"
    private let descriptor: Int32

    /// Why the lock could not be taken.
    enum Failure: Error {
        /// Another process holds it: its process id (nil when the system does not say).
        case held(by: Int32?)
        /// The lock file could not be made or locked: why.
        case unavailable(String)
    }

    /// Takes the lock of the data folder `folder`, creating the folder and the lock file.
    init(in folder: URL) throws(Failure) {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .unavailable("\(folder.path): cannot create the directory (\(error.localizedDescription))")
        }
        let path = folder.appendingPathComponent(Self.fileName).path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unavailable("\(path): \(systemError())") }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else {
            let reason = errno
            var holder = flock()
            holder.l_type = Int16(F_WRLCK)
            holder.l_whence = Int16(SEEK_SET)
            let pid = fcntl(descriptor, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? holder.l_pid : nil
            close(descriptor)
            if reason == EACCES || reason == EAGAIN { throw .held(by: pid) }
            throw .unavailable("\(path): cannot be locked (\(String(cString: strerror(reason))))")
        }
    }

    deinit { close(descriptor) }
}
