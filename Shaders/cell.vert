#version 330 core
// The prison cell: stone walls, floor and ceiling, and the yard outside, as grids of quads
// already in world space (the renderer moves the walls with the walls of blocks, so they open on
// a clear). The lamp's light and the stone's colour are worked out here, per vertex of the
// grids: the software renderer's cost is per pixel, so the fragment shader only lays the stones.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 surface;   // xy: metres across the surface; z: 0 wall, 1 floor, 2 ceiling, 3 yard

uniform mat4 viewProjection;
uniform vec3 lamp;          // the lamp under the ceiling, world space
uniform float lampReach;    // metres at which the lamp's light has halved
uniform float daylight;     // 0 shut in, 1 the walls are open
uniform int flatColours;    // 1: flat grey, no light (tests of what the blocks cover)

out vec2 stones;            // position in stones of 0.62 x 0.31 m, in courses
out vec3 tint;              // the stone's colour, lit

void main() {
    vec3 toLamp = lamp - position;
    float distance2 = dot(toLamp, toLamp);
    float facing = max(dot(normal, toLamp * inversesqrt(max(distance2, 1e-4))), 0.0);
    float lampLight = (0.3 + 0.7 * facing) / (1.0 + distance2 / (lampReach * lampReach));
    float light = 0.16 + 1.1 * lampLight + daylight * (0.55 + 0.45 * max(normal.y, 0.0));
    float material = surface.z;
    vec3 stone = material < 0.5 ? vec3(0.44, 0.40, 0.35)
        : material < 1.5 ? vec3(0.42, 0.39, 0.35)
        : material < 2.5 ? vec3(0.30, 0.28, 0.26) : vec3(0.33, 0.31, 0.25);
    tint = flatColours == 1 ? vec3(0.5) : stone * light;
    stones = surface.xy / vec2(0.62, 0.31);
    gl_Position = viewProjection * vec4(position, 1.0);
}
