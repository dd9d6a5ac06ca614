#!/usr/bin/env python3
"""The oracle of PrisonSpace's USD loading tests: Pixar's OpenUSD (PyPI's usd-core).

  usd-oracle.py make DIR     writes the test scenes into DIR: each as .usda, and the same
                             scene as .usdc and .usdz, with usd-core's own writers
  usd-oracle.py truth FILE   prints, as JSON, what usd-core reads from FILE: every prim the
                             default traversal visits (path, type, world matrix from
                             UsdGeom.XformCache), the colliders Reality Composer Pro writes,
                             and which collider each ray of a grid hits first

Exit status 3 when usd-core (the pxr module) cannot be imported.
"""
import json
import math
import os
import sys

try:
    from pxr import Gf, Sdf, Usd, UsdGeom, UsdUtils
except ImportError as error:  # The tests say "skipped" on this status.
    print(f"usd-core is not installed: {error}", file=sys.stderr)
    sys.exit(3)


def collider(stage, parent, shape, group=1, mask=4294967295, kind="Default", pose=None, **size):
    """A collider as Reality Composer Pro writes it, under `parent`."""
    prim = stage.DefinePrim(parent.AppendChild("Collider"), "RealityKitComponent")
    prim.CreateAttribute("info:id", Sdf.ValueTypeNames.Token, variability=Sdf.VariabilityUniform).Set("RealityKit.Collider")
    prim.CreateAttribute("group", Sdf.ValueTypeNames.UInt).Set(group)
    prim.CreateAttribute("mask", Sdf.ValueTypeNames.UInt).Set(mask)
    prim.CreateAttribute("type", Sdf.ValueTypeNames.Token).Set(kind)
    shape_prim = stage.DefinePrim(prim.GetPath().AppendChild("Shape"), "RealityKitStruct")
    shape_prim.CreateAttribute("shapeType", Sdf.ValueTypeNames.Token).Set(shape)
    if "extent" in size:
        shape_prim.CreateAttribute("extent", Sdf.ValueTypeNames.Float3).Set(Gf.Vec3f(*size["extent"]))
    for name in ("radius", "height"):
        if name in size:
            shape_prim.CreateAttribute(name, Sdf.ValueTypeNames.Float).Set(size[name])
    pose_prim = stage.DefinePrim(shape_prim.GetPath().AppendChild("pose"), "RealityKitStruct")
    if pose:
        pose_prim.CreateAttribute("position", Sdf.ValueTypeNames.Float3).Set(Gf.Vec3f(*pose[0]))
        pose_prim.CreateAttribute("orientation", Sdf.ValueTypeNames.Quatf).Set(Gf.Quatf(*pose[1]))
    target = stage.DefinePrim(parent.AppendChild("InputTarget"), "RealityKitComponent")
    target.CreateAttribute("info:id", Sdf.ValueTypeNames.Token, variability=Sdf.VariabilityUniform).Set("RealityKit.InputTarget")


def xform(stage, path, translate=None, ops=(), type_name="Xform"):
    prim = stage.DefinePrim(path, type_name)
    xformable = UsdGeom.Xformable(prim)
    if translate is not None:
        xformable.AddTranslateOp().Set(Gf.Vec3d(*translate))
    for op, value in ops:
        op(xformable).Set(value)
    return prim


def make_part(path):
    """A referenced layer: a part with a child and a collider, a class, and a variant set."""
    stage = Usd.Stage.CreateNew(path)
    UsdGeom.SetStageMetersPerUnit(stage, 1)
    UsdGeom.SetStageUpAxis(stage, UsdGeom.Tokens.y)
    part = xform(stage, "/Part", ops=[(lambda x: x.AddRotateYOp(), 30.0)])
    stage.SetDefaultPrim(part)
    cube = xform(stage, "/Part/Body", translate=(0, 0.25, 0), type_name="Cube")
    cube.GetAttribute("size").Set(0.5)
    collider(stage, cube.GetPath(), "Box", extent=(0.5, 0.5, 0.5))
    other = xform(stage, "/Other", translate=(0, 5, 0))
    xform(stage, "/Other/Inner", translate=(1, 0, 0))
    stage.GetRootLayer().Save()


