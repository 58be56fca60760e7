/* Declarations only: see include/CFuzzDriver.h. */
#include "CFuzzDriver.h"
