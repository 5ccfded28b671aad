/// The words of every coaching message in one language, for one device and
/// one object.
///
/// Messages use everyday words only (no "tracking", "plane" or "anchor")
/// and every problem comes with a fix. The Japanese catalog uses the wording
/// of the Japanese human-interface guidelines where they have it.
public struct CoachingCatalog: Hashable, Sendable {
  /// The language the messages are in.
  public var language: CoachingLanguage
  /// What the messages call the thing the person holds.
  public var device: CoachingDevice
  /// What the app places, in the catalog's language and without an article
  /// ("chair", 「椅子」); nil or empty says "object" (「オブジェクト」).
  public var objectName: String?

  /// A catalog; by default English words for a phone and an unnamed object.
  public init(
    language: CoachingLanguage = .english, device: CoachingDevice = .phone,
    objectName: String? = nil
  ) {
    self.language = language
    self.device = device
    self.objectName = objectName
  }

  /// The full message for `condition`.
  func message(for condition: CoachingCondition) -> CoachingMessage {
    CoachingMessage(
      key: condition.key, text: text(for: condition), urgency: condition.urgency,
      action: condition.action, hideAppUI: condition.hideAppUI)
  }

  func text(for condition: CoachingCondition) -> String {
    switch language {
    case .english: englishText(for: condition)
    case .japanese: japaneseText(for: condition)
    }
  }

  /// The object's name, or the language's word for "object".
  func object(default word: String) -> String {
    guard let objectName, !objectName.isEmpty else { return word }
    return objectName
  }
}
