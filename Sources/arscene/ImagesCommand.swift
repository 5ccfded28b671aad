import ArgumentParser

struct ImagesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "images",
    abstract: "Check reference images and find them in pictures.",
    subcommands: [ImagesCheckCommand.self, ImagesDetectCommand.self]
  )
}
