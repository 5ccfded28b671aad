"""open_sequence refuses a broken sequence at once, naming the file (and
line) and the problem, and never changes the folder it reads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import arscene


@pytest.fixture
def copy(room: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "copy"
    shutil.copytree(room, folder)
    return folder


def test_a_missing_folder_or_description_is_named(tmp_path: Path) -> None:
    with pytest.raises(arscene.SequenceError, match="nowhere: is not a folder"):
        arscene.open_sequence(tmp_path / "nowhere")
    with pytest.raises(arscene.SequenceError, match="no sequence.json.*arscene dataset convert"):
        arscene.open_sequence(tmp_path)


def test_a_bad_description_names_the_key(copy: Path) -> None:
    (copy / "sequence.json").write_text("{not json")
    with pytest.raises(arscene.SequenceError, match="sequence.json: is not JSON"):
        arscene.open_sequence(copy)
    (copy / "sequence.json").write_text(json.dumps({"camera": {"width": 320}}))
    with pytest.raises(arscene.SequenceError, match='"camera.height" must be a number'):
        arscene.open_sequence(copy)


def test_lists_that_go_back_in_time_or_leave_the_folder_name_the_line(copy: Path) -> None:
    lines = (copy / "rgb.txt").read_text().splitlines()
    entries = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    first, second = entries[0], entries[1]
    swapped = list(lines)
    swapped[first], swapped[second] = lines[second], lines[first]
    (copy / "rgb.txt").write_text("\n".join(swapped) + "\n")
    with pytest.raises(arscene.SequenceError,
                       match=rf"rgb.txt:{second + 1}: timestamp .* goes back in time"):
        arscene.open_sequence(copy)
    outside = list(lines)
    outside[first] = lines[first].split()[0] + " ../elsewhere.png"
    (copy / "rgb.txt").write_text("\n".join(outside) + "\n")
    with pytest.raises(arscene.SequenceError,
                       match=rf"rgb.txt:{first + 1}: ../elsewhere.png lies outside"):
        arscene.open_sequence(copy)


def test_a_missing_or_corrupt_image_is_named(copy: Path) -> None:
    sequence = arscene.open_sequence(copy)
    picture = copy / (copy / "rgb.txt").read_text().split("\n")[-2].split()[1]
    picture.write_bytes(b"\x89PNG\r\n\x1a\n broken")
    with pytest.raises(arscene.DecodeError, match=picture.name):
        sequence.frame(len(sequence) - 1)
    picture.unlink()
    with pytest.raises(arscene.SequenceError, match="does not exist"):
        arscene.open_sequence(copy)