def make_scene(folder):
    """The main scene: every xformOp kind, composition arcs, geometry and colliders."""
    make_part(os.path.join(folder, "Part.usda"))
    stage = Usd.Stage.CreateNew(os.path.join(folder, "Scene.usda"))
    UsdGeom.SetStageMetersPerUnit(stage, 1)
    UsdGeom.SetStageUpAxis(stage, UsdGeom.Tokens.y)
    root = xform(stage, "/Root", translate=(0, 1.5, -2))
    stage.SetDefaultPrim(root)
    # Every rotation order and the other op kinds.
    for index, order in enumerate(["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"]):
        prim = xform(stage, f"/Root/Rotate{order}", translate=(index * 0.7 - 1.8, 0, 0))
        op = getattr(UsdGeom.Xformable(prim), f"AddRotate{order}Op")()
        op.Set(Gf.Vec3f(10 + 7 * index, -25 + 3 * index, 40 - 11 * index))
        ball = xform(stage, prim.GetPath().AppendChild("Ball"), translate=(0, 0.3, 0), type_name="Sphere")
        ball.GetAttribute("radius").Set(0.15)
        collider(stage, ball.GetPath(), "Sphere", radius=0.15, extent=(0.3, 0.3, 0.3))
    single = xform(stage, "/Root/Singles", translate=(0, -0.8, 0))
    UsdGeom.Xformable(single).AddRotateXOp().Set(15.0)
    UsdGeom.Xformable(single).AddRotateZOp().Set(-20.0)
    UsdGeom.Xformable(single).AddScaleOp().Set(Gf.Vec3f(1.5, 0.5, 2))
    oriented = xform(stage, "/Root/Singles/Oriented", translate=(0.4, 0, 0))
    UsdGeom.Xformable(oriented).AddOrientOp().Set(Gf.Quatf(0.9238795, 0, 0.3826834, 0))
    UsdGeom.Xformable(oriented).AddScaleOp().Set(Gf.Vec3f(0.5, 0.5, 0.5))
    pivot = xform(stage, "/Root/Pivoted")
    pivoted = UsdGeom.Xformable(pivot)
    pivoted.AddTranslateOp(opSuffix="pivot").Set(Gf.Vec3d(0.2, 0, 0))
    pivoted.AddRotateYOp().Set(45.0)
    pivoted.AddTranslateOp(opSuffix="pivot", isInverseOp=True)
    matrix = xform(stage, "/Root/Matrix")
    UsdGeom.Xformable(matrix).AddTransformOp().Set(
        Gf.Matrix4d().SetRotate(Gf.Rotation(Gf.Vec3d(1, 1, 0), 33)) * Gf.Matrix4d().SetTranslate(Gf.Vec3d(0.5, -0.25, 1)))
    reset = xform(stage, "/Root/Matrix/Reset", translate=(0, 3, 0))
    UsdGeom.Xformable(reset).SetResetXformStack(True)
    # Geometry of every kind, a capsule collider with a pose, a trigger.
    shapes = xform(stage, "/Root/Shapes", translate=(0, 0.8, 0))
    capsule = xform(stage, "/Root/Shapes/Capsule", translate=(-1, 0, 0), type_name="Capsule")
    capsule.GetAttribute("axis").Set("Y")
    capsule.GetAttribute("height").Set(0.3)
    capsule.GetAttribute("radius").Set(0.1)
    collider(stage, capsule.GetPath(), "Capsule", radius=0.1, height=0.5, pose=((0, 0.05, 0), (1, 0, 0, 0)))
    for index, kind in enumerate(["Cylinder", "Cone", "Plane"]):
        xform(stage, f"/Root/Shapes/{kind}", translate=(index * 0.5, 0, 0), type_name=kind)
    mesh = UsdGeom.Mesh.Define(stage, "/Root/Shapes/Mesh")
    UsdGeom.Xformable(mesh).AddTranslateOp().Set(Gf.Vec3d(1.2, 0, 0))
    mesh.CreatePointsAttr([(0, 0, 0), (0.4, 0, 0), (0.4, 0.4, 0), (0, 0.4, 0), (0.2, 0.2, 0.3)])
    mesh.CreateFaceVertexCountsAttr([4, 3, 3, 3, 3])
    mesh.CreateFaceVertexIndicesAttr([0, 3, 2, 1, 0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4])
    trigger = xform(stage, "/Root/Shapes/Trigger", translate=(0, -0.4, 0.3))
    collider(stage, trigger.GetPath(), "Box", kind="Trigger", group=2, extent=(0.2, 0.1, 0.2),
             pose=((0.05, 0, 0), (0.9659258, 0, 0, 0.2588190)))
    # Composition: references with and without a prim path, a payload, inherits, specializes,
    # an internal reference, a variant set with a selection, inactive and invisible prims.
    robot = stage.DefinePrim("/Root/Robot")
    robot.GetReferences().AddReference(Sdf.Reference("./Part.usda", customData={"note": "a robot", "count": 3}))
    UsdGeom.Xformable(robot).AddTranslateOp().Set(Gf.Vec3d(1.5, 0, -0.5))
    other = stage.DefinePrim("/Root/FromOther")
    other.GetReferences().AddReference("Part.usda", "/Other")
    loaded = stage.DefinePrim("/Root/Loaded")
    loaded.GetPayloads().AddPayload("Part.usda")
    UsdGeom.Xformable(loaded).AddTranslateOp().Set(Gf.Vec3d(-1.5, 0, -0.5))
    base = stage.CreateClassPrim("/_class_Lamp")
    UsdGeom.Xformable(xform(stage, "/_class_Lamp/Bulb", translate=(0, 0.1, 0)))
    lamp = xform(stage, "/Root/Lamp", translate=(0, 0, 1))
    lamp.GetInherits().AddInherit(base.GetPath())
    special = xform(stage, "/Root/Special", translate=(0.3, 0, 1))
    special.GetSpecializes().AddSpecialize(base.GetPath())
    copy = stage.DefinePrim("/Root/Copy")
    copy.GetReferences().AddInternalReference("/Root/Singles")
    UsdGeom.Xformable(copy).AddTranslateOp(opSuffix="copy").Set(Gf.Vec3d(0, 0, -1))
    varied = xform(stage, "/Root/Varied")
    variants = varied.GetVariantSets().AddVariantSet("size")
    for name, scale in [("small", 0.5), ("large", 2.0)]:
        variants.AddVariant(name)
        variants.SetVariantSelection(name)
        with variants.GetVariantEditContext():
            UsdGeom.Xformable(varied).AddScaleOp().Set(Gf.Vec3f(scale, scale, scale))
            xform(stage, f"/Root/Varied/Only{name.capitalize()}", translate=(0, scale, 0))
    variants.SetVariantSelection("large")
    hidden = xform(stage, "/Root/Hidden", translate=(0, 0, 0.5))
    UsdGeom.Imageable(hidden).CreateVisibilityAttr().Set(UsdGeom.Tokens.invisible)
    inactive = xform(stage, "/Root/Inactive")
    xform(stage, "/Root/Inactive/Child")
    inactive.SetActive(False)
    stage.OverridePrim("/Root/OnlyOver")
    # An app's component holding arrays of every kind a binary crate codes its own way: integers
    # (compressed), whole floats (coded as integers), floats from a few values (a table), halves.
    holder = xform(stage, "/Root/Samples")
    component = stage.DefinePrim(holder.GetPath().AppendChild("LoadingFixtureContent_SamplesComponent"),
                                 "RealityKitCustomComponent")
    component.CreateAttribute("info:id", Sdf.ValueTypeNames.Token, variability=Sdf.VariabilityUniform).Set(
        "LoadingFixtureContent.SamplesComponent")
    component.CreateAttribute("ids", Sdf.ValueTypeNames.IntArray).Set([7 * k - 300 for k in range(100)])
    component.CreateAttribute("wholes", Sdf.ValueTypeNames.DoubleArray).Set([float(k * k) for k in range(40)])
    component.CreateAttribute("levels", Sdf.ValueTypeNames.FloatArray).Set([[0.5, 0.25, -1.75][k % 3] for k in range(48)])
    component.CreateAttribute("halves", Sdf.ValueTypeNames.HalfArray).Set([k / 8 for k in range(20)])
    component.CreateAttribute("offset", Sdf.ValueTypeNames.Float3).Set(Gf.Vec3f(0.5, -2, 4))
    stage.GetRootLayer().Save()
    return os.path.join(folder, "Scene.usda")


