// glibc's malloc tuning and trimming (malloc.h is not in Swift's Glibc module): the server gives freed heap
// pages back to the kernel when clients that held much have gone.
#pragma once
#include <malloc.h>
