#version 330 core
in vec2 stones;
in float light;
flat in vec3 stoneColour;
flat in vec2 stoneSize;

uniform int flatColours;    // 1: one flat grey (for tests of what the blocks cover)

out vec4 fragColour;

void main() {
    if (flatColours == 1) {
        fragColour = vec4(0.5, 0.5, 0.5, 1.0);
        return;
    }
    // Dressed stones in courses, each row offset by half a stone and each stone a shade of its
    // own, with dark mortar between them; the floors, the ceiling and the yard are paved with flags.
    vec2 p = vec2(stones.x + 0.5 * floor(stones.y), stones.y);
    vec2 id = floor(p);
    vec2 f = p - id;
    vec2 gap = min(f, 1.0 - f) * stoneSize;
    float mortar = step(min(gap.x, gap.y), 0.012);
    float tone = 0.8 + 0.3 * fract(dot(id, vec2(0.4142, 0.7321)) * 7.13);
    fragColour = vec4(mix(stoneColour * tone, vec3(0.12, 0.11, 0.10), mortar) * light, 1.0);
}