def make_random(path, seed=52, count=80):
    """A seeded random tree of prims, each with a random stack of ops that a scale, rotation and
    translation can express (translations, then rotations of random kinds, then a scale), and
    random colliders: boxes, spheres and capsules with poses."""
    import random
    rng = random.Random(seed)
    stage = Usd.Stage.CreateNew(path)
    UsdGeom.SetStageMetersPerUnit(stage, 1)
    UsdGeom.SetStageUpAxis(stage, UsdGeom.Tokens.y)
    root = xform(stage, "/World", translate=(0, 1.5, -3))
    stage.SetDefaultPrim(root)
    paths = [root.GetPath()]
    orders = ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"]
    for index in range(count):
        parent = rng.choice(paths[-12:])
        prim = stage.DefinePrim(parent.AppendChild(f"P{index}"), rng.choice(["Xform", "Xform", "Scope", ""]) or "Xform")
        xformable = UsdGeom.Xformable(prim)
        xformable.AddTranslateOp().Set(Gf.Vec3d(*(rng.uniform(-0.8, 0.8) for _ in range(3))))
        for k in range(rng.randint(0, 2)):
            kind = rng.choice(["orient", "single", "triple"])
            if kind == "orient":
                axis = Gf.Vec3d(*(rng.uniform(-1, 1) for _ in range(3))).GetNormalized()
                quat = Gf.Rotation(axis, rng.uniform(-180, 180)).GetQuat()
                xformable.AddOrientOp(opSuffix=f"o{k}").Set(Gf.Quatf(quat))
            elif kind == "single":
                op = getattr(xformable, "AddRotate" + rng.choice("XYZ") + "Op")(opSuffix=f"r{k}")
                op.Set(rng.uniform(-180, 180))
            else:
                op = getattr(xformable, "AddRotate" + rng.choice(orders) + "Op")(opSuffix=f"t{k}")
                op.Set(Gf.Vec3f(*(rng.uniform(-180, 180) for _ in range(3))))
        if rng.random() < 0.5:
            xformable.AddScaleOp().Set(Gf.Vec3f(*(rng.uniform(0.5, 1.6) for _ in range(3))))
        if rng.random() < 0.5 and prim.GetTypeName() == "Xform":
            shape = rng.choice(["Box", "Sphere", "Capsule"])
            position = tuple(rng.uniform(-0.1, 0.1) for _ in range(3))
            quat = Gf.Rotation(Gf.Vec3d(0, 0, 1), rng.uniform(-90, 90)).GetQuat()
            pose = (position, (quat.GetReal(), *quat.GetImaginary()))
            size = rng.uniform(0.05, 0.3)
            collider(stage, prim.GetPath(), shape, pose=pose, extent=(size, size * 1.5, size * 0.8),
                     radius=size / 2, height=size * 2.5)
        paths.append(prim.GetPath())
    stage.GetRootLayer().Save()


