// RealityKit brings Foundation with it: its code names `TimeInterval` (the seconds of moves and
// playback controllers), `sin` and `cos` without importing Foundation itself. So does this module.
@_exported import Foundation
