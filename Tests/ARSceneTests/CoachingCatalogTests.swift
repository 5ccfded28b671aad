import XCTest

@testable import ARScene

/// The words: plain everyday language in every combination, the guideline
/// sentences word for word, the device noun and the object's name filled in.
final class CoachingCatalogTests: XCTestCase {
  /// Every condition the controller can raise, with every associated value
  /// that changes the words.
  private static let allConditions: [CoachingCondition] = {
    var conditions: [CoachingCondition] = [
      .gettingStarted, .moveSideways, .excessiveMotion, .insufficientFeatures, .insufficientLight,
      .relocalizing, .startOver, .surfaceSearchHint, .surfaceSearchAdvice, .surfaceFound,
      .placementRejected(.outsideSurface), .placementRejected(.noSurface),
      .findImage("poster"), .imageSearchHint("poster"), .takeBreak,
    ]
    let goals: [CoachingGoal] = [
      .tracking, .horizontalPlane, .verticalPlane, .anyPlane, .image("poster"),
    ]
    conditions += goals.map { .findSurface($0) }
    let kinds =
      PlaneAnchor.Classification.allCases.map(CoachingInput.SurfaceKind.classification)
      + PlaneAnchor.Alignment.allCases.map(CoachingInput.SurfaceKind.alignment)
    conditions += kinds.map { .placementRejected(.wrongSurface(expected: $0)) }
    return conditions
  }()

  private static let objectNames: [CoachingLanguage: [String?]] = [
    .english: [nil, "", "chair", "lamp", "painting"],
    .japanese: [nil, "椅子", "ランプ"],
  ]

  private static var allCatalogs: [CoachingCatalog] {
    CoachingLanguage.allCases.flatMap { language in
      CoachingDevice.allCases.flatMap { device in
        objectNames[language]!.map {
          CoachingCatalog(language: language, device: device, objectName: $0)
        }
      }
    }
  }

  func testNoMessageUsesJargon() {
    let english = [
      "tracking", "feature", "plane", "anchor", "arkit", "relocaliz", "slam", "world",
    ]
    let japanese = ["トラッキング", "特徴", "平面", "アンカー", "ワールド"]
    var checked = 0
    for catalog in Self.allCatalogs {
      for condition in Self.allConditions {
        let text = catalog.text(for: condition)
        let lowered = text.lowercased()
        for word in english + japanese where lowered.contains(word) {
          XCTFail("\(catalog.language) \(condition.key) says \"\(word)\": \(text)")
        }
        checked += 1
      }
    }
    XCTAssertEqual(Self.allCatalogs.count, 4 * 5 + 4 * 3)
    XCTAssertEqual(checked, Self.allCatalogs.count * Self.allConditions.count)
  }

  func testEveryMessageIsASentenceWithEverythingFilledIn() {
    for catalog in Self.allCatalogs {
      for condition in Self.allConditions {
        let text = catalog.text(for: condition)
        XCTAssertFalse(text.contains("{"), text)
        XCTAssertFalse(text.contains("  "), text)
        XCTAssertFalse(text.contains("the ."), text)
        XCTAssertTrue(
          [".", "?", "。", "？"].contains { text.hasSuffix($0) }, "\(condition.key): \(text)")
        switch catalog.language {
        case .english:
          XCTAssertTrue(text.first!.isUppercase, text)
        case .japanese:
          // No English slipped in: only the device and image names are Latin.
          let latin = text.replacingOccurrences(of: "iPad", with: "")
            .replacingOccurrences(of: "poster", with: "")
          XCTAssertFalse(latin.contains { $0.isASCII && $0.isLetter }, text)
        }
      }
    }
  }

  func testTheGuidelineSentencesAreKeptWordForWord() {
    let english = CoachingCatalog(language: .english, device: .phone, objectName: "chair")
    XCTAssertEqual(english.text(for: .excessiveMotion), "Try moving your phone more slowly.")
    XCTAssertEqual(
      english.text(for: .insufficientLight), "Try turning on more lights and moving around.")
    XCTAssertEqual(
      english.text(for: .surfaceSearchHint),
      "Unable to find a surface. Try moving to the side or repositioning your phone.")
    XCTAssertEqual(english.text(for: .surfaceFound), "Tap a location to place the chair.")
    XCTAssertEqual(english.text(for: .relocalizing), "Return to the previous area to resume.")
    XCTAssertEqual(
      english.text(for: .placementRejected(.wrongSurface(expected: .classification(.floor)))),
      "The chair goes on the floor. Tap a spot on the floor.")

    let japanese = CoachingCatalog(language: .japanese, device: .phone, objectName: "椅子")
    XCTAssertEqual(japanese.text(for: .excessiveMotion), "携帯電話をもっとゆっくり動かしてみてください。")
    XCTAssertEqual(japanese.text(for: .insufficientLight), "照明を多めにつけて、動き回ってみてください。")
    XCTAssertEqual(
      japanese.text(for: .surfaceSearchHint), "表面を見つけられない。横に移動するか、携帯電話の位置を変えてみてください。")
    XCTAssertEqual(japanese.text(for: .surfaceFound), "場所をタップして、椅子を配置します。")
  }

