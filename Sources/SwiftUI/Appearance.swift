// The modifiers that only change how a view looks or where it is laid out: they compile and
// return the view as it was. An immersive view's RealityKit code does not depend on them.
import PrisonSpace

/// A colour, as SwiftUI's `Color`: a style a view is drawn in.
public struct Color: ShapeStyle, View, PrimitiveView, Hashable, Sendable {
    let name: String
    /// The colour of red, green and blue parts from 0 to 1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "\(red) \(green) \(blue) \(opacity)" }
    /// Clear.
    public static let clear = Color(name: "clear")
    /// White.
    public static let white = Color(name: "white")
    /// Black.
    public static let black = Color(name: "black")
    /// Red.
    public static let red = Color(name: "red")
    /// Green.
    public static let green = Color(name: "green")
    /// Blue.
    public static let blue = Color(name: "blue")
    /// Yellow.
    public static let yellow = Color(name: "yellow")
    /// Orange.
    public static let orange = Color(name: "orange")
    /// Gray.
    public static let gray = Color(name: "gray")
    /// The text colour of secondary content.
    public static let secondary = Color(name: "secondary")
    /// The text colour of primary content.
    public static let primary = Color(name: "primary")

    init(name: String) { self.name = name }
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {}
}

/// A style a view's shapes and text are drawn in, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle {}

extension ShapeStyle where Self == Color {
    /// White.
    public static var white: Color { Color.white }
    /// Black.
    public static var black: Color { Color.black }
    /// Clear.
    public static var clear: Color { Color.clear }
    /// The text colour of secondary content.
    public static var secondary: Color { Color.secondary }
    /// The text colour of primary content.
    public static var primary: Color { Color.primary }
}

/// A font, as SwiftUI's `Font`.
public struct Font: Hashable, Sendable {
    let name: String
    /// The font of extra large titles.
    public static let extraLargeTitle = Font(name: "extraLargeTitle")
    /// The font of large titles.
    public static let largeTitle = Font(name: "largeTitle")
    /// The font of titles.
    public static let title = Font(name: "title")
    /// The font of headlines.
    public static let headline = Font(name: "headline")
    /// The font of body text.
    public static let body = Font(name: "body")
    /// The font of captions.
    public static let caption = Font(name: "caption")
}

/// A side or sides of a view, as SwiftUI's `Edge.Set`.
public enum Edge {
    /// Sides of a view.
    public struct Set: OptionSet, Sendable {
        /// The bits of the set.
        public let rawValue: UInt8
        /// The set of the bits of `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The top.
        public static let top = Set(rawValue: 1)
        /// The bottom.
        public static let bottom = Set(rawValue: 2)
        /// The leading side.
        public static let leading = Set(rawValue: 4)
        /// The trailing side.
        public static let trailing = Set(rawValue: 8)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every side.
        public static let all: Set = [.horizontal, .vertical]
    }
}

/// Whether something shows, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable {
    /// As the system decides.
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
}

/// A point in a view given as fractions of its size, as SwiftUI's `UnitPoint`; with depth, as
/// `UnitPoint3D`.
public struct UnitPoint: Hashable, Sendable {
    /// The fraction across.
    public var x: Double
    /// The fraction down.
    public var y: Double
    /// The point at fractions `x` and `y`.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
    /// The middle.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// Where an ornament is attached to its window, as SwiftUI's `OrnamentAttachmentAnchor`.
public enum OrnamentAttachmentAnchor {
    /// At a point of the window's scene.
    case scene(UnitPoint)
}

extension View {
    /// The view, whatever its frame.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> Self { self }
    /// The view, whatever its frame in depth.
    public func frame(width: Double? = nil, height: Double? = nil, depth: Double?, alignment: Alignment = .center) -> Self { self }
    /// The view, whatever its bounds.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
        idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) -> Self { self }
    /// The view, whatever its padding.
    public func padding(_ length: Double? = nil) -> Self { self }
    /// The view, whatever its padding on `edges`.
    public func padding(_ edges: Edge.Set, _ length: Double? = nil) -> Self { self }
    /// The view, without the glass behind it.
    public func glassBackgroundEffect() -> Self { self }
    /// The view, without its ornament (whose content the harness does not walk).
    public func ornament<Content: View>(
        visibility: Visibility = .automatic, attachmentAnchor: OrnamentAttachmentAnchor,
        contentAlignment: Alignment = .center, @ViewBuilder ornament: () -> Content
    ) -> Self { self }
    /// The view, without its toolbar.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> Self { self }
    /// The view, in any font.
    public func font(_ font: Font?) -> Self { self }
    /// The view, in any style.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Self { self }
    /// The view, on any background.
    public func background<S: ShapeStyle>(_ style: S) -> Self { self }
    /// The view, at any opacity.
    public func opacity(_ opacity: Double) -> Self { self }
    /// The view, wherever it is moved.
    public func offset(x: Double = 0, y: Double = 0) -> Self { self }
    /// The view, wherever it is moved in depth.
    public func offset(z: Double) -> Self { self }
    /// The view, however it is turned.
    public func rotation3DEffect(_ angle: Angle, axis: (x: Double, y: Double, z: Double)) -> Self { self }
    /// The view, however it is scaled.
    public func scaleEffect(_ scale: Double) -> Self { self }
    /// The view, without a hover effect.
    public func hoverEffect() -> Self { self }
    /// The view, enabled or not.
    public func disabled(_ disabled: Bool) -> Self { self }
    /// The view, whatever its title.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> Self { self }
    /// The view, whether the person's arms show or not.
    public func upperLimbVisibility(_ visibility: Visibility) -> Self { self }
    /// The view, whether the system's overlays show or not.
    public func persistentSystemOverlays(_ visibility: Visibility) -> Self { self }
    /// The view, whatever its identity.
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
}

