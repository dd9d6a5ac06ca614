#version 330 core
in vec2 uv;
flat in vec4 shade;

uniform int flatColours;

out vec4 fragColour;

void main() {
    if (flatColours == 1) {
        fragColour = vec4(shade.rgb, 1.0);
        return;
    }
    // The blocks' bevel, so a piece reads as a chip of its block.
    vec2 edge = min(uv, 1.0 - uv);
    float rim = min(edge.x, edge.y);
    fragColour = vec4(min(shade.rgb * mix(0.55, 1.0, smoothstep(0.0, 0.1, rim)), vec3(1.0)), shade.a);
}
