#ifndef BINDERY_CSYSTEMD_SHIM_H
#define BINDERY_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#endif
