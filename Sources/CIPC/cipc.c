#include "cipc.h"
