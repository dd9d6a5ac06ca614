import PrisonSession

// GLFW's key codes and modifier bits, read into the session's keys.
extension Key {
    /// The key of a GLFW key code (GLFW numbers keys by their place on a US keyboard), or nil
    /// for keys the game does not use.
    init?(glfwKeyCode code: Int) {
        let name: String? =
            switch code {
            case 65...90: String(UnicodeScalar(UInt8(code + 32)))  // A to Z
            case 48...57: String(code - 48)
            case 290...301: "f\(code - 289)"
            case 32: "space"
            case 257, 335: "enter"  // Enter and the keypad's Enter
            case 256: "escape"
            case 258: "tab"
            case 259: "backspace"
            case 262: "right"
            case 263: "left"
            case 264: "down"
            case 265: "up"
            default: nil
            }
        guard let name else { return nil }
        self.init(name: name)
    }
}

extension Modifiers {
    /// The modifiers of GLFW's bit mask (shift 1, control 2, alt 4).
    init(glfwModifiers mask: Int) {
        self = []
        if mask & 1 != 0 { insert(.shift) }
        if mask & 2 != 0 { insert(.control) }
        if mask & 4 != 0 { insert(.alt) }
    }
}
