#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
