/// Whether this build runs under ThreadSanitizer (`make tsan` compiles with `BINDERY_TSAN`).
/// Checks of a daemon's resident memory do not hold there: the sanitizer's allocator and its
/// shadow memory multiply what a process holds and never hand it back to the system, so
/// those tests are skipped under it (and run in every normal build).
#if BINDERY_TSAN
public let underThreadSanitizer = true
#else
public let underThreadSanitizer = false
#endif
