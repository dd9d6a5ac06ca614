#version 330 core
// The heads-up display: text and panels as quads in window pixels (origin top left).
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 texCoord;
layout(location = 2) in vec4 colour;

uniform vec2 viewport;   // framebuffer pixels

out vec2 uv;
out vec4 tint;

void main() {
    uv = texCoord;
    tint = colour;
    gl_Position = vec4(position.x / viewport.x * 2.0 - 1.0, 1.0 - position.y / viewport.y * 2.0, 0.0, 1.0);
}
