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


def test_the_evidence_is_checked_as_the_cli_checks_it(cli, tmp_path):
    """A run's ``against`` path and ``against=`` for every run leave out an invented quotation,
    as ``pickanumber retest`` does; a work outside the runs file's folder is named with its line."""
    (tmp_path / "work.txt").write_text("alpha beta gamma\n", encoding="utf-8")
    honest = '+3 "alpha beta"\n-1 slow'
    invented = '+3 "alpha beta"\n+2 "invented"\n-1 slow'
    runs = tmp_path / "runs.jsonl"
    lines = [json.dumps({"work": "a", "output": o, "against": {"path": "work.txt"}}) for o in (honest, invented)]
    runs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ours = pickanumber.retest(runs)
    out = subprocess.run([cli, "retest", runs, "--json"], capture_output=True, text=True, check=True)
    assert ours == json.loads(out.stdout)
    assert ours["per_work"][0]["finals"][0] == ours["per_work"][0]["finals"][1]
    assert ours["evidence"]["runs_checked"] == 2 and ours["evidence"]["not_found"] == 1
    bare = tmp_path / "bare.jsonl"
    bare.write_text("\n".join(json.dumps({"work": "a", "output": o}) for o in (honest, invented)) + "\n", encoding="utf-8")
    assert pickanumber.retest(bare)["evidence"]["runs_checked"] == 0
    assert pickanumber.retest(bare, against=tmp_path / "work.txt")["per_work"] == ours["per_work"]
    runs.write_text(lines[0] + "\n" + lines[1].replace("work.txt", "../work.txt") + "\n", encoding="utf-8")
    with pytest.raises(pickanumber.RetestError) as e:
        pickanumber.retest(runs)
    assert str(e.value) == (
        f'{runs}:2: work "a": cannot read work "../work.txt": the path must lie inside the runs '
        "file's folder (no absolute path, no ..)"
    )
