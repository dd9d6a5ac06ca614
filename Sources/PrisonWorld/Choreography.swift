import PrisonRules

/// The times of one move on a world at rest, worked out apart from the world: which blocks
/// break, fall and slide, when each step starts after the tap and how long it lasts, and when
/// the end of the game starts if the move ended it.
///
/// Deprecated: the world does not plan from it. A ``World`` plans each move in stages, wall by
/// wall, from where its blocks are drawn; on a world at rest those stages start at the times
/// this value gives (a test keeps the two together while it ships), but only the world says what
/// happens while earlier moves still move. To see a move's timing, play it on a world and read
/// the ``WorldEvent``s that ``World/advance(by:)`` returns and its blocks' ``BlockPhase``.
@available(*, deprecated, message: "the world plans moves in stages; play the move on a World and read its events and block phases")
public struct Choreography: Hashable, Sendable {
    /// A block's move to a cell, starting a while after the tap.
    public struct Step: Hashable, Sendable {
        /// What the block does: fall to its row or slide to its column.
        public enum Kind: Hashable, Sendable {
            /// Falls down its column to the row it lands on.
            case fall
            /// Slides along the wall to its new column.
            case slide
        }

        /// The block that moves.
        public let block: BlockID
        /// Where the block's motion is in the outcome's `removal.moved`.
        public let motionIndex: Int
        /// Whether it falls or slides.
        public let kind: Kind
        /// The cell it moves to: for a fall, its new row in its old column.
        public let cell: Cell
        /// When it starts, after the tap, and how long it lasts, in the world clock's microseconds.
        let startMicroseconds: Int64, durationMicroseconds: Int64
        /// When it starts, after the tap.
        public var start: Duration { .microseconds(startMicroseconds) }
        /// How long it lasts.
        public var duration: Duration { .microseconds(durationMicroseconds) }

        /// A step of `block`, whose motion is number `motionIndex` of the outcome's, to `cell`,
        /// from `start` after the tap, for `duration`, both held to whole microseconds (a
        /// negative one is none).
        public init(block: BlockID, motionIndex: Int, kind: Kind, cell: Cell, start: Duration, duration: Duration) {
            self.init(
                block: block, motionIndex: motionIndex, kind: kind, cell: cell, startMicroseconds: start.wholeMicroseconds,
                durationMicroseconds: duration.wholeMicroseconds)
        }

        init(block: BlockID, motionIndex: Int, kind: Kind, cell: Cell, startMicroseconds: Int64, durationMicroseconds: Int64) {
            self.block = block
            self.motionIndex = motionIndex
            self.kind = kind
            self.cell = cell
            self.startMicroseconds = startMicroseconds
            self.durationMicroseconds = durationMicroseconds
        }
    }

    /// The blocks of the group, which break at the tap.
    public let breaks: [BlockID]
    /// How long the break lasts: the rules' combo window.
    public var breakDuration: Duration { .microseconds(breakMicroseconds) }
    /// The falls and slides, block by block in the order of the outcome's motions (the cells they
    /// reach), each block's fall before its slide: the times at which a world at rest starts its
    /// stages. Every fall has the same start and duration, and so has every slide.
    public let moves: [Step]
    /// When the end of the game starts, after the tap, when the move ended the game.
    public var end: Duration? { endMicroseconds.map { .microseconds($0) } }
    /// ``breakDuration`` and ``end`` in the world clock's microseconds.
    let breakMicroseconds: Int64, endMicroseconds: Int64?

    /// The choreography of `outcome`: breaks for `comboWindow`, then falls and slides as long as
    /// `settings` says; an end after a break, a fall and a slide when `endsGame`. A block that only slides
    /// still falls in place first when it is in `displaced` (drawn away from the cell it left,
    /// as a block still on its way there is), so that it reaches its row before sliding.
    public init(
        of outcome: MoveOutcome, settings: WorldSettings, comboWindow: Duration, endsGame: Bool,
        displaced: Set<BlockID> = []
    ) {
        // The few durations are turned into the world clock's microseconds once a move.
        breakMicroseconds = comboWindow.wholeMicroseconds
        let fall = settings.fallDuration.wholeMicroseconds, slide = settings.slideDuration.wholeMicroseconds
        let fallStart = breakMicroseconds
        let falls = outcome.removal.moved.contains { $0.from.row != $0.to.row || displaced.contains($0.block.id) }
        let slideStart = fallStart + (falls ? fall : 0)
        breaks = outcome.removal.broken.map(\.block.id)
        var moves: [Step] = []
        moves.reserveCapacity(2 * outcome.removal.moved.count)
        for (index, motion) in outcome.removal.moved.enumerated() {
            let from = motion.from, to = motion.to
            if from.row != to.row || (!displaced.isEmpty && displaced.contains(motion.block.id)) {
                moves.append(Step(
                    block: motion.block.id, motionIndex: index, kind: .fall,
                    cell: Cell(wall: to.wall, column: from.column, row: to.row), startMicroseconds: fallStart,
                    durationMicroseconds: fall))
            }
            if from.column != to.column {
                moves.append(Step(
                    block: motion.block.id, motionIndex: index, kind: .slide, cell: to, startMicroseconds: slideStart,
                    durationMicroseconds: slide))
            }
        }
        self.moves = moves
        endMicroseconds = endsGame ? breakMicroseconds + fall + slide : nil
    }
}
