import PrisonRules
import PrisonSpace

/// What a block of the world is doing.
public enum BlockPhase: Hashable, Sendable {
    /// At rest in its cell.
    case resting
    /// Shrinking and spinning away after its group was tapped; rays no longer hit it.
    case breaking
    /// Waiting for the break below it to end before it falls.
    case waiting
    /// Falling to its row.
    case falling
    /// Sliding along the wall to its column.
    case sliding
    /// Going back to its cell after an undo.
    case returning
    /// Toppling to the floor: the game is over.
    case toppling
}

/// A block as a front end draws it.
public struct WorldBlock {
    /// The block of the rules: its colour and identity.
    public let block: Block
    /// The block's entity, a child of its wall's entity.
    public let entity: Entity
    /// The wall the block stands on: the same for the whole game, while it breaks too.
    public let wall: Int
    /// The cell the rules have the block in, which is where a moving block is going; nil once
    /// its group broke.
    public let cell: Cell?
    /// What the block is doing: resting, breaking, falling…
    public let phase: BlockPhase
    /// Whether the block is in one of the few groups left while the player is in danger.
    public let isInDanger: Bool
}

/// The game block an entity of a ``World`` draws: every block entity carries one, so a ray's hit
/// names its block (`hit.entity.components[BlockComponent.self]?.id`).
public struct BlockComponent: Component, Hashable, Sendable {
    /// The block's identity in the rules.
    public let id: BlockID
    /// Where the block is in the world's list of the start board's blocks.
    let slot: Int
}
