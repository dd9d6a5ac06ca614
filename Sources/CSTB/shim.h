// The parts of Debian's libstb we use: TrueType glyph baking, PNG writing and reading.
#include <stb_truetype.h>
#include <stb_image_write.h>
#include <stb_image.h>
