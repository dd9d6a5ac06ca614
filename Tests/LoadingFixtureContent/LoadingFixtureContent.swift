import Foundation

/// The bundle of the package's scenes, as a `RealityKitContent` package declares it.
public let realityKitContentBundle = Bundle.module
