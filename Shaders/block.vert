#version 330 core
// One cube per instance: the blocks of the walls, drawn with instancing.
layout(location = 0) in vec3 position;   // unit cube, -0.5...0.5
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 faceUV;     // 0...1 across each face
layout(location = 3) in mat4 model;      // per instance (locations 3 to 6)
layout(location = 7) in vec4 colour;     // per instance: rgb, and the symbol index in a
layout(location = 8) in vec4 state;      // per instance: hover, danger, hint, unused

uniform mat4 viewProjection;

out vec3 worldPosition;
out vec3 worldNormal;
out vec2 uv;
flat out vec4 blockColour;
flat out vec4 blockState;

void main() {
    vec4 world = model * vec4(position, 1.0);
    worldPosition = world.xyz;
    worldNormal = normalize(mat3(model) * normal);
    uv = faceUV;
    blockColour = colour;
    blockState = state;
    gl_Position = viewProjection * world;
}
