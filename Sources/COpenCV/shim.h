// Empty on purpose: the module exists only to carry pkg-config's opencv4 flags to
// CVisionCore. No OpenCV header is exposed to Swift.
