#!/usr/bin/env python3
"""Writes the fixed trajectory pair behind TrajectoryEvaluationTests.

groundtruth.txt: a smooth 8 s handheld-like path at 100 Hz (TUM format).
estimate.txt:    the same path at 30 Hz, expressed in another world frame
                 (rotated and shifted), with seeded noise of a few millimetres,
                 timestamps 3 ms late and a 0.5 s gap, as a tracker would give.
Only the standard library is used, so the files are the same everywhere.
"""
import math
import random


def quat_multiply(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz)


def quat_axis_angle(axis, angle):
    n = math.sqrt(sum(c * c for c in axis))
    s = math.sin(angle / 2) / n
    return (axis[0] * s, axis[1] * s, axis[2] * s, math.cos(angle / 2))


def rotate(q, v):
    qv = (v[0], v[1], v[2], 0.0)
    qc = (-q[0], -q[1], -q[2], q[3])
    r = quat_multiply(quat_multiply(q, qv), qc)
    return r[:3]


def pose(t):
    position = (1.5 * math.sin(0.4 * t), 1.4 + 0.05 * math.sin(1.3 * t), 1.5 * math.cos(0.4 * t))
    yaw = quat_axis_angle((0, 1, 0), 0.4 * t + math.pi)
    pitch = quat_axis_angle((1, 0, 0), 0.2 * math.sin(0.7 * t))
    return position, quat_multiply(yaw, pitch)


def line(t, p, q):
    return "%.6f %.7f %.7f %.7f %.7f %.7f %.7f %.7f" % ((t,) + tuple(p) + tuple(q))


def main():
    with open("groundtruth.txt", "w") as f:
        f.write("# timestamp tx ty tz qx qy qz qw\n")
        for i in range(801):
            t = 100.0 + i / 100.0
            p, q = pose(t - 100.0)
            f.write(line(t, p, q) + "\n")

    rng = random.Random(42)
    other_world = quat_axis_angle((0.3, 1.0, -0.2), 0.8)
    shift = (0.7, -0.2, 1.1)
    with open("estimate.txt", "w") as f:
        f.write("# timestamp tx ty tz qx qy qz qw\n")
        for i in range(240):
            t = 100.0 + i / 30.0
            if 4.0 <= t - 100.0 < 4.5:
                continue  # tracking lost for half a second
            p, q = pose(t - 100.0)
            noisy = tuple(c + rng.gauss(0, 0.004) for c in p)
            p2 = tuple(a + b for a, b in zip(rotate(other_world, noisy), shift))
            wobble = quat_axis_angle((rng.random(), rng.random(), rng.random()), rng.gauss(0, 0.003))
            q2 = quat_multiply(other_world, quat_multiply(q, wobble))
            f.write(line(t + 0.003, p2, q2) + "\n")


if __name__ == "__main__":
    main()
