import ARScene
import Foundation

/// A sequence with its stated gravity hidden (7-Scenes'
/// gravity-direction.txt): replayed as a device without an accelerometer
/// would see it, so that the engine judges up from the scene and the result
/// can be checked against the gravity the data set states.
package struct GravityHiddenSequence: SequenceWrapper {
  package let base: any DatasetSequence

  package init(_ base: any DatasetSequence) { self.base = base }

  package var description: SequenceDescription {
    var description = base.description
    description.gravity = nil
    return description
  }
}
