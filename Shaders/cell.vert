#version 330 core
// The prison cell: stone walls, floor and ceiling, and the yard outside, as grids of quads
// already in world space (the renderer moves the walls with the walls of blocks, so they open on
// a clear). The lamp's light is worked out here, per vertex of the grids: the software
// renderer's cost is per pixel, so the fragment shader only draws the stones.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 surface;   // xy: metres across the surface; z: 0 wall, 1 floor, 2 ceiling, 3 yard

uniform mat4 viewProjection;
uniform vec3 lamp;          // the lamp under the ceiling, world space
uniform float lampReach;    // metres at which the lamp's light has halved
uniform float daylight;     // 0 shut in, 1 the walls are open

out vec2 stones;            // position in stones (courses for walls, flags for floors)
out float light;
flat out vec3 stoneColour;
flat out vec2 stoneSize;    // metres

void main() {
    vec3 toLamp = lamp - position;
    float distance2 = dot(toLamp, toLamp);
    float facing = max(dot(normal, toLamp * inversesqrt(max(distance2, 1e-4))), 0.0);
    float lampLight = (0.3 + 0.7 * facing) / (1.0 + distance2 / (lampReach * lampReach));
    light = 0.16 + 1.1 * lampLight + daylight * (0.55 + 0.45 * max(normal.y, 0.0));
    float material = surface.z;
    stoneSize = material < 0.5 ? vec2(0.62, 0.31) : vec2(0.6, 0.6);
    stoneColour = material < 0.5 ? vec3(0.44, 0.40, 0.35)
        : material < 1.5 ? vec3(0.42, 0.39, 0.35)
        : material < 2.5 ? vec3(0.30, 0.28, 0.26) : vec3(0.33, 0.31, 0.25);
    stones = surface.xy / stoneSize;
    gl_Position = viewProjection * vec4(position, 1.0);
}
