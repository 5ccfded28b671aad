// Empty on purpose: the module exists only to carry pkg-config's eigen3 flags to
// CVisionCore. No Eigen header is exposed to Swift.
