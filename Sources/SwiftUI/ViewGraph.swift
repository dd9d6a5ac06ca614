// The views of a presented view, walked: where their state lives between evaluations, the
// RealityView found, the gestures and actions the modifiers add, and what must run again.
import Observation
import PrisonSpace

/// The walk of a view's body down to its RealityView, and the state kept between walks.
final class ViewGraph {
    let root: any View
    /// The locations of the views' state, by the view's place in the tree and the property.
    private var kept: [String: AnyLocation] = [:]
    /// The state locations read while walking or updating; whether a walk is under way.
    private var reads: Set<ObjectIdentifier> = []
    private var isTracking = false
    /// Whether state that was read changed since: the body and update must run again.
    var isDirty = false

    /// What the last walk found.
    var realityView: AnyRealityView?
    var gestures: [(gesture: AnyGesture, priority: GesturePriority)] = []
    /// Actions the walk found due: views that appeared, tasks to start, changes seen.
    var due: [() -> Void] = []
    var tasks: [@isolated(any) @Sendable () async -> Void] = []
    private var appeared: Set<[Int]> = []
    private var lastValues: [[Int]: Any] = [:]

    init(root: any View) { self.root = root }

    /// Walks the root's body afresh, noting what state it reads and the models it observes.
    func walk() {
        realityView = nil
        gestures = []
        reads = []
        track { visit(root, at: [], environment: EnvironmentValues()) }
    }

    /// Runs `work` noting the state it reads (besides what the last walk read), and marks the
    /// graph dirty when an observed model's property it read changes.
    func track(_ work: () -> Void) {
        isTracking = true
        withObservationTracking(work) { [weak self] in self?.isDirty = true }
        isTracking = false
    }

    /// Walks `view` at `path` in `environment`.
    func visit(_ view: any View, at path: [Int], environment: EnvironmentValues) {
        if let primitive = view as? PrimitiveView {
            primitive.visit(in: self, at: path, environment: environment)
            return
        }
        bind(view, at: path, environment: environment)
        visit(body(of: view), at: path + [0], environment: environment)
    }

    private func body<V: View>(of view: V) -> any View { view.body }

    /// Gives the property wrappers of `value` (a view or a modifier) the state kept for its
    /// place and its environment.
    func bind(_ value: Any, at path: [Int], environment: EnvironmentValues) {
        for child in Mirror(reflecting: value).children {
            if let reader = child.value as? EnvironmentReading { reader.install(environment) }
            guard let property = child.value as? DynamicLocation else { continue }
            let key = "\(path)/\(child.label ?? "")"
            if let location = kept[key] {
                property.adopt(location)
            } else {
                kept[key] = property.anyLocation
                property.anyLocation.graph = self
            }
        }
    }

    /// Notes that `location` was read.
    func noteRead(_ location: AnyLocation) {
        if isTracking { reads.insert(ObjectIdentifier(location)) }
    }

    /// Notes that `location` changed: the body and update run again if they read it.
    func noteChange(of location: AnyLocation) {
        if reads.contains(ObjectIdentifier(location)) { isDirty = true }
    }

    /// Notes what a modifier at `path` adds.
    func note(_ effect: ViewEffect, at path: [Int]) {
        switch effect {
        case .gesture(let gesture, let priority): gestures.append((gesture, priority))
        case .onAppear(let action): if appeared.insert(path).inserted { due.append(action) }
        case .task(let action): if appeared.insert(path).inserted { tasks.append(action) }
        case .onChange(let change):
            if let last = lastValues[path] {
                if !change.isEqual(last) { due.append { change.action(last) } }
            } else if change.initial {
                due.append { change.action(change.value) }
            }
            lastValues[path] = change.value
        case .environment, .onDisappear: break
        }
    }
}
