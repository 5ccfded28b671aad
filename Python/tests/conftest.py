"""Fixtures: the arscene CLI (to compare against) and small synthetic
sequences it renders, shared by the session's tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def _cli() -> Path:
    for candidate in (os.environ.get("ARSCENE_BIN"), os.environ.get("ARSCENE_RELEASE_BIN"),
                      REPOSITORY / ".build/release/arscene", REPOSITORY / ".build/debug/arscene"):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    message = ("the arscene CLI is not built (swift build -c release --product arscene, or set"
               " ARSCENE_BIN): the Python package is compared against it")
    if os.environ.get("ARSCENE_PYTHON_TESTS_NEED_CLI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def cli() -> Path:
    """The arscene command-line tool."""
    return _cli()


def render(cli: Path, folder: Path, *arguments: str) -> Path:
    subprocess.run([str(cli), "dataset", "synth", "--out", str(folder), "--quiet", *arguments],
                   check=True)
    return folder


@pytest.fixture(scope="session")
def room(cli: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 frames (2 s) of the synthetic room at 320x240: colour, depth, IMU,
    ground truth and reference images."""
    return render(cli, tmp_path_factory.mktemp("room") / "room", "--scene", "room", "--frames",
                  "60", "--seed", "1", "--width", "320", "--height", "240")


@pytest.fixture(scope="session")
def pictures(cli: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """50 frames of the synthetic room's image scenario at 640x480: a picture
    comes into view at frame 39."""
    return render(cli, tmp_path_factory.mktemp("pictures") / "pictures", "--scene", "room",
                  "--scenario", "image", "--frames", "50", "--seed", "1")
