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


def test_a_work_folder_checks_the_evidence_as_the_cli_does(cli, tmp_path):
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "lib.rs").write_text("pub fn add(a: u8, b: u8) -> u8 {\n    a.saturating_add(b)\n}\n")
    lines = [
        json.dumps({
            "id": f"s{i}",
            "human": 40 + 5 * i,
            "output": f'+{1 + i % 3} "a.saturating_add(b)" (lib.rs:2)\n+5 "every input is validated" (lib.rs:9)\n',
            "work": {"path": "work"},
        })
        for i in range(6)
    ]
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(lines) + "\n")
    card = pickanumber.calibrate(gold, folds=3)
    out = subprocess.run([cli, "calibrate", gold, "--folds", "3"], capture_output=True, text=True, check=True)
    assert card == json.loads(out.stdout)
    assert card["evidence"]["subjects"] == 6
    assert card["evidence"]["invented_rate"] == 0.5
