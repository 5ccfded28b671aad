# Sourced by Tools/sanitize and Tools/fuzz: the one instrumented build they
# share. Its C++ (the vision core and the renderer) is compiled once, with
# AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer's coverage
# (-fsanitize=fuzzer-no-link), so that the fuzz harnesses reuse the objects
# the sanitized tests were built from and only their Swift is compiled again
# (with -sanitize=fuzzer): Tools/fuzz's build went from about 560 s to 50 s.
# The coverage hooks cost the sanitized tests little (without libFuzzer
# linked in, the ASan runtime's hooks are empty): 222 s with them against
# 215 s before, one run each.
#
# swiftc has no -sanitize=undefined on Linux, so ASan covers the Swift and
# the C++ code and UBSan the C++ code (where the arithmetic on sizes, indices
# and pixels is); UBSan's handlers are in the ASan runtime. The C++ is built
# at -O1 (as the sanitizers advise): at -O0 the sanitized tests take about
# 2.5 times as long, and fuzzing runs several times slower.
# The C++ flags must stay the same in both tools: SwiftPM compiles again
# whatever command differs.
instrumented_scratch="${ARSCENE_SANITIZE_SCRATCH_PATH:-.build-sanitize}"
[[ "$instrumented_scratch" == /* ]] || instrumented_scratch="$PWD/$instrumented_scratch"
# Line tables are all the reports need (file and line of every frame);
# full debug information tripled the build's size (792 MB against 263 MB)
# and took 4% of its time.
# The C++ shares one precompiled header (Tools/building/precompiled.h), made
# with the flags SwiftPM gives these compiles in a debug build plus the ones
# below; Tools/sanitize checks after its build that they matched.
instrumented_cxx_flags=(-O1 -DSWIFT_PACKAGE=1 -DDEBUG=1 -std=c++17
  -fsanitize=address -fsanitize=undefined -fsanitize=fuzzer-no-link
  -fno-omit-frame-pointer -gline-tables-only)
instrumented_pch="$(bash Tools/building/precompile-headers \
  "$instrumented_scratch/precompiled" "${instrumented_cxx_flags[@]}")"
instrumented_flags=(
  --scratch-path "$instrumented_scratch"
  --sanitize address
  -Xcxx -fsanitize=undefined
  -Xcxx -fsanitize=fuzzer-no-link
  -Xcxx -O1
  -Xcxx -fno-omit-frame-pointer
  -Xcc -gline-tables-only
  -Xcxx -gline-tables-only
  -Xswiftc -gline-tables-only
  -Xcxx -include-pch
  -Xcxx "$instrumented_pch"
)
