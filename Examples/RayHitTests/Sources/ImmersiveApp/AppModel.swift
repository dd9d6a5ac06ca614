// The app's state, as a visionOS app keeps it: an @Observable model the scene gives its views
// with `.environment(appModel)`. This file builds unchanged against Apple's SwiftUI and, on
// Linux, against Puzzle Prison's SwiftUI module.
import SwiftUI

@MainActor
@Observable
final class AppModel {
    /// How many times a marble was tapped.
    var taps = 0
    /// The name of the marble picked last.
    var picked: String?
    /// Whether the marbles may be moved by hand.
    var allowsDragging = true
}
