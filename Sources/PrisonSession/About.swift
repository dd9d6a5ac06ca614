/// What the About page says of the program besides its files: the front end fills it in.
public struct About: Hashable, Sendable {
    /// The program's version.
    var version: String
    /// The commit the program was built from, or "unknown" (a build outside git).
    var build: String

    /// The version of the package these libraries and programs come from.
    package static let packageVersion = "3.3.0"

    /// This version of the program, built from the commit `build` ("unknown" outside git).
    public init(build: String = "unknown") {
        version = Self.packageVersion
        self.build = build
    }

    /// The licence's words on the About page.
    package static let licence = "MIT licence (the LICENSE file); fonts: DejaVu, Bitstream Vera licence"
}
