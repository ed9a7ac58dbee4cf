#ifndef BINDERY_CZLIB_SHIM_H
#define BINDERY_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro, which Swift cannot call: this starts a gzip stream (windowBits
   15 + 16) at `level`. */
static inline int bindery_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