  func testTheDeviceNounReplacesThePhone() {
    let iPad = CoachingCatalog(language: .english, device: .iPad)
    XCTAssertEqual(iPad.text(for: .excessiveMotion), "Try moving your iPad more slowly.")
    XCTAssertEqual(
      iPad.text(for: .surfaceSearchHint),
      "Unable to find a surface. Try moving to the side or repositioning your iPad.")
    let camera = CoachingCatalog(language: .japanese, device: .camera)
    XCTAssertEqual(camera.text(for: .excessiveMotion), "カメラをもっとゆっくり動かしてみてください。")
    XCTAssertEqual(
      camera.text(for: .surfaceSearchHint), "表面を見つけられない。横に移動するか、カメラの位置を変えてみてください。")
    let nouns: [CoachingLanguage: [CoachingDevice: String]] = [
      .english: [.phone: "phone", .iPad: "iPad", .camera: "camera", .device: "device"],
      .japanese: [.phone: "携帯電話", .iPad: "iPad", .camera: "カメラ", .device: "デバイス"],
    ]
    for (language, byDevice) in nouns {
      for (device, noun) in byDevice {
        let catalog = CoachingCatalog(language: language, device: device)
        for condition in Self.allConditions {
          let text = catalog.text(for: condition)
          for (other, otherNoun) in byDevice where other != device {
            XCTAssertFalse(text.contains(otherNoun), "\(device) message names \(other): \(text)")
          }
        }
        XCTAssertTrue(catalog.text(for: .gettingStarted).contains(noun))
      }
    }
  }

  func testWithoutAnObjectNameTheMessagesSayObject() {
    XCTAssertEqual(
      CoachingCatalog().text(for: .surfaceFound), "Tap a location to place the object.")
    XCTAssertEqual(
      CoachingCatalog(language: .japanese).text(for: .surfaceFound), "場所をタップして、オブジェクトを配置します。")
  }

  func testARefusedTapNamesTheRightSurface() {
    let english = CoachingCatalog(objectName: "lamp")
    let japanese = CoachingCatalog(language: .japanese, objectName: "ランプ")
    let expected: [(CoachingInput.SurfaceKind, String, String)] = [
      (
        .classification(.floor), "The lamp goes on the floor. Tap a spot on the floor.",
        "ランプを置けるのは床です。床のどこかをタップしてください。"
      ),
      (
        .classification(.table), "The lamp goes on a table. Tap a spot on a table.",
        "ランプを置けるのはテーブルです。テーブルのどこかをタップしてください。"
      ),
      (
        .classification(.wall), "The lamp goes on a wall. Tap a spot on a wall.",
        "ランプを置けるのは壁です。壁のどこかをタップしてください。"
      ),
      (
        .alignment(.horizontal),
        "The lamp goes on a level surface, like the floor or a table. Tap a spot on the floor or a table.",
        "ランプを置けるのは床やテーブルなどの水平な面です。床やテーブルのどこかをタップしてください。"
      ),
    ]
    for (kind, englishText, japaneseText) in expected {
      let condition = CoachingCondition.placementRejected(.wrongSurface(expected: kind))
      XCTAssertEqual(english.text(for: condition), englishText)
      XCTAssertEqual(japanese.text(for: condition), japaneseText)
    }
  }

  /// Keys identify the situation, not the words: the same in every
  /// language, and different situations never share one.
  func testKeysAreTheSameInEveryLanguage() {
    for condition in Self.allConditions {
      let keys = Set(Self.allCatalogs.map { $0.message(for: condition).key })
      XCTAssertEqual(keys, [condition.key])
    }
    let distinct = Set(Self.allConditions.map(\.key))
    XCTAssertEqual(distinct.count, 17)
  }

  /// Every message suggests something to do.
  func testEveryProblemSuggestsAFix() {
    let actions = Set(Self.allConditions.map(\.action))
    XCTAssertEqual(actions, Set(CoachingMessage.Action.allCases))
    XCTAssertGreaterThan(CoachingMessage.Urgency.timeSensitive, .active)
    XCTAssertGreaterThan(CoachingMessage.Urgency.active, .passive)
  }
}
