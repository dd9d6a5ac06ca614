@testable import PuzzlePrison
import Foundation
import PrisonRules
import PrisonHost
import PrisonSession
import Testing

/// Every text the window writes over the room keeps a contrast of at least 4.5:1 (WCAG AA) with
/// what is behind it, whatever the room shows there: measured on the quads the HUD and the menu
/// really lay out, each glyph against the panels drawn under it, over a black, a white and a grey
/// room (the extremes: a composite's luminance grows with the room's).
@Suite("Contrast of the HUD's text")
struct ContrastTests {
    static let viewports: [SIMD2<Float>] = [[640, 480], [1280, 720], [2560, 1080]]

    @Test("Every HUD text, in every state and window size, against any room", arguments: viewports)
    func hud(viewport: SIMD2<Float>) throws {
        let fixture = try Fixture(viewport: viewport)
        for (name, state) in fixture.states() {
            let layers = fixture.painter.layers(for: state, viewport: viewport)
            let worst = try #require(Self.worstContrast(layers))
            #expect(worst.ratio >= 4.5, "\(name) at \(viewport): \(worst)")
        }
    }

    @Test("Every menu page's text, and the notices, against any room", arguments: viewports)
    func menu(viewport: SIMD2<Float>) throws {
        let fixture = try Fixture(viewport: viewport)
        let session = fixture.session
        let overlay = MenuOverlay(text: fixture.painter.text, title: fixture.painter.title, scale: fixture.painter.scale)
        session.perform(.menu)
        let lines = session.menuItems
        // The main page, then each page a line of it opens.
        for (index, item) in lines.enumerated() {
            while session.isMenuOpen { session.press(KeyChord(.escape)) }
            session.perform(.menu)
            if index > 0 {
                guard case .command(.open) = item.kind else { continue }
                for _ in 0..<index { session.press(KeyChord(Key(name: "down")!)) }
                session.press(KeyChord(Key(name: "enter")!))
            }
            let layers = overlay.layers(for: session, viewport: viewport)
            let worst = try #require(Self.worstContrast(layers))
            #expect(worst.ratio >= 4.5, "the \(session.menuTitle) page at \(viewport): \(worst)")
        }
        #expect(lines.count >= 7)
    }

    /// The lowest contrast of any glyph in `layers` against the panels under it, over a black, a
    /// white and a mid-grey room; nil when there is no text.
    static func worstContrast(_ layers: [(Font, HUDBatch)]) -> (ratio: Double, colour: SIMD4<Float>, room: Double)? {
        var panels: [(min: SIMD2<Float>, max: SIMD2<Float>, colour: SIMD4<Float>)] = []
        var worst: (ratio: Double, colour: SIMD4<Float>, room: Double)?
        for (font, batch) in layers {
            let floats = batch.vertices
            for quad in stride(from: 0, to: floats.count, by: HUDBatch.floatsPerVertex * 6) {
                let corner = { (vertex: Int) -> SIMD2<Float> in
                    let at = quad + vertex * HUDBatch.floatsPerVertex
                    return [floats[at], floats[at + 1]]
                }
                let uv = SIMD2(floats[quad + 2], floats[quad + 3])
                let colour = SIMD4(floats[quad + 4], floats[quad + 5], floats[quad + 6], floats[quad + 7])
                let a = corner(0), b = corner(2)
                if uv == font.solid {
                    panels.append((a.replacing(with: b, where: b .< a), b.replacing(with: a, where: a .> b), colour))
                    continue
                }
                let centre = (a + b) / 2
                let under = panels.filter {
                    centre.x >= $0.min.x && centre.x <= $0.max.x && centre.y >= $0.min.y && centre.y <= $0.max.y
                }
                for room in [0.0, 0.5, 1.0] {
                    let behind = under.reduce(SIMD3<Double>(repeating: room)) { over($1.colour, $0) }
                    let ratio = contrast(over(colour, behind), behind)
                    if ratio < (worst?.ratio ?? .infinity) { worst = (ratio, colour, room) }
                }
            }
        }
        return worst
    }

