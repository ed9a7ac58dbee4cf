/* Counts heap allocations of a process (LD_PRELOAD): every malloc, calloc, realloc,
 * posix_memalign, aligned_alloc and memalign, passed on to glibc's own. At exit the count is
 * appended to the file named by ALLOC_COUNT_FILE. scripts/bench-set-allocations.py compiles
 * it into .build/bench and runs binderyd with it. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static atomic_ulong allocations;

void *malloc(size_t size) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); return __libc_calloc(count, size); }
void *realloc(void *old, size_t size) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); return __libc_realloc(old, size); }
void *memalign(size_t alignment, size_t size) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *memory = memalign(alignment, size);
    if (memory == NULL) return ENOMEM;
    *out = memory;
    return 0;
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("ALLOC_COUNT_FILE");
    if (path == NULL) return;
    FILE *file = fopen(path, "a");
    if (file == NULL) return;
    fprintf(file, "%lu\n", atomic_load(&allocations));
    fclose(file);
}
