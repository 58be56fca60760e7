#ifndef LAYOUTSIM_CHARFBUZZ_SHIM_H
#define LAYOUTSIM_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
