#include <al.h>
#include <alc.h>
