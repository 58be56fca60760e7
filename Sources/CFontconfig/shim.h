#ifndef LAYOUTSIM_CFONTCONFIG_SHIM_H
#define LAYOUTSIM_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
