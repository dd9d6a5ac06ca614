#version 330 core
// The floor: a flat quad in world space.
layout(location = 0) in vec3 position;

uniform mat4 viewProjection;

out vec3 worldPosition;

void main() {
    worldPosition = position;
    gl_Position = viewProjection * vec4(position, 1.0);
}
