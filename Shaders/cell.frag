#version 330 core
in vec3 worldPosition;
in vec2 across;
flat in vec3 surfaceNormal;
flat in float material;

uniform vec3 lamp;          // the lamp under the ceiling, world space
uniform float lampReach;    // metres at which the lamp's light has halved
uniform float daylight;     // 0 shut in, 1 the walls are open
uniform int flatColours;    // 1: one flat grey (for tests of what the blocks cover)

out vec4 fragColour;

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

void main() {
    if (flatColours == 1) {
        fragColour = vec4(vec3(material > 2.5 ? 0.25 : 0.5), 1.0);
        return;
    }
    vec3 colour;
    if (material < 2.5) {
        // Dressed stones in courses (walls) or square flags (floor, ceiling), each a shade of its
        // own, with dark mortar between them.
        vec2 size = material < 0.5 ? vec2(0.62, 0.31) : vec2(0.6, 0.6);
        vec2 p = across / size;
        p.x += mod(floor(p.y), 2.0) * 0.5;
        vec2 id = floor(p);
        vec2 f = fract(p);
        float edge = min(min(f.x, 1.0 - f.x) * size.x, min(f.y, 1.0 - f.y) * size.y);
        float mortar = 1.0 - smoothstep(0.006, 0.018, edge);
        float tone = 0.78 + 0.34 * hash(id + material * 17.0);
        vec3 stone = material > 1.5 ? vec3(0.30, 0.28, 0.26) : vec3(0.44, 0.40, 0.35);
        colour = mix(stone * tone, vec3(0.12, 0.11, 0.10), mortar);
    } else {
        // The yard outside: trodden earth and grass.
        float tone = 0.85 + 0.3 * hash(floor(across * 1.5));
        colour = vec3(0.27, 0.33, 0.19) * tone;
    }
    vec3 toLamp = lamp - worldPosition;
    float distance2 = dot(toLamp, toLamp);
    float facing = max(dot(surfaceNormal, toLamp * inversesqrt(distance2)), 0.0);
    float lampLight = (0.3 + 0.7 * facing) / (1.0 + distance2 / (lampReach * lampReach));
    float sun = daylight * (0.55 + 0.45 * max(surfaceNormal.y, 0.0));
    fragColour = vec4(colour * (0.16 + 1.1 * lampLight + sun), 1.0);
}
