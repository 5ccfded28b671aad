#include "fuzzer_entry.h"

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, and the harness's input callback (Entry.swift).
int LLVMFuzzerRunDriver(int* argc, char*** argv,
                        int (*callback)(const uint8_t* data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

// Tools/fuzz builds without SwiftPM's --sanitize fuzzer, which would put
// -fsanitize=fuzzer on the core's C++ commands and so compile the core again
// instead of reusing Tools/sanitize's objects. Without it, SwiftPM links the
// executable with --defsym main=arscene_fuzz_main (its entry point for
// testable executables), which libFuzzer's own main cannot be: this is that
// entry point, and it hands over to libFuzzer's driver (which calls
// LLVMFuzzerInitialize, then fuzzes or runs the inputs named, as libFuzzer's
// main does).
int arscene_fuzz_main(int argc, char** argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
