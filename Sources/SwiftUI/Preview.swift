// `#Preview`, which view files of visionOS apps end with: it compiles (its closure is
// type-checked) and shows nothing, since nothing is drawn.
import PrisonSpace

/// How an immersive space shows its content, as SwiftUI's `ImmersionStyle`: for `#Preview`.
public protocol ImmersionStyle {}

/// The immersion style of a space, as SwiftUI's styles.
public struct AnyImmersionStyle: ImmersionStyle {
    let name: String
}

extension ImmersionStyle where Self == AnyImmersionStyle {
    /// As the system decides.
    public static var automatic: AnyImmersionStyle { AnyImmersionStyle(name: "automatic") }
    /// The content over the person's surroundings.
    public static var mixed: AnyImmersionStyle { AnyImmersionStyle(name: "mixed") }
    /// The content hiding the surroundings, up to a dial's turn.
    public static var progressive: AnyImmersionStyle { AnyImmersionStyle(name: "progressive") }
    /// The content alone.
    public static var full: AnyImmersionStyle { AnyImmersionStyle(name: "full") }
}

/// How a window shows, as SwiftUI's `WindowStyle`: for `#Preview`.
public protocol WindowStyle {}

/// The style of a window, as SwiftUI's styles.
public struct AnyWindowStyle: WindowStyle {
    let name: String
}

extension WindowStyle where Self == AnyWindowStyle {
    /// As the system decides.
    public static var automatic: AnyWindowStyle { AnyWindowStyle(name: "automatic") }
    /// A window without its glass.
    public static var plain: AnyWindowStyle { AnyWindowStyle(name: "plain") }
    /// A volume: a window with depth.
    public static var volumetric: AnyWindowStyle { AnyWindowStyle(name: "volumetric") }
}

/// A preview of `body`, named `name`: compiles and shows nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "SwiftUIMacros", type: "PreviewMacro")

/// A preview of `body` in an immersive space of `immersionStyle`: compiles and shows nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, immersionStyle: any ImmersionStyle, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "SwiftUIMacros", type: "PreviewMacro")

/// A preview of `body` in a window of `windowStyle`: compiles and shows nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, windowStyle: any WindowStyle, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "SwiftUIMacros", type: "PreviewMacro")
