// Reads a DocC archive's documentation-coverage.json and prints how many of the library's public
// declarations have a doc comment (an abstract), one line, then each one that has none.
// Not counted: articles, pages of extended modules and types (they are not declarations), and the
// initialisers the compiler writes for Codable and raw-value enums (`init(from:)`,
// `init(rawValue:)`) when they have no doc comment: they are named on a line of their own.
// Usage: swift scripts/doc-coverage.swift LIBRARY COVERAGE.json; exits 1 when one is missing.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let data = FileManager.default.contents(atPath: arguments[2]),
    let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
else {
    FileHandle.standardError.write(Data("usage: doc-coverage.swift LIBRARY COVERAGE.json\n".utf8))
    exit(2)
}
var documented = 0
var missing: [String] = []
var synthesized: [String] = []
for entry in entries {
    guard let kind = entry["kind"] as? [String: Any], kind["isSymbol"] as? Bool == true,
        let name = kind["name"] as? String, !name.hasPrefix("Extended "),
        let path = (entry["referencePath"] as? String)?.components(separatedBy: "/documentation/").last
    else { continue }
    if entry["hasAbstract"] as? Bool == true {
        documented += 1
    } else if path.hasSuffix("/init(from:)") || path.hasSuffix("/init(rawValue:)") {
        synthesized.append(path)
    } else {
        missing.append(path)
    }
}
print("\(arguments[1]): \(documented) of \(documented + missing.count) public declarations have a doc comment")
if !synthesized.isEmpty { print("  not counted, written by the compiler: " + synthesized.sorted().joined(separator: ", ")) }
for path in missing.sorted() { print("  no doc comment: \(path)") }
exit(missing.isEmpty ? 0 : 1)
