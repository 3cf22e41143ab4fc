"""``pickanumber.calibrate`` gives the object ``pickanumber calibrate`` prints, and refuses a bad
gold set with the same lines."""

import json
import subprocess

import pytest

import pickanumber
from conftest import REPO

GOLD = REPO / "examples/calibrate/gold.jsonl"


def test_the_card_is_the_clis(cli):
    card = pickanumber.calibrate(GOLD, human_scale="1:10", naive_scale="1:10", min_agreement=0.5)
    out = subprocess.run(
        [cli, "calibrate", GOLD, "--human-scale", "1:10", "--naive-scale", "1:10",
         "--min-agreement", "0.5"],
        capture_output=True, text=True, check=True,
    )
    assert card == json.loads(out.stdout)
    assert set(card["fit"]["fitted"]) == {"denominator", "scale"}
    assert card["verdict"]["pass"] is True


def test_bad_lines_are_named(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "human": 120, "output": "+3 ok"}\n{"id": "a", "human": 5, "output": "+1 ok"}\n')
    with pytest.raises(pickanumber.CalibrationError) as e:
        pickanumber.calibrate(gold)
    assert e.value.errors == [
        f'{gold}:1: subject "a": "human" is 120, outside the scale 0:100 (--human-scale)',
        f'{gold}:2: id "a" repeats line 1: every subject needs its own id',
    ]
    with pytest.raises(ValueError, match="is not LOW:HIGH"):
        pickanumber.calibrate(gold, human_scale="10")
