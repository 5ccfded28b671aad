#!/usr/bin/env python3
"""How far off is the ground truth itself? A three-cornered hat over
trajectories: with n >= 3 independent estimates of one path (the reference
among them), the ATE between any two, squared, is about the sum of their
own errors squared, d_ij^2 = s_i^2 + s_j^2, so the pairwise ATEs give each
trajectory's own error s_i, the reference's included. The classic method of
clock comparison (Gray and Allan, 1974), applied to ATE RMSE.

    reference_error.py REFERENCE.txt ESTIMATE.txt ESTIMATE.txt [...]

Trajectories in TUM format; every pair is associated (timestamps within
10 ms) and SE(3) aligned, then scored as `evo_ape tum A B -a` would (evo's
own Python API). With three trajectories the answer is exact; with more,
least squares on the relative misfit of each pair (1/d_ij^2 weights), and
the largest relative misfit is printed: a large one says the sums of
squares do not hold. A small one proves nothing: an error two trajectories
share (both made from the same depth by the same method, say) is invisible
between them, so it is taken from their estimates and added to the
others'. Where the reference shares errors with an estimate, its own error
comes out too low.
"""
import itertools
import sys

# --help answers before the NumPy import, so that it works without NumPy.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import numpy as np


class TrajectoryError(Exception):
    """A trajectory that cannot be read or compared; the message names it."""


def read_trajectory(path):
    from evo.tools import file_interface

    try:
        trajectory = file_interface.read_tum_trajectory_file(path)
    except Exception as error:  # evo raises its own and OS errors
        raise TrajectoryError("%s: not a TUM trajectory (%s)" % (path, error)) from error
    if trajectory.num_poses < 3 or not np.all(np.isfinite(trajectory.positions_xyz)):
        raise TrajectoryError("%s: fewer than 3 poses, or a position that is not a number" % path)
    return trajectory


def ate_rmse(first_path, second_path):
    """ATE RMSE (metres) of second against first after SE(3) alignment."""
    from evo.core import metrics, sync

    first = read_trajectory(first_path)
    second = read_trajectory(second_path)
    try:
        first, second = sync.associate_trajectories(first, second, max_diff=0.01)
    except Exception as error:  # evo's SyncException: no common timestamps
        raise TrajectoryError("%s and %s: no timestamps in common within 10 ms (%s)" % (
            first_path, second_path, error)) from error
    try:
        second.align(first, correct_scale=False)
    except Exception as error:  # evo's GeometryException: a straight-line path
        raise TrajectoryError("%s and %s: cannot be aligned (%s)" % (first_path, second_path, error)) from error
    ape = metrics.APE(metrics.PoseRelation.translation_part)
    ape.process_data((first, second))
    return ape.get_statistic(metrics.StatisticsType.rmse)


def own_errors(count, pairwise):
    """Each trajectory's own error from {(i, j): d_ij} over i < j: returns
    (errors, largest relative misfit). An error whose square comes out
    negative is returned as nan."""
    rows, targets, weights = [], [], []
    for (i, j), distance in pairwise.items():
        row = np.zeros(count)
        row[i] = row[j] = 1.0
        rows.append(row)
        targets.append(distance**2)
        weights.append(1.0 / max(distance**2, 1e-12))
    a = np.array(rows) * np.sqrt(weights)[:, None]
    b = np.array(targets) * np.sqrt(weights)
    squares = np.linalg.lstsq(a, b, rcond=None)[0]
    misfit = max(abs(squares[i] + squares[j] - d**2) / d**2 for (i, j), d in pairwise.items())
    errors = [np.sqrt(s) if s >= 0 else float("nan") for s in squares]
    return errors, misfit


def estimate(paths):
    for path in paths:  # every unreadable file is named before any work
        read_trajectory(path)
    pairwise = {(i, j): ate_rmse(paths[i], paths[j]) for i, j in itertools.combinations(range(len(paths)), 2)}
    errors, misfit = own_errors(len(paths), pairwise)
    return pairwise, errors, misfit


def main():
    paths = sys.argv[1:]
    if len(paths) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        pairwise, errors, misfit = estimate(paths)
    except TrajectoryError as error:
        print("reference_error: %s" % error, file=sys.stderr)
        return 1
    for (i, j), distance in sorted(pairwise.items()):
        print("ATE %-40s vs %-40s %7.2f cm" % (paths[i], paths[j], distance * 100))
    for path, error in zip(paths, errors):
        print("own error %-40s %7.2f cm" % (path, error * 100))
    print("largest relative misfit %.1f%%" % (misfit * 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
