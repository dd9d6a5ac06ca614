/// What the session asks of the front end it runs in.
public enum HostRequest: Hashable, Sendable {
    /// Switch between a window and the full screen.
    case toggleFullscreen
    /// Save a screenshot of the frame, to `path` or (nil) to a new file in the screenshots folder.
    case screenshot(path: String?)
    /// Capture the pointer for mouse-look (true) or give it back (false).
    case mouseLook(Bool)
    /// Close the front end: the session is over.
    case quit
}

/// Plays the game's sound effects: the front end's sound device.
public protocol SoundPlayer: AnyObject {
    /// Whether ``play(_:pitch:)`` stays silent.
    var isMuted: Bool { get set }
    /// Whether there is a device to play on: without one, the session does not offer sound.
    var isAvailable: Bool { get }
    /// Plays `effect`, its pitch (and speed) scaled by `pitch`.
    func play(_ effect: SoundEffect, pitch: Float)
}
