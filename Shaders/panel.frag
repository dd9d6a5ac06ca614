#version 330 core
in vec2 uv;

uniform sampler2D picture;   // premultiplied alpha: clear where nothing was drawn

out vec4 fragColour;

void main() {
    fragColour = texture(picture, uv);
}
