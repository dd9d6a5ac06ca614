#version 330 core
// One cube per instance: the pieces of breaking blocks (and whole blocks waiting for the ripple,
// or fading), lit as the blocks are, with their glow and opacity.
layout(location = 0) in vec3 position;   // unit cube, -0.5...0.5
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 faceUV;     // 0...1 across each face
layout(location = 3) in mat4 model;      // per instance (locations 3 to 6)
layout(location = 7) in vec4 colour;     // per instance: rgb, and the opacity in a
layout(location = 8) in vec4 glow;       // per instance: light given off (rgb), the block's wall

uniform mat4 viewProjection;
uniform vec3 eye;
uniform vec3 lightDirection;   // toward the light, normalised
uniform vec4 cutaway;          // a piece whose centre c has dot(c, xyz) > w is not drawn
uniform int flatColours;       // 1: each wall's pieces in one flat colour (tests of the framing)

out vec2 uv;
flat out vec4 shade;           // rgb lit, and the opacity

void main() {
    vec3 centre = model[3].xyz;
    if (dot(centre, cutaway.xyz) > cutaway.w) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec4 world = model * vec4(position, 1.0);
    vec3 n = normalize(mat3(model) * normal);
    float diffuse = max(dot(n, lightDirection), 0.0);
    float fill = max(dot(n, normalize(eye - world.xyz)), 0.0);
    float light = 0.3 + 0.25 * diffuse + 0.6 * fill;
    vec3 lit = colour.rgb * light + glow.rgb;
    if (flatColours == 1) {
        int wall = int(glow.a + 0.5);
        lit = vec3(wall == 0 || wall == 3 ? 1.0 : 0.0, wall == 1 || wall == 3 ? 1.0 : 0.0, wall == 2 ? 1.0 : 0.0);
    }
    shade = vec4(lit, colour.a);
    uv = faceUV;
    gl_Position = viewProjection * world;
}
