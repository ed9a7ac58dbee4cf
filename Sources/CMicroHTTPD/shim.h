#ifndef BINDERY_CMICROHTTPD_SHIM_H
#define BINDERY_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* libmicrohttpd logs through a printf-style callback taking a va_list, which Swift cannot
   declare as @convention(c). This adapter formats the message and hands the finished line to
   a plain callback. */
struct bindery_mhd_logger {
    void (*sink)(void *context, const char *message);
    void *context;
};

static inline void bindery_mhd_log(void *cls, const char *format, va_list arguments) {
    const struct bindery_mhd_logger *logger = (const struct bindery_mhd_logger *)cls;
    char message[512];
    if (logger == NULL || logger->sink == NULL || format == NULL) {
        return;
    }
    vsnprintf(message, sizeof message, format, arguments);
    logger->sink(logger->context, message);
}

/* The adapter as an untyped function pointer, for MHD_OPTION_EXTERNAL_LOGGER. */
static inline void *bindery_mhd_log_function(void) {
    return (void *)bindery_mhd_log;
}
/* MHD_set_connection_option is variadic, which Swift cannot call: this sets one connection's
   idle timeout in seconds (0: none). */
static inline enum MHD_Result bindery_mhd_set_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}
/* MHD_get_connection_info is variadic too: this returns a connection's socket, or -1. */
static inline int bindery_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
#endif
