import PrisonRules
import PrisonSession
import SessionFixture
import PrisonSpace
import PrisonWorld
import Testing

/// Taps and pointing along rays in the room's own space, as a headset's hands and gaze give them.
@Suite struct RayInputTests {
    /// Bottom row: two blocks of colour 0 on the left, then colour 1; top row the other way.
    static func fixture() throws -> Fixture {
        try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
    }

    /// A level ray from the middle of the room to the middle of `cell`, from the room's own layout.
    static func ray(at cell: Cell, in session: Session) -> Ray {
        let centre = session.world.layout.centre(wall: cell.wall, column: cell.column, row: cell.row)
        return Ray(from: [0.05, centre.y, 0], through: centre)
    }

    @Test func pointingAlongARayLightsUpItsGroupUntilThePointerIsGone() throws {
        let fixture = try Self.fixture()
        fixture.session.point(along: Self.ray(at: Cell(wall: 0, column: 0, row: 0), in: fixture.session))
        fixture.advance(by: .zero)
        let hovered = fixture.session.scene().blocks.filter(\.isHovered)
        // Its group as the rules find it.
        let group = try #require(fixture.session.game.availableGroups.first { $0.cells.contains(Cell(wall: 0, column: 0, row: 0)) })
        #expect(hovered.count == group.size)
        fixture.session.point(along: nil)
        fixture.advance(by: .zero)
        #expect(fixture.session.scene().blocks.allSatisfy { !$0.isHovered })
    }

    @Test func aTapAlongARayBreaksTheGroupItMeets() throws {
        let fixture = try Self.fixture()
        let cell = Cell(wall: 0, column: 1, row: 0)
        #expect(fixture.session.tap(along: Self.ray(at: cell, in: fixture.session)))
        #expect(fixture.session.game.moves.map(\.cell) == [cell])
        // A ray at the ceiling meets nothing.
        #expect(!fixture.session.tap(along: Ray(origin: [0, 1.2, 0], direction: [0, 1, 0])))
        #expect(fixture.session.game.moves.count == 1)
    }

    @Test func aTapAlongARayBreaksNothingWhileTheMenuIsOpen() throws {
        let fixture = try Self.fixture()
        fixture.session.perform(.menu)
        #expect(!fixture.session.tap(along: Self.ray(at: Cell(wall: 0, column: 0, row: 0), in: fixture.session)))
        #expect(fixture.session.game.moves.isEmpty)
    }

    @Test func theMenuActionGoesBackAPageAndClosesTheMenuAsEscDoes() throws {
        let fixture = try Self.fixture()
        fixture.session.perform(.menu)
        #expect(fixture.session.isMenuOpen && fixture.session.menuTitle == "Puzzle Prison")
        fixture.session.press(KeyChord(try #require(Key(name: "s"))))
        let page = fixture.session.menuTitle
        #expect(page != "Puzzle Prison")
        fixture.session.perform(.menu)
        #expect(fixture.session.isMenuOpen && fixture.session.menuTitle == "Puzzle Prison", "one page back from \(page)")
        fixture.session.perform(.menu)
        #expect(!fixture.session.isMenuOpen)
    }
}
