#version 330 core
in vec3 worldPosition;
in vec3 worldNormal;
in vec2 uv;
flat in vec4 blockColour;
flat in vec4 blockState;

uniform vec3 eye;
uniform vec3 lightDirection;   // toward the light, normalised
uniform float time;            // seconds, for pulses
uniform int showSymbols;       // 1: draw each colour's symbol on the faces

out vec4 fragColour;

// Distance-like masks of ten symbols centred on the face, p in -1...1: 1 inside, 0 outside.
float symbol(int index, vec2 p) {
    float r = length(p);
    vec2 a = abs(p);
    if (index == 0) return step(r, 0.45) - step(r, 0.25);                  // ring
    if (index == 1) return step(a.x + a.y, 0.5);                           // diamond
    if (index == 2) return step(max(a.x, a.y), 0.38);                      // square
    if (index == 3) return max(step(a.x, 0.12) * step(a.y, 0.5), step(a.y, 0.12) * step(a.x, 0.5)); // plus
    if (index == 4) return max(step(abs(p.x - p.y), 0.16), step(abs(p.x + p.y), 0.16)) * step(max(a.x, a.y), 0.42); // cross
    if (index == 5) return step(-0.35, p.y) * step(a.x, (0.45 - p.y) * 0.5625);  // triangle
    if (index == 6) return step(r, 0.18);                                  // dot
    if (index == 7) return step(0.5, fract((p.x + p.y) * 2.5)) * step(max(a.x, a.y), 0.45); // stripes
    if (index == 8) return step(a.y, 0.1) * step(a.x, 0.48);               // bar
    return step(a.x, 0.1) * step(a.y, 0.48);                               // post
}

void main() {
    vec3 n = normalize(worldNormal);
    vec3 base = blockColour.rgb;
    float hover = blockState.x;
    float danger = blockState.y;
    float hint = blockState.z;

    // Bevelled look: faces darken toward their edges, so neighbouring cubes of one colour read apart.
    vec2 edge = min(uv, 1.0 - uv);
    float rim = min(edge.x, edge.y);
    float bevel = smoothstep(0.0, 0.08, rim);

    if (showSymbols == 1) {
        float mark = symbol(int(blockColour.a + 0.5), uv * 2.0 - 1.0);
        base = mix(base, vec3(dot(base, vec3(0.299, 0.587, 0.114)) > 0.45 ? 0.08 : 0.95), mark * 0.75);
    }

    float diffuse = max(dot(n, lightDirection), 0.0);
    vec3 toEye = normalize(eye - worldPosition);
    float fill = max(dot(n, toEye), 0.0);
    vec3 lit = base * (0.3 + 0.25 * diffuse + 0.6 * fill) * mix(0.5, 1.0, bevel);

    float pulse = 0.5 + 0.5 * sin(time * 6.0);
    lit = mix(lit, vec3(1.0, 0.15, 0.1), danger * (0.15 + 0.3 * pulse));
    lit = mix(lit, vec3(1.0), hint * (0.2 + 0.35 * pulse));
    lit += hover * 0.22;
    lit = mix(lit, vec3(1.0), hover * (1.0 - smoothstep(0.0, 0.06, rim)) * 0.9);

    fragColour = vec4(lit, 1.0);
}
