import PrisonRules
import PrisonSpace

/// What a ray points at: a block that can be tapped, its cell, and where the ray meets it.
public struct TapTarget {
    /// The block the ray hits.
    public let block: WorldBlock
    /// The block's cell in the rules, which for a falling or sliding block is where it is going.
    public let cell: Cell
    /// Where the ray meets the block: point, normal and distance.
    public let hit: CollisionCastHit
}

/// What tapping a target would do now: the rules' preview of the move (``World/preview(of:)``).
public typealias TapPreview = MovePreview

/// Why a tap changed nothing.
public enum TapMiss: Error, Hashable, Sendable, CustomStringConvertible {
    /// The ray hit no block that can be tapped, or the cell played holds none.
    case noBlock
    /// The block hit has no neighbour of its colour.
    case loneBlock(Cell)
    /// The rules refused the move for another reason, given by the rules' error.
    case refused(MoveError)

    /// The miss of a move the rules refused with `error`.
    init(_ error: MoveError) {
        switch error {
        case .loneBlock(let cell): self = .loneBlock(cell)
        case .emptyCell, .outsideRoom, .timeBeforePreviousMove: self = .refused(error)
        }
    }

    /// Says why the tap changed nothing, in a few words.
    public var description: String {
        switch self {
        case .noBlock: "the tap hit no block"
        case .loneBlock(let cell): "the block at \(cell) has no neighbour of its colour"
        case .refused(let error): "the rules refuse the move: \(error)"
        }
    }
}

extension World {
    /// The block `ray` (world space) would tap, or nil. Breaking blocks are not targets; moving
    /// blocks are hit where they are now.
    public func target(along ray: Ray) -> TapTarget? {
        for hit in space.raycast(along: ray, query: .nearest) {
            if let block = block(for: hit.entity), let cell = block.cell {
                return TapTarget(block: block, cell: cell, hit: hit)
            }
        }
        return nil
    }

    /// The ray a player looking at the block the rules have in `cell` casts: from the eye to the
    /// middle of the block's inner face, where the block is drawn now (mid-fall, mid-slide).
    /// Nil for an empty cell. The ray hits that block first, resting or moving, as no two blocks
    /// ever overlap; a block growing back after an undo is smaller than its cell, and a
    /// neighbour may hide the middle of its face until it has grown.
    public func ray(toward cell: Cell) -> Ray? {
        guard let entity = block(in: cell)?.entity else { return nil }
        return Ray(from: settings.eye, through: entity.convert(position: [0, 0, settings.blockSize / 2], to: nil))
    }

    /// What tapping `target` now would break and score; nil for a lone block.
    public func preview(of target: TapTarget) -> TapPreview? {
        game.preview(of: target.cell, at: time)
    }

    /// Taps what `ray` (world space) hits: the block's group breaks now, on the world clock.
    /// Throws, changing nothing, when the ray hits no block or a lone one.
    @discardableResult
    public func tap(along ray: Ray) throws(TapMiss) -> MoveOutcome {
        guard let target = target(along: ray) else { throw .noBlock }
        return try play(Move(target.cell, at: time))
    }

    /// Taps the block the rules have in `cell` with a ray from the eye (``ray(toward:)``), as a
    /// player looking at it does; the ray decides what breaks.
    @discardableResult
    public func tap(lookingAt cell: Cell) throws(TapMiss) -> MoveOutcome {
        guard let ray = ray(toward: cell) else { throw .noBlock }
        return try tap(along: ray)
    }

    /// Plays the move on `cell` now, with no ray: a replay playing back a move log. Throws,
    /// changing nothing, when the cell is empty or its block is alone.
    @discardableResult
    public func play(_ cell: Cell) throws(TapMiss) -> MoveOutcome {
        guard game.board[cell] != nil else { throw .noBlock }
        return try play(Move(cell, at: time))
    }


    private func play(_ move: Move) throws(TapMiss) -> MoveOutcome {
        let outcome: MoveOutcome
        do { outcome = try game.play(move) } catch { throw TapMiss(error) }
        animate(outcome)
        return outcome
    }
}

// The forms of 3.0 and earlier, which say in their labels what a `Ray` says.
extension World {
    /// The block a ray from `origin` along `direction` would tap: ``target(along:)``.
    @available(*, deprecated, message: "use target(along: Ray(origin:direction:))")
    public func target(origin: SIMD3<Float>, direction: SIMD3<Float>) -> TapTarget? {
        target(along: Ray(origin: origin, direction: direction))
    }

    /// The block under `screenPoint` of a `viewport` seen by `camera`: ``target(along:)``.
    @available(*, deprecated, message: "use camera.ray(through:viewport:) and target(along:)")
    public func target(screenPoint: SIMD2<Float>, viewport: SIMD2<Float>, camera: PerspectiveCamera) -> TapTarget? {
        camera.ray(through: screenPoint, viewport: viewport).flatMap(target(along:))
    }

    /// Taps what a ray from `origin` along `direction` hits: ``tap(along:)``.
    @available(*, deprecated, message: "use tap(along: Ray(origin:direction:))")
    @discardableResult
    public func tap(origin: SIMD3<Float>, direction: SIMD3<Float>) throws(TapMiss) -> MoveOutcome {
        try tap(along: Ray(origin: origin, direction: direction))
    }

    /// Taps the block under `screenPoint` of a `viewport` seen by `camera`: ``tap(along:)``.
    @available(*, deprecated, message: "use camera.ray(through:viewport:) and tap(along:)")
    @discardableResult
    public func tap(screenPoint: SIMD2<Float>, viewport: SIMD2<Float>, camera: PerspectiveCamera) throws(TapMiss) -> MoveOutcome {
        guard let ray = camera.ray(through: screenPoint, viewport: viewport) else { throw .noBlock }
        return try tap(along: ray)
    }
}