/// The glass materials views are drawn on, as SwiftUI's `Material` (named otherwise here, since
/// RealityKit's `Material` is another type): `.regularMaterial` and its kin.
public struct MaterialStyle: ShapeStyle, Hashable, Sendable {
    let name: String
}

extension ShapeStyle where Self == MaterialStyle {
    /// The regular glass.
    public static var regularMaterial: MaterialStyle { MaterialStyle(name: "regular") }
    /// A thin glass.
    public static var thinMaterial: MaterialStyle { MaterialStyle(name: "thin") }
    /// An ultra-thin glass.
    public static var ultraThinMaterial: MaterialStyle { MaterialStyle(name: "ultraThin") }
    /// A thick glass.
    public static var thickMaterial: MaterialStyle { MaterialStyle(name: "thick") }
}

extension Font {
    /// How heavy a font is, as SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        let value: Int
        /// Regular.
        public static let regular = Weight(value: 400)
        /// Medium.
        public static let medium = Weight(value: 500)
        /// Semibold.
        public static let semibold = Weight(value: 600)
        /// Bold.
        public static let bold = Weight(value: 700)
    }

    /// The system font at `size` points, of `weight`.
    public static func system(size: Double, weight: Weight? = nil) -> Font { Font(name: "system \(size)") }
    /// The font of subheadlines.
    public static let subheadline = Font(name: "subheadline")
    /// The font of footnotes.
    public static let footnote = Font(name: "footnote")
}

/// How lines of text line up, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable {
    /// Along the leading edge.
    case leading
    /// In the middle.
    case center
    /// Along the trailing edge.
    case trailing
}

/// How a button looks, as SwiftUI's button styles: `.borderless`, `.bordered`, `.plain`.
public struct ButtonLook: Hashable, Sendable {
    let name: String
}

extension ButtonLook {
    /// Without a border.
    public static let borderless = ButtonLook(name: "borderless")
    /// With a border.
    public static let bordered = ButtonLook(name: "bordered")
    /// Plain.
    public static let plain = ButtonLook(name: "plain")
    /// As the system decides.
    public static let automatic = ButtonLook(name: "automatic")
}

extension View {
    /// The view, in any colour.
    public func foregroundColor(_ color: Color?) -> Self { self }
    /// The view, bold or not.
    public func bold(_ isActive: Bool = true) -> Self { self }
    /// The view, italic or not.
    public func italic(_ isActive: Bool = true) -> Self { self }
    /// The view, however its lines line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Self { self }
    /// The view, whatever its number of lines.
    public func lineLimit(_ number: Int?) -> Self { self }
    /// The view, whatever its corners.
    public func cornerRadius(_ radius: Double) -> Self { self }
    /// The view, without its shadow.
    public func shadow(radius: Double) -> Self { self }
    /// The view, whatever its buttons look like.
    public func buttonStyle(_ style: ButtonLook) -> Self { self }
    /// The view, without the glass behind it, whatever its shape.
    public func glassBackgroundEffect<S>(in shape: S) -> Self { self }
    /// The view, on any view behind it.
    public func background<V: View>(@ViewBuilder _ content: () -> V) -> Self { self }
    /// The view, under any view over it.
    public func overlay<V: View>(@ViewBuilder _ content: () -> V) -> Self { self }
}

/// A rectangle with round corners, as SwiftUI's `RoundedRectangle`: a shape for backgrounds.
public struct RoundedRectangle: View, PrimitiveView, ShapeStyle {
    /// A rectangle with corners of `cornerRadius`.
    public init(cornerRadius: Double) {}
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {}
}
