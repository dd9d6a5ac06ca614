// GLFW without its own GL header: the GL declarations come from CGL.
#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>
