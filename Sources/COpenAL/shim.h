#include <AL/al.h>
#include <AL/alc.h>
