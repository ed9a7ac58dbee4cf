// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer_no_main (the library without its
// own main), which `make fuzz` puts on the linker's path. FuzzSupport imports it only in a
// build with -DBINDERY_FUZZ, so an ordinary build never links it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
