// EGL with Mesa's extensions, for rendering with no window system (surfaceless).
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
