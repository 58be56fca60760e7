#ifndef LAYOUTSIM_FUZZ_DRIVER_H
#define LAYOUTSIM_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver (LLVM 11 and later), linked in by -sanitize=fuzzer. SwiftPM names an executable's entry point
   <module>_main on Linux, so each fuzz target's entry point calls this instead of libFuzzer's own main. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/* Each fuzz target's function, defined by the target (`@_cdecl("LLVMFuzzerTestOneInput")`). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
