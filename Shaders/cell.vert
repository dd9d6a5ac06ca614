#version 330 core
// The prison cell: stone walls, floor and ceiling, and the ground outside, as quads already in
// world space (the renderer moves the walls with the walls of blocks, so they open on a clear).
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 surface;   // xy: metres across the surface; z: 0 wall, 1 floor, 2 ceiling, 3 ground

uniform mat4 viewProjection;

out vec3 worldPosition;
out vec2 across;
flat out vec3 surfaceNormal;
flat out float material;

void main() {
    worldPosition = position;
    across = surface.xy;
    surfaceNormal = normal;
    material = surface.z;
    gl_Position = viewProjection * vec4(position, 1.0);
}
