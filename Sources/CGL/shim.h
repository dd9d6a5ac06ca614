// OpenGL 3.3 core entry points, exported directly by libGL (libglvnd): no loader needed.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
