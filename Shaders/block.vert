#version 330 core
// One cube per instance: the blocks of the walls, drawn with instancing. What is the same across
// a face (colour, light, pulses) is worked out here, so the software renderer's per-pixel work
// stays small.
layout(location = 0) in vec3 position;   // unit cube, -0.5...0.5
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 faceUV;     // 0...1 across each face
layout(location = 3) in mat4 model;      // per instance (locations 3 to 6)
layout(location = 7) in vec4 colour;     // per instance: rgb, and the symbol index in a
layout(location = 8) in vec4 state;      // per instance: hover, danger, hint, unused

uniform mat4 viewProjection;
uniform vec3 eye;
uniform vec3 lightDirection;   // toward the light, normalised
uniform float time;            // seconds, for pulses

out vec2 uv;
out float light;
flat out vec3 baseColour;
flat out float symbolIndex;
flat out float hover;

void main() {
    vec4 world = model * vec4(position, 1.0);
    vec3 n = normalize(mat3(model) * normal);
    float diffuse = max(dot(n, lightDirection), 0.0);
    float fill = max(dot(n, normalize(eye - world.xyz)), 0.0);
    light = 0.3 + 0.25 * diffuse + 0.6 * fill;

    float pulse = 0.5 + 0.5 * sin(time * 6.0);
    vec3 base = colour.rgb;
    base = mix(base, vec3(1.0, 0.15, 0.1), state.y * (0.15 + 0.3 * pulse));   // danger
    base = mix(base, vec3(1.0), state.z * (0.2 + 0.35 * pulse));              // hint
    baseColour = base;
    symbolIndex = colour.a;
    hover = state.x;
    uv = faceUV;
    gl_Position = viewProjection * world;
}
