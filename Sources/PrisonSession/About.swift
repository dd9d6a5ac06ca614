/// What the About page says of the program besides its files: the front end fills it in.
public struct About: Hashable, Sendable {
    /// The program's version.
    var version: String
    /// The commit the program was built from, or "unknown" (a build outside git).
    var build: String

    /// The version of the package these libraries and programs come from.
    public static let packageVersion = "3.0.0"

    /// The program of `version`, built from `build`.
    public init(version: String = Self.packageVersion, build: String = "unknown") {
        self.version = version
        self.build = build
    }

    /// The licence's words on the About page.
    package static let licence = "MIT licence (the LICENSE file); fonts: DejaVu, Bitstream Vera licence"
}
