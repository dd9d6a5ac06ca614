// `#Preview`, which view files of visionOS apps end with: it compiles (its closure is
// type-checked) and shows nothing, since nothing is drawn.
import PrisonSpace

/// How an immersive space shows its content, as SwiftUI's `ImmersionStyle`: for `#Preview`.
public protocol ImmersionStyle {}

/// How a window shows, as SwiftUI's `WindowStyle`: for `#Preview`.
public protocol WindowStyle {}

/// A style of an immersive space or a window, as SwiftUI's styles: named, since nothing shows.
public struct SceneStyle: ImmersionStyle, WindowStyle, Hashable, Sendable {
    let name: String
}

extension ImmersionStyle where Self == SceneStyle {
    /// As the system decides.
    public static var automatic: SceneStyle { SceneStyle(name: "automatic") }
    /// The content over the person's surroundings.
    public static var mixed: SceneStyle { SceneStyle(name: "mixed") }
    /// The content hiding the surroundings, up to a dial's turn.
    public static var progressive: SceneStyle { SceneStyle(name: "progressive") }
    /// The content alone.
    public static var full: SceneStyle { SceneStyle(name: "full") }
}

extension WindowStyle where Self == SceneStyle {
    /// As the system decides.
    public static var automatic: SceneStyle { SceneStyle(name: "automatic") }
    /// A window without its glass.
    public static var plain: SceneStyle { SceneStyle(name: "plain") }
    /// A volume: a window with depth.
    public static var volumetric: SceneStyle { SceneStyle(name: "volumetric") }
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
