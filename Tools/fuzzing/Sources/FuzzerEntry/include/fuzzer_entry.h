#ifndef ARSCENE_FUZZ_FUZZER_ENTRY_H
#define ARSCENE_FUZZ_FUZZER_ENTRY_H

// The harness executable's entry point (see fuzzer_entry.c); nothing for
// Swift to call.
int arscene_fuzz_main(int argc, char** argv);

#endif
