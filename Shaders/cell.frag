#version 330 core
in vec2 stones;
in vec3 tint;

out vec4 fragColour;

void main() {
    // Dressed stones in courses, each course offset by half a stone and each stone a shade of
    // its own, with dark mortar between them (walls, floor, ceiling and the yard's paving alike).
    vec2 p = vec2(stones.x + 0.5 * floor(stones.y), stones.y);
    vec2 id = floor(p);
    vec2 gap = min(p - id, id + 1.0 - p);
    float mortar = step(min(gap.x * 2.0, gap.y), 0.04);
    float tone = 0.8 + 0.3 * fract(dot(id, vec2(0.4142, 0.7321)) * 7.13);
    fragColour = vec4(tint * mix(tone, 0.3, mortar), 1.0);
}
