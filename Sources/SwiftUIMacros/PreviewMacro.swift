// The compiler plugin of the SwiftUI module's `#Preview`: a view file's preview compiles, and
// expands to nothing (there is no canvas to show it on).
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { … }`: its arguments are type-checked; it declares nothing.
public struct PreviewMacro: DeclarationMacro {
    /// No declarations.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

@main
struct SwiftUIMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [PreviewMacro.self]
}
