#version 330 core
in vec3 worldPosition;

uniform vec3 eye;
uniform float tileSize;      // metres between grid lines: one block
uniform vec3 floorColour;

out vec4 fragColour;

void main() {
    // Stone tiles: thin anti-aliased grid lines one block apart, fading with distance.
    vec2 cell = worldPosition.xz / tileSize;
    vec2 width = fwidth(cell);
    vec2 line = smoothstep(vec2(0.0), width * 1.5, abs(fract(cell - 0.5) - 0.5));
    float grid = 1.0 - min(line.x, line.y);
    float distance = length(worldPosition.xz - eye.xz);
    float light = 1.0 / (1.0 + 0.08 * distance * distance);
    vec3 colour = floorColour * (0.55 + 0.45 * light) + grid * 0.05 * light;
    fragColour = vec4(colour, 1.0);
}
