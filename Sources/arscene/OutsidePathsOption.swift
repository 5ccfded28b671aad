import ArgumentParser

/// `--allow-outside-paths` for the commands that read a reference folder
/// without a sequence (`images check`, `images detect`); the sequence
/// commands have it in ``SequenceOptions``.
struct OutsidePathsOption: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Let references.json name files outside its folder.",
      discussion: "Refused by default, so that reading a folder reads nothing but it."))
  var allowOutsidePaths = false
}