    /// `colour` blended over `behind`, as GL blends it (in sRGB values, by its alpha).
    static func over(_ colour: SIMD4<Float>, _ behind: SIMD3<Double>) -> SIMD3<Double> {
        let alpha = Double(colour.w)
        return SIMD3(Double(colour.x), Double(colour.y), Double(colour.z)) * alpha + behind * (1 - alpha)
    }

    /// The WCAG contrast ratio of two sRGB colours, 1 to 21.
    static func contrast(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        func luminance(_ colour: SIMD3<Double>) -> Double {
            func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(colour.x) + 0.7152 * linear(colour.y) + 0.0722 * linear(colour.z)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("The measure itself: white on black is 21:1, a colour on itself 1:1, and text with no panel on a white room fails")
    func measure() throws {
        #expect(abs(Self.contrast([1, 1, 1], [0, 0, 0]) - 21) < 1e-9)
        #expect(Self.contrast([0.3, 0.6, 0.2], [0.3, 0.6, 0.2]) == 1)
        let fixture = try Fixture(viewport: [1280, 720])
        var batch = HUDBatch()
        fixture.painter.text.layout("Lost", at: [10, 30], colour: [1, 1, 1, 1], into: &batch)
        #expect(try #require(Self.worstContrast([(fixture.painter.text, batch)])).ratio < 1.01)
    }
}

/// A session and the window's HUD painter with the real fonts, no GL needed.
private struct Fixture {
    let session: Session
    let painter: HUDPainter

    init(viewport: SIMD2<Float>) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fonts = root.appendingPathComponent("Assets/fonts")
        let scale = HUDPainter.scale(contentScale: 1, framebuffer: viewport)
        let text = try Font(
            data: Data(contentsOf: fonts.appendingPathComponent("DejaVuSans.ttf")), pixelHeight: (18 * scale).rounded(), source: "text")
        let title = try Font(
            data: Data(contentsOf: fonts.appendingPathComponent("DejaVuSans-Bold.ttf")), pixelHeight: (34 * scale).rounded(),
            source: "title")
        painter = HUDPainter(text: text, title: title, scale: scale)
        let palettes = try Palette.palettes(at: root.appendingPathComponent("Assets/palettes.json"))
        let game = Game(start: try Board.random(room: .standard, colours: 5, seed: 1))
        session = Session(
            game: game, origin: GameOrigin(like: game.start, rules: game.rules), palettes: palettes,
            records: PlayerRecords(), sound: SoundOutput(isAvailable: false), seed: 1, date: Date(timeIntervalSince1970: 0))
        session.advance(FrameInput(elapsed: .zero, viewport: viewport, date: Date(timeIntervalSince1970: 0)))
    }

    /// The HUD in each of its states: at rest, in a combo (rising and not), in danger (pulse low
    /// and high), with a message and a hover, the end panel, the key help, the quit question, a
    /// replay, and the tutorial.
    func states() -> [(String, HUDState)] {
        let rest = session.hudState
        func with(_ change: (inout HUDState) -> Void) -> HUDState {
            var state = rest
            change(&state)
            return state
        }
        let danger = "Danger! Only 2 groups left to break, on walls 1 and 3"
        return [
            ("at rest", rest),
            ("a combo rising", with { $0.multiplier = 3; $0.flashes = true }),
            ("a combo", with { $0.multiplier = 3 }),
            ("danger, pulse low", with { $0.danger = danger; $0.time = 0.785; $0.compass = Compass(yaw: 0, walls: 4, dangerWalls: [0, 2]) }),
            ("danger, pulse high", with { $0.danger = danger; $0.time = 0.26; $0.compass = Compass(yaw: 90, walls: 4, dangerWalls: [0, 2]) }),
            ("a message and a hover", with { $0.message = "Palette: Colour-blind safe"; $0.hover = "7 blocks: 25 x 2 = 50 points" }),
            ("the end panel", with { $0.ending = ["No moves left", "Final score 1,234", "Not in the top 10", "N new game"] }),
            ("the key help", with { $0.showsHelp = true }),
            ("the quit question", with { $0.quitQuestion = HUDText.quitQuestion }),
            ("a replay in danger", with { $0.isReplay = true; $0.danger = danger }),
            ("the tutorial", with { $0.tutorialPanel = [Tutorial().title] + Tutorial().lines }),
        ]
    }
}
