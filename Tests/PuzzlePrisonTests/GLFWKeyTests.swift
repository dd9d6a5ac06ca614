@testable import PuzzlePrison
import PrisonSession
import Testing

/// The window's table of GLFW key codes and modifier bits, read into the session's keys.
@Suite("GLFW keys")
struct GLFWKeyTests {
    @Test("GLFW key codes", arguments: [
        (65, "a"), (90, "z"), (77, "m"), (48, "0"), (57, "9"), (290, "f1"), (300, "f11"), (301, "f12"),
        (32, "space"), (257, "enter"), (335, "enter"), (256, "escape"), (258, "tab"), (259, "backspace"),
        (262, "right"), (263, "left"), (264, "down"), (265, "up"),
    ])
    func glfwCodes(code: Int, name: String) throws {
        let key = try #require(Key(glfwKeyCode: code))
        #expect(key == Key(name: name))
    }

    @Test("GLFW key codes the game does not use give no key", arguments: [-1, 0, 31, 47, 58, 64, 91, 97, 122, 255, 260, 266, 289, 302, 340, 348])
    func unknownGLFWCodes(code: Int) {
        #expect(Key(glfwKeyCode: code) == nil)
    }

    @Test("GLFW modifier bits", arguments: [
        (0, Modifiers()), (1, .shift), (2, .control), (4, .alt), (3, [.shift, .control]),
        (7, [.shift, .control, .alt]),
        // Super (8), caps lock (16) and num lock (32) are not modifiers the game reads.
        (8, []), (16, []), (32 | 2, .control), (0x3f, [.shift, .control, .alt]),
    ] as [(Int, Modifiers)])
    func glfwModifiers(mask: Int, modifiers: Modifiers) {
        #expect(Modifiers(glfwModifiers: mask) == modifiers)
    }
}