def make(folder):
    os.makedirs(folder, exist_ok=True)
    make_random(os.path.join(folder, "Random.usda"))
    scene = make_scene(folder)
    # The scene's own layer as a binary crate, its arcs kept (references, payload, inherits,
    # specializes, variants), referring to the same text part.
    Sdf.Layer.FindOrOpen(scene).Export(os.path.join(folder, "SceneArcs.usdc"))
    # The same scene in one layer: binary, and zipped as .usdz (text inside, then binary).
    flat = Usd.Stage.Open(scene).Flatten()
    flat.Export(os.path.join(folder, "Flat.usda"))
    flat.Export(os.path.join(folder, "Flat.usdc"))
    with Sdf.ZipFileWriter.CreateNew(os.path.join(folder, "Flat.usdz")) as writer:
        writer.AddFile(os.path.join(folder, "Flat.usda"), "Flat.usda")
    UsdUtils.CreateNewUsdzPackage(Sdf.AssetPath(os.path.join(folder, "Flat.usdc")), os.path.join(folder, "FlatBinary.usdz"))
    # A usda that references the binary layer, and the archive of it.
    stage = Usd.Stage.CreateNew(os.path.join(folder, "RefersToBinary.usda"))
    UsdGeom.SetStageMetersPerUnit(stage, 1)
    stage.SetDefaultPrim(xform(stage, "/Root"))
    stage.DefinePrim("/Root/Binary").GetReferences().AddReference("Flat.usdc")
    zipped = stage.DefinePrim("/Root/Zipped")
    zipped.GetReferences().AddReference("./FlatBinary.usdz")
    UsdGeom.Xformable(zipped).AddTranslateOp(opSuffix="zipped").Set(Gf.Vec3d(0, 0, -6))
    xform(stage, "/Root/Text", translate=(1, 0, 0))
    stage.GetRootLayer().Save()
    # Centimetres and +z up, as other tools write.
    stage = Usd.Stage.CreateNew(os.path.join(folder, "Centimetres.usda"))
    UsdGeom.SetStageMetersPerUnit(stage, 0.01)
    UsdGeom.SetStageUpAxis(stage, UsdGeom.Tokens.z)
    stage.SetDefaultPrim(xform(stage, "/World"))
    for index in range(5):
        box = xform(stage, f"/World/Box{index}", translate=(index * 60 - 120, 150, 160 + index * 10), type_name="Cube")
        box.GetAttribute("size").Set(40.0)
        collider(stage, box.GetPath(), "Box", extent=(40, 40, 40))
    stage.GetRootLayer().Save()


