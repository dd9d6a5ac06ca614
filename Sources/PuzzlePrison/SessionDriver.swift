import Foundation
import PrisonHost
import PrisonSession

/// Feeds a session its frames the one way every front end of `puzzle-prison` does (the window
/// and the headset): the frame's inputs, the effects the host does before and after time moves
/// on, and the last keeping of the game at the end.
struct SessionDriver {
    let session: Session
    /// Does what the session asks: files, sounds, searches, boards.
    let host: DesktopHost

    /// Moves time on with `frame`: what input asked for is done and finished work handed over
    /// before time moves on, so a ready answer shows before the session gives up waiting for it;
    /// then the frame's own. Returns the effects only a front end can do (full screen,
    /// screenshots, mouse-look, quit), in order.
    func advance(_ frame: FrameInput) -> [WindowEffect] {
        var effects = host.serve(session)
        session.advance(frame)
        effects += host.serve(session)
        return effects
    }

    /// Has the host do what the session asked since the last frame (a script's step, an answer
    /// handed over); returns the effects only a front end can do.
    func serve() -> [WindowEffect] {
        host.serve(session)
    }

    /// Ends the session's run: whatever it asked for last is done, the game in progress kept.
    func finish() {
        _ = host.serve(session)
    }
}
