#version 330 core
in vec2 uv;
in vec4 tint;

uniform sampler2D glyphs;   // coverage in the red channel; texel (0, 0) is solid for panels

out vec4 fragColour;

void main() {
    fragColour = vec4(tint.rgb, tint.a * texture(glyphs, uv).r);
}
