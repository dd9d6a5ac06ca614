#version 330 core
// A flat panel in the room (a headset's HUD and menu): a unit square placed by its model matrix,
// showing a picture drawn beforehand.
layout(location = 0) in vec2 corner;   // 0...1 across and up

uniform mat4 viewProjection;
uniform mat4 model;                     // the unit square, centred at the origin, to the room

out vec2 uv;

void main() {
    uv = corner;
    gl_Position = viewProjection * model * vec4(corner - 0.5, 0.0, 1.0);
}