# MARK: truth

def attr(prim, name, default=None):
    attribute = prim.GetAttribute(name)
    value = attribute.Get() if attribute else None
    return default if value is None else value


def colliders(stage, cache):
    """World matrices and shapes of the colliders, as (path, kind, size, shape matrix), in metres
    with +y up, as RealityKit places a scene of other units or up axis."""
    result = []
    conversion = Gf.Matrix4d().SetScale(UsdGeom.GetStageMetersPerUnit(stage))
    if UsdGeom.GetStageUpAxis(stage) == UsdGeom.Tokens.z:
        conversion = conversion * Gf.Matrix4d().SetRotate(Gf.Rotation(Gf.Vec3d(1, 0, 0), -90))
    for prim in stage.Traverse():
        component = prim.GetChild("Collider")
        if not component or attr(component, "info:id") != "RealityKit.Collider":
            continue
        if not UsdGeom.Imageable(prim) or UsdGeom.Imageable(prim).ComputeVisibility() == UsdGeom.Tokens.invisible:
            continue
        shape = component.GetChild("Shape")
        kind = attr(shape, "shapeType", "Box")
        pose = shape.GetChild("pose")
        position = attr(pose, "position", Gf.Vec3f(0, 0, 0)) if pose else Gf.Vec3f(0, 0, 0)
        orientation = attr(pose, "orientation", Gf.Quatf(1, 0, 0, 0)) if pose else Gf.Quatf(1, 0, 0, 0)
        local = Gf.Matrix4d().SetRotate(Gf.Rotation(Gf.Quatd(orientation))) * Gf.Matrix4d().SetTranslate(Gf.Vec3d(position))
        world = local * cache.GetLocalToWorldTransform(prim) * conversion
        result.append((str(prim.GetPath()), kind, {
            "extent": list(attr(shape, "extent", (0, 0, 0))),
            "radius": attr(shape, "radius", 0.0),
            "height": attr(shape, "height", 0.0)}, world))
    return result


