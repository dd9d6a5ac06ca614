// PrisonSpace under RealityKit's name: on Linux, a file that says `import RealityKit` gets the
// space's entities, components, casts and clock. SwiftUI's side (RealityView, gestures, the
// harness) is in the `SwiftUI` module.
@_exported import PrisonSpace
