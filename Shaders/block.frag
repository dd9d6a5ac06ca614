#version 330 core
in vec2 uv;
in float light;
flat in vec3 baseColour;
flat in float symbolIndex;
flat in float hover;
flat in float danger;          // 0 safe; in danger, a pulse from 0.25 to 1

uniform int showSymbols;       // 1: draw each colour's symbol on the faces
uniform int flatColours;       // 1: flat colours, no light (tests of the framing)
uniform float time;

out vec4 fragColour;

// Masks of ten symbols centred on a face, p in -1...1: 1 inside, 0 outside.
float symbol(int index, vec2 p) {
    float r = length(p);
    vec2 a = abs(p);
    if (index == 0) return step(r, 0.45) - step(r, 0.25);                                          // ring
    if (index == 1) return step(a.x + a.y, 0.5);                                                   // diamond
    if (index == 2) return step(max(a.x, a.y), 0.38);                                              // square
    if (index == 3) return max(step(a.x, 0.12) * step(a.y, 0.5), step(a.y, 0.12) * step(a.x, 0.5)); // plus
    if (index == 4) return max(step(abs(p.x - p.y), 0.16), step(abs(p.x + p.y), 0.16)) * step(max(a.x, a.y), 0.42); // cross
    if (index == 5) return step(-0.35, p.y) * step(a.x, (0.45 - p.y) * 0.5625);                    // triangle
    if (index == 6) return step(r, 0.18);                                                          // dot
    if (index == 7) return step(0.5, fract((p.x + p.y) * 2.5)) * step(max(a.x, a.y), 0.45);        // stripes
    if (index == 8) return step(a.y, 0.1) * step(a.x, 0.48);                                       // bar
    return step(a.x, 0.1) * step(a.y, 0.48);                                                       // post
}

void main() {
    if (flatColours == 1) {
        fragColour = vec4(baseColour, 1.0);
        return;
    }
    vec3 base = baseColour;
    if (showSymbols == 1) {
        float mark = symbol(int(symbolIndex + 0.5), uv * 2.0 - 1.0);
        base = mix(base, vec3(dot(base, vec3(0.299, 0.587, 0.114)) > 0.45 ? 0.08 : 0.95), mark * 0.75);
    }
    // Bevelled look: faces darken toward their edges, so neighbouring cubes of one colour read apart.
    vec2 edge = min(uv, 1.0 - uv);
    float rim = min(edge.x, edge.y);
    vec3 lit = base * light * mix(0.5, 1.0, smoothstep(0.0, 0.08, rim));
    if (danger > 0.0) {
        // Danger: the block throbs brighter, and black and white dashes march round its rim.
        // Both keep the hue, so the colour the player matches by stays the same.
        lit *= 1.0 + 0.3 * danger;
        float band = 1.0 - smoothstep(0.07, 0.09, rim);
        float dash = step(0.5, fract((uv.x + uv.y) * 3.0 - time * 1.5));
        lit = mix(lit, vec3(dash), band * (0.55 + 0.45 * danger));
    }
    // The group under the cursor: brighter, with a white rim.
    lit += hover * (0.22 + 0.9 * (1.0 - smoothstep(0.0, 0.06, rim)));
    fragColour = vec4(lit, 1.0);
}