def hit(kind, size, world, origin, direction):
    """The ray parameter of the first hit of the ray on the shape, or None."""
    inverse = world.GetInverse()
    o = inverse.Transform(Gf.Vec3d(*origin))
    d = inverse.TransformDir(Gf.Vec3d(*direction))
    if kind == "Box":
        half = [e / 2 for e in size["extent"]]
        near, far = -math.inf, math.inf
        for axis in range(3):
            if abs(d[axis]) < 1e-12:
                if abs(o[axis]) > half[axis]:
                    return None
                continue
            t1, t2 = (-half[axis] - o[axis]) / d[axis], (half[axis] - o[axis]) / d[axis]
            near, far = max(near, min(t1, t2)), min(far, max(t1, t2))
        return near if near <= far and near >= 0 else None
    if kind == "Sphere":
        return sphere_hit(o, d, Gf.Vec3d(0, 0, 0), size["radius"])
    # A capsule along y: `height` from end to end.
    radius = size["radius"]
    half = max(size["height"] / 2 - radius, 0)
    best = None
    a = d[0] ** 2 + d[2] ** 2
    if a > 1e-12:
        b = 2 * (o[0] * d[0] + o[2] * d[2])
        c = o[0] ** 2 + o[2] ** 2 - radius ** 2
        disc = b * b - 4 * a * c
        if disc >= 0:
            t = (-b - math.sqrt(disc)) / (2 * a)
            if t >= 0 and abs(o[1] + t * d[1]) <= half:
                best = t
    for end in (half, -half):
        t = sphere_hit(o, d, Gf.Vec3d(0, end, 0), radius)
        if t is not None and (best is None or t < best):
            best = t
    return best


def sphere_hit(o, d, center, radius):
    oc = o - center
    a = Gf.Dot(d, d)
    b = 2 * Gf.Dot(oc, d)
    c = Gf.Dot(oc, oc) - radius ** 2
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    t = (-b - math.sqrt(disc)) / (2 * a)
    return t if t >= 0 else None


def rays():
    """A grid of rays toward -z and a fan from one eye: irrational offsets keep them off edges."""
    result = []
    for i in range(41):
        for j in range(25):
            origin = (-3 + i * 0.15 + 0.0137, 0.2 + j * 0.12 + 0.0071, 3)
            result.append((origin, (0, 0, -1)))
    for i in range(31):
        for j in range(17):
            direction = (-0.9 + i * 0.06 + 0.0031, -0.5 + j * 0.06 + 0.0023, -1)
            result.append(((0.0113, 1.6, 2.5), direction))
    return result


def truth(path):
    stage = Usd.Stage.Open(path)
    cache = UsdGeom.XformCache()
    prims = []
    for prim in stage.Traverse():
        matrix = cache.GetLocalToWorldTransform(prim)
        prims.append({
            "path": str(prim.GetPath()),
            "type": str(prim.GetTypeName()),
            "matrix": [matrix[row][column] for row in range(4) for column in range(4)],
        })
    shapes = colliders(stage, cache)
    hits = []
    for origin, direction in rays():
        best = None
        for prim_path, kind, size, world in shapes:
            t = hit(kind, size, world, origin, direction)
            if t is not None and (best is None or t < best[0]):
                best = (t, prim_path)
        hits.append({"origin": list(origin), "direction": list(direction), "hit": best[1] if best else None})
    samples = stage.GetPrimAtPath("/Root/Samples/LoadingFixtureContent_SamplesComponent")
    arrays = {}
    if samples:
        for attribute in samples.GetAttributes():
            value = attribute.Get()
            if attribute.GetName() != "info:id" and value is not None:
                arrays[attribute.GetName()] = [float(x) for x in value]
    json.dump({
        "arrays": arrays,
        "prims": prims,
        "colliders": [s[0] for s in shapes],
        "rays": hits,
        "metersPerUnit": UsdGeom.GetStageMetersPerUnit(stage),
        "upAxis": str(UsdGeom.GetStageUpAxis(stage)),
    }, sys.stdout)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("make", "truth"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    (make if sys.argv[1] == "make" else truth)(sys.argv[2])
