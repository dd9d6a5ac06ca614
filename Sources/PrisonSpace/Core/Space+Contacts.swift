/// The contacts between entities a space found at its last update, and what it needs to find
/// the next ones without testing every pair: the hierarchy they were found in and the bounds
/// each shape had then.
struct ContactState {
    /// A contact between two entities, whichever comes first: their identities.
    struct Pair: Hashable {
        let a: ObjectIdentifier
        let b: ObjectIdentifier

        init(_ x: Entity, _ y: Entity) {
            (a, b) = ObjectIdentifier(x) < ObjectIdentifier(y) ? (ObjectIdentifier(x), ObjectIdentifier(y)) : (ObjectIdentifier(y), ObjectIdentifier(x))
        }
    }

    /// The two entities of a contact, `a` first in the hierarchy's order (a depth-first walk),
    /// their places in it, and a point of the contact.
    struct Contact {
        let a: Entity
        let b: Entity
        var order: (Int, Int)
        var position: SIMD3<Float>
    }

    var contacts: [Pair: Contact] = [:]
    /// The contacts of each entity.
    var pairsOfEntity: [ObjectIdentifier: Set<Pair>] = [:]
    weak var hierarchy: BoundingVolumeHierarchy?
    /// The bounds and groups of the hierarchy's shapes when contacts were last found.
    var fitted: [(low: SIMD3<Float>, high: SIMD3<Float>, group: UInt32)] = []

    mutating func insert(_ contact: Contact, for pair: Pair) {
        contacts[pair] = contact
        pairsOfEntity[pair.a, default: []].insert(pair)
        pairsOfEntity[pair.b, default: []].insert(pair)
    }

    mutating func remove(_ pair: Pair) -> Contact? {
        pairsOfEntity[pair.a]?.remove(pair)
        pairsOfEntity[pair.b]?.remove(pair)
        return contacts.removeValue(forKey: pair)
    }
}

extension Space {
    /// Whether a handler is subscribed to a collision event.
    private var wantsContacts: Bool {
        guard hasSubscriptions else { return false }
        return subscriptions[ObjectIdentifier(CollisionEvents.Began.self)] != nil
            || subscriptions[ObjectIdentifier(CollisionEvents.Updated.self)] != nil
            || subscriptions[ObjectIdentifier(CollisionEvents.Ended.self)] != nil
    }

    /// Finds the contacts between entities now and sends the collision events: step 5 of an
    /// update. Only the entities whose shapes moved (or changed groups) since the last update
    /// are tested again, against the shapes the hierarchy finds near them; all of them after
    /// the hierarchy was built anew.
    func findContacts() {
        guard wantsContacts else {
            if !contactState.contacts.isEmpty { contactState = ContactState() }
            return
        }
        let hierarchy = currentHierarchy()
        let primitives = hierarchy.primitives
        let entities = hierarchy.entities
        var state = contactState
        var previous: [ContactState.Pair: ContactState.Contact] = [:]
        var isTested = [Bool](repeating: false, count: entities.count)
        if state.hierarchy !== hierarchy || state.fitted.count != primitives.count {
            // A new hierarchy: every contact is found again.
            previous = state.contacts
            state = ContactState()
            isTested = [Bool](repeating: true, count: entities.count)
            state.fitted = primitives.map { ($0.low, $0.high, $0.group) }
        } else {
            for k in primitives.indices {
                let primitive = primitives[k]
                let old = state.fitted[k]
                if old.low != primitive.low || old.high != primitive.high || old.group != primitive.group {
                    isTested[primitive.entity] = true
                    state.fitted[k] = (primitive.low, primitive.high, primitive.group)
                }
            }
            for e in entities.indices where isTested[e] {
                for pair in state.pairsOfEntity[ObjectIdentifier(entities[e])] ?? [] {
                    if let contact = state.remove(pair) { previous[pair] = contact }
                }
            }
        }
        state.hierarchy = hierarchy
        for k in primitives.indices where isTested[primitives[k].entity] && primitives[k].group != 0 {
            let mine = primitives[k]
            hierarchy.forEachOverlap(low: mine.low, high: mine.high) { j in
                let theirs = primitives[j]
                guard theirs.entity != mine.entity, theirs.group != 0 else { return }
                let (first, second) = mine.entity < theirs.entity ? (mine.entity, theirs.entity) : (theirs.entity, mine.entity)
                let pair = ContactState.Pair(entities[first], entities[second])
                guard state.contacts[pair] == nil, Self.reportsContact(entities[first], entities[second]),
                    Self.shapesOverlap(mine, theirs, in: hierarchy)
                else { return }
                let position = (pointwiseMax(mine.low, theirs.low) + pointwiseMin(mine.high, theirs.high)) / 2
                state.insert(.init(a: entities[first], b: entities[second], order: (first, second), position: position), for: pair)
            }
        }
        contactState = state
        sendContactEvents(previous: previous, isTested: isTested)
    }

    /// Sends Ended for the contacts in `previous` that are gone, Began for the new ones, and
    /// Updated for every contact that goes on.
    private func sendContactEvents(previous: [ContactState.Pair: ContactState.Contact], isTested: [Bool]) {
        func byOrder(_ x: ContactState.Contact, _ y: ContactState.Contact) -> Bool { x.order < y.order }
        for contact in previous.filter({ contactState.contacts[$0.key] == nil }).values.sorted(by: byOrder) {
            send(CollisionEvents.Ended(entityA: contact.a, entityB: contact.b), from: contact.a, alsoFrom: contact.b)
        }
        let wantsUpdates = subscriptions[ObjectIdentifier(CollisionEvents.Updated.self)] != nil
        var found = wantsUpdates ? Array(contactState.contacts.values) : []
        if !wantsUpdates {
            for (pair, contact) in contactState.contacts where previous[pair] == nil
                && (isTested[contact.order.0] || isTested[contact.order.1]) { found.append(contact) }
        }
        for contact in found.sorted(by: byOrder) {
            let isNew = previous[ContactState.Pair(contact.a, contact.b)] == nil && (isTested[contact.order.0] || isTested[contact.order.1])
            if isNew {
                send(CollisionEvents.Began(entityA: contact.a, entityB: contact.b, position: contact.position, impulse: 0), from: contact.a, alsoFrom: contact.b)
            } else {
                send(CollisionEvents.Updated(entityA: contact.a, entityB: contact.b, position: contact.position, impulse: 0), from: contact.a, alsoFrom: contact.b)
            }
        }
    }

    /// Whether contacts between `a` and `b` are reported: each one's mask shares a group with
    /// the other's, and neither only collides.
    static func reportsContact(_ a: Entity, _ b: Entity) -> Bool {
        guard let x = a.collision, let y = b.collision, x.mode != .colliding, y.mode != .colliding else { return false }
        return !x.filter.mask.isDisjoint(with: y.filter.group) && !y.filter.mask.isDisjoint(with: x.filter.group)
    }

    /// Whether the shapes of primitives `p` and `q` of `hierarchy` overlap where their entities are now.
    private static func shapesOverlap(_ p: Primitive, _ q: Primitive, in hierarchy: BoundingVolumeHierarchy) -> Bool {
        guard let a = ConvexSupport(hierarchy.entities[p.entity], shape: p.shape),
            let b = ConvexSupport(hierarchy.entities[q.entity], shape: q.shape)
        else { return false }
        return a.overlaps(b)
    }
}
