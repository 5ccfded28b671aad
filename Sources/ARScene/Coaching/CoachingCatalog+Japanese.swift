extension CoachingCatalog {
  /// Japanese wording. The four sentences the Japanese guidelines give are
  /// kept word for word, with the device noun put in for 携帯電話; the rest
  /// follows their polite, suggesting tone (〜してみてください).
  func japaneseText(for condition: CoachingCondition) -> String {
    let device = japaneseDeviceNoun
    let object = object(default: "オブジェクト")
    switch condition {
    case .gettingStarted:
      return "始めるには、\(device)をゆっくり動かしてください。"
    case .moveSideways:
      return "\(device)を左右に動かしてみてください。その場で向きを変えるだけでは始められません。"
    case .excessiveMotion:
      return "\(device)をもっとゆっくり動かしてみてください。"
    case .insufficientFeatures:
      return "ラグや本棚など、模様や凹凸のあるものに\(device)を向けてみてください。"
    case .insufficientLight:
      return "照明を多めにつけて、動き回ってみてください。"
    case .relocalizing:
      return "再開するには、前にいた場所に戻ってください。"
    case .startOver:
      return "前の場所が見つかりませんか？前にいた場所に戻るか、最初からやり直してください。"
    case .findSurface(let goal):
      return "\(device)をゆっくり動かして、\(japaneseSearchedSurface(goal))を探してください。"
    case .surfaceSearchHint:
      return "表面を見つけられない。横に移動するか、\(device)の位置を変えてみてください。"
    case .surfaceSearchAdvice:
      return "動き回ったり、照明を多めにつけたり、模様のある表面に\(device)を向けたりしてみてください。"
    case .surfaceFound:
      return "場所をタップして、\(object)を配置します。"
    case .placementRejected(.wrongSurface(let kind)):
      let (goesOn, tapOn) = japaneseSurface(kind)
      return "\(object)を置けるのは\(goesOn)です。\(tapOn)のどこかをタップしてください。"
    case .placementRejected(.outsideSurface):
      return "\(object)を置くには場所が足りません。表面の中央に近いところをタップしてください。"
    case .placementRejected(.noSurface):
      return "そこには\(object)を置ける表面がまだありません。その辺りで\(device)をゆっくり動かしてから、もう一度タップしてください。"
    case .findImage(let name):
      return "\(name)に\(device)を向けてください。"
    case .imageSearchHint(let name):
      return "\(name)が見つかりません。全体が画面に入るように\(device)を向け、暗い場合は照明を多めにつけてください。"
    case .takeBreak:
      return "しばらく続けて使っています。少し休憩しませんか？"
    }
  }

  private var japaneseDeviceNoun: String {
    switch device {
    case .phone: "携帯電話"
    case .iPad: "iPad"
    case .camera: "カメラ"
    case .device: "デバイス"
    }
  }

  private func japaneseSearchedSurface(_ goal: CoachingGoal) -> String {
    switch goal {
    case .horizontalPlane: "床やテーブル"
    case .verticalPlane: "壁"
    case .anyPlane, .tracking, .image: "表面"
    }
  }

  /// Where an object goes (after 置けるのは) and where to tap (before
  /// のどこかをタップ).
  private func japaneseSurface(_ kind: CoachingInput.SurfaceKind) -> (String, String) {
    switch kind {
    case .classification(.floor): ("床", "床")
    case .classification(.wall): ("壁", "壁")
    case .classification(.ceiling): ("天井", "天井")
    case .classification(.table): ("テーブル", "テーブル")
    case .classification(.seat): ("いすやソファ", "いすやソファ")
    case .classification(.none): ("表面", "表面")
    case .alignment(.horizontal): ("床やテーブルなどの水平な面", "床やテーブル")
    case .alignment(.vertical): ("壁などの垂直な面", "壁")
    }
  }
}
