import Foundation

/// Pieces of SVG 1.1 text shared by the plots, with coordinates of at most one decimal so that
/// the same figures always give the same bytes.
enum SVG {
    /// The start of an image `width` by `height`, with its background, sans-serif text in dark grey.
    static func document(width: Int, height: Int, _ elements: [String]) -> String {
        #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(width)" height="\#(height)" \#
        viewBox="0 0 \#(width) \#(height)" font-family="sans-serif" font-size="12" fill="#333333">

        """#
            + ([rectangle(x: 0, y: 0, width: Double(width), height: Double(height), ##"fill="#fafafa""##)] + elements)
            .map { $0 + "\n" }.joined() + "</svg>\n"
    }

    /// An SVG coordinate: at most one decimal.
    static func coordinate(_ value: Double) -> String { trimmed(value, decimals: 1) }

    /// A text element at (`x`, `y`) with more `attributes`, holding `content` escaped.
    static func text(_ content: String, x: Double, y: Double, _ attributes: String) -> String {
        #"<text x="\#(coordinate(x))" y="\#(coordinate(y))" \#(attributes)>\#(escaped(content))</text>"#
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`) with more `attributes`.
    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ attributes: String) -> String {
        #"<line x1="\#(coordinate(x1))" y1="\#(coordinate(y1))" x2="\#(coordinate(x2))" y2="\#(coordinate(y2))" "#
            + attributes + "/>"
    }

    /// A polyline through `points` with more `attributes`.
    static func polyline(_ points: [(x: Double, y: Double)], _ attributes: String) -> String {
        #"<polyline points="\#(points.map { coordinate($0.x) + "," + coordinate($0.y) }.joined(separator: " "))" "#
            + attributes + "/>"
    }

    /// A circle at (`x`, `y`) with more `attributes`, and `title` as its tooltip when there is one.
    static func circle(x: Double, y: Double, radius: Double, _ attributes: String, title: String? = nil) -> String {
        let start = #"<circle cx="\#(coordinate(x))" cy="\#(coordinate(y))" r="\#(coordinate(radius))" \#(attributes)"#
        return title.map { start + "><title>\(escaped($0))</title></circle>" } ?? start + "/>"
    }

    /// A rectangle with more `attributes`, and `title` as its tooltip when there is one.
    static func rectangle(
        x: Double, y: Double, width: Double, height: Double, _ attributes: String, title: String? = nil
    ) -> String {
        let start =
            #"<rect x="\#(coordinate(x))" y="\#(coordinate(y))" "#
            + #"width="\#(coordinate(width))" height="\#(coordinate(height))" \#(attributes)"#
        return title.map { start + "><title>\(escaped($0))</title></rect>" } ?? start + "/>"
    }

    /// `text` with XML's special characters as entities, and the characters XML 1.0 forbids as U+FFFD.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// `value` with exactly `decimals` decimals, never as "-0.0".
func fixed(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
}

/// `value` with at most `decimals` decimals, without trailing zeros.
func trimmed(_ value: Double, decimals: Int) -> String {
    var text = fixed(value, decimals: decimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// `count` and `noun`, plural unless `count` is 1.
func counting(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
