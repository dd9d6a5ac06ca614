// What an immersive view calls on the app around it: opening and dismissing spaces and windows,
// animating a change. The harness presents one view, so these do nothing but answer as the app
// would (a space opens).
import PrisonSpace

/// Opens an immersive space, as SwiftUI's `OpenImmersiveSpaceAction`: here it opens nothing and
/// answers that it did.
public struct OpenImmersiveSpaceAction: Sendable {
    /// What opening gives, as SwiftUI's `OpenImmersiveSpaceAction.Result`.
    public enum Result: Sendable {
        /// The space opened.
        case opened
        /// The person declined.
        case userCancelled
        /// Something went wrong.
        case error
    }

    /// Opens the space with the id `id`.
    @discardableResult public func callAsFunction(id: String) async -> Result { .opened }
    /// Opens the space that presents `value`.
    @discardableResult public func callAsFunction<D: Codable & Hashable>(value: D) async -> Result { .opened }
    /// Opens the space with the id `id`, presenting `value`.
    @discardableResult public func callAsFunction<D: Codable & Hashable>(id: String, value: D) async -> Result { .opened }
}

/// Dismisses the immersive space, as SwiftUI's `DismissImmersiveSpaceAction`: here it does nothing.
public struct DismissImmersiveSpaceAction: Sendable {
    /// Dismisses the open immersive space.
    public func callAsFunction() async {}
}

/// Opens a window, as SwiftUI's `OpenWindowAction`: here it does nothing.
public struct OpenWindowAction: Sendable {
    /// Opens the window with the id `id`.
    public func callAsFunction(id: String) {}
    /// Opens the window that presents `value`.
    public func callAsFunction<D: Codable & Hashable>(value: D) {}
    /// Opens the window with the id `id`, presenting `value`.
    public func callAsFunction<D: Codable & Hashable>(id: String, value: D) {}
}

/// Dismisses a window, as SwiftUI's `DismissWindowAction`: here it does nothing.
public struct DismissWindowAction: Sendable {
    /// Dismisses the window of the view.
    public func callAsFunction() {}
    /// Dismisses the window with the id `id`.
    public func callAsFunction(id: String) {}
    /// Dismisses the window that presents `value`.
    public func callAsFunction<D: Codable & Hashable>(value: D) {}
    /// Dismisses the window with the id `id` that presents `value`.
    public func callAsFunction<D: Codable & Hashable>(id: String, value: D) {}
}

extension EnvironmentValues {
    /// Opens an immersive space.
    public var openImmersiveSpace: OpenImmersiveSpaceAction { OpenImmersiveSpaceAction() }
    /// Dismisses the immersive space.
    public var dismissImmersiveSpace: DismissImmersiveSpaceAction { DismissImmersiveSpaceAction() }
    /// Opens a window.
    public var openWindow: OpenWindowAction { OpenWindowAction() }
    /// Dismisses a window.
    public var dismissWindow: DismissWindowAction { DismissWindowAction() }
}

/// How a change animates, as SwiftUI's `Animation`: the views are not drawn, so a change takes
/// effect at once.
public struct Animation: Hashable, Sendable {
    let name: String
    /// The system's animation.
    public static let `default` = Animation(name: "default")
    /// Steady speed.
    public static let linear = Animation(name: "linear")
    /// Slow at the start and the end.
    public static let easeInOut = Animation(name: "easeInOut")
    /// A spring.
    public static let spring = Animation(name: "spring")
    /// This animation lasting `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut \(duration)") }
    /// Steady speed for `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(name: "linear \(duration)") }
    /// Slow at the start.
    public static let easeIn = Animation(name: "easeIn")
    /// Slow at the start, lasting `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn \(duration)") }
    /// Slow at the end.
    public static let easeOut = Animation(name: "easeOut")
    /// Slow at the end, lasting `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut \(duration)") }
    /// A spring of perceptual `duration` seconds and `bounce` (0 none, up to 1).
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring \(duration) \(bounce) \(blendDuration)")
    }
    /// A spring of `response` seconds and `dampingFraction`. Disfavoured, so that `.spring()`
    /// is the duration-and-bounce form.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring response \(response) \(dampingFraction) \(blendDuration)")
    }
    /// A spring with a predefined duration and some bounce.
    public static let bouncy = Animation(name: "bouncy")
    /// A bouncy spring of `duration` seconds, with `extraBounce` more than its bounce of 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(name: "bouncy \(duration) \(extraBounce)")
    }
    /// A spring with a predefined duration and no bounce.
    public static let smooth = Animation(name: "smooth")
    /// A smooth spring of `duration` seconds, with `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(name: "smooth \(duration) \(extraBounce)")
    }
    /// A spring with a predefined duration and a little bounce.
    public static let snappy = Animation(name: "snappy")
    /// A snappy spring of `duration` seconds, with `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(name: "snappy \(duration) \(extraBounce)")
    }
    /// This animation, starting `delay` seconds later.
    public func delay(_ delay: Double) -> Animation { Animation(name: "\(name) delay \(delay)") }
    /// This animation, `speed` times as fast.
    public func speed(_ speed: Double) -> Animation { Animation(name: "\(name) speed \(speed)") }
    /// This animation, repeated for ever (played back and forth when `autoreverses`).
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(name: "\(name) repeatForever \(autoreverses)")
    }
}

/// Runs `body` (its changes take effect at once: nothing is drawn to animate).
@MainActor @preconcurrency
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

extension View {
    /// The view, whose changes to `value` take effect at once.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }

    /// The view, running `action` with the new value when `value` changes between evaluations of
    /// the body (SwiftUI's older form).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }
}
