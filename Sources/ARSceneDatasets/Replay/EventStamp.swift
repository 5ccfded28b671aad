/// When an event happened: session time, the frame (the newest processed)
/// and the loop's tick. Every event carries all three.
struct EventStamp {
  var t: Double
  var frame: Int
  var tick: Int
}
