// The OpenXR loader (Debian's libopenxr-dev) with its OpenGL binding on GLX (Xlib), what a GLFW
// window's context is on Linux. The GLX types and the three calls that find the current context
// are declared here rather than by including <GL/glx.h>, which would bring <GL/gl.h> into this
// module a second time beside CGL's (libGL, linked by CGL, exports them).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
typedef struct __GLXcontextRec *GLXContext;
typedef XID GLXDrawable;
typedef struct __GLXFBConfigRec *GLXFBConfig;
extern GLXContext glXGetCurrentContext(void);
extern Display *glXGetCurrentDisplay(void);
extern GLXDrawable glXGetCurrentDrawable(void);
#define XR_USE_PLATFORM_XLIB 1
#define XR_USE_GRAPHICS_API_OPENGL 1
#include <openxr/openxr.h>
#include <openxr/openxr_platform.h>
