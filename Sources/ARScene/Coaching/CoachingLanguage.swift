/// A language the coaching speaks. Raw values are BCP 47 codes, as
/// `arscene replay --language` takes them.
public enum CoachingLanguage: String, CaseIterable, Sendable {
  case english = "en"
  case japanese = "ja"
}
