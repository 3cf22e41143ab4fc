"""``pickanumber.retest`` gives the object and the report ``pickanumber retest`` prints, and
names a bad run with the same line."""

import json
import subprocess

import pytest

import pickanumber
from conftest import REPO

RUNS = REPO / "examples/docs/retest-runs.jsonl"


def test_the_object_and_the_report_are_the_clis(cli):
    ours = pickanumber.retest(RUNS, fail_under=60, naive_scale="1:10", by="probe")
    out = subprocess.run(
        [cli, "retest", RUNS, "--json", "--fail-under", "60", "--naive-scale", "1:10", "--by", "probe"],
        capture_output=True, text=True, check=True,
    )
    assert ours == json.loads(out.stdout)
    assert set(ours["final_sd"]) == {"value", "low", "high", "works"}
    report = subprocess.run(
        [cli, "retest", RUNS, "--report", "--fail-under", "60", "--naive-scale", "1:10"],
        capture_output=True, text=True, check=True,
    )
    assert pickanumber.retest(RUNS, fail_under=60, naive_scale="1:10", report=True) == report.stdout


def test_a_prose_run_and_a_lone_run_are_named(tmp_path):
    runs = tmp_path / "runs.jsonl"
    runs.write_text(
        '{"work": "a", "output": "+1 x"}\n'
        '{"work": "a", "output": "Looks fine. 8/10"}\n'
        '{"work": "b", "output": "+1 x"}\n'
    )
    with pytest.raises(pickanumber.RetestError) as e:
        pickanumber.retest(runs)
    assert e.value.errors == [
        f'{runs}:2: work "a": the output gives no score: no items read: the text is not JSON '
        "(it starts with neither [ nor {), has no table or rows with an impact column, and no line "
        "starts with a signed impact, as in +3 the tests pass; there is no score",
        f'{runs}:3: work "b": only one run: a retest needs at least two runs of every work',
    ]
    with pytest.raises(ValueError, match="is not LOW:HIGH"):
        pickanumber.retest(runs, naive_scale="10")
    with pytest.raises(ValueError, match="fail_under must be a score from 0 to 100, not 120"):
        pickanumber.retest(runs, fail_under=120)
    with pytest.raises(ValueError, match='by="output" is not a label'):
        pickanumber.retest(runs, by="output")
