// The parts of Debian's libstb we use: TrueType glyph baking, PNG writing and reading.
#include <stb/stb_truetype.h>
#include <stb/stb_image_write.h>
#include <stb/stb_image.h>
