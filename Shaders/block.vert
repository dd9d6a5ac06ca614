#version 330 core
// One cube per instance: the blocks of the walls, drawn with instancing. What is the same across
// a face (colour, light, pulses) is worked out here, so the software renderer's per-pixel work
// stays small.
layout(location = 0) in vec3 position;   // unit cube, -0.5...0.5
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 faceUV;     // 0...1 across each face
layout(location = 3) in mat4 model;      // per instance (locations 3 to 6)
layout(location = 7) in vec4 colour;     // per instance: rgb, and the symbol index in a
layout(location = 8) in vec4 state;      // per instance: hover, danger, hint, the block's wall

uniform mat4 viewProjection;
uniform vec3 eye;
uniform vec3 lightDirection;   // toward the light, normalised
uniform float time;            // seconds, for pulses
uniform vec4 cutaway;          // a block whose centre c has dot(c, xyz) > w is not drawn
uniform int flatColours;       // 1: each wall's blocks in one flat colour (tests of the framing)

out vec2 uv;
out float light;
flat out vec3 baseColour;
flat out float symbolIndex;
flat out float hover;
flat out float danger;

void main() {
    vec3 centre = model[3].xyz;
    if (dot(centre, cutaway.xyz) > cutaway.w) {
        // Behind the eye, outside the room: outside the clip volume, so nothing is drawn.
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec4 world = model * vec4(position, 1.0);
    vec3 n = normalize(mat3(model) * normal);
    float diffuse = max(dot(n, lightDirection), 0.0);
    float fill = max(dot(n, normalize(eye - world.xyz)), 0.0);
    light = 0.3 + 0.25 * diffuse + 0.6 * fill;

    float pulse = 0.5 + 0.5 * sin(time * 6.0);
    vec3 base = colour.rgb;
    // The hint brightens its blocks, keeping their colour (its rim pulses white, below); danger
    // (in the fragment shader) changes brightness and the rim, never the hue.
    base = min(base * (1.0 + state.z * (0.15 + 0.25 * pulse)), vec3(1.0));
    if (flatColours == 1) {
        int wall = int(state.w + 0.5);
        base = vec3(wall == 0 || wall == 3 ? 1.0 : 0.0, wall == 1 || wall == 3 ? 1.0 : 0.0, wall == 2 ? 1.0 : 0.0);
    }
    baseColour = base;
    symbolIndex = colour.a;
    // A hinted group also wears the hovered group's white rim, pulsing, until the next move.
    hover = max(state.x, state.z * (0.45 + 0.55 * pulse));
    danger = state.y * (0.25 + 0.75 * pulse);
    uv = faceUV;
    gl_Position = viewProjection * world;
}
