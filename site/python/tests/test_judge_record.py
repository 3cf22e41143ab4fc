"""The judge on record: the card says what the loop sent, the cache of answers calls no judge
on a rerun, what each call cost, and `repeat=` writing the runs file `retest` reads."""

import json
import os
import stat
import subprocess

import pytest

import pickanumber
from pickanumber import Answer, JudgeModel
from conftest import REPO
from test_judge import AGREES, GOOD, RUBRIC, WORK


class Counted:
    """A judge that counts its calls."""

    def __init__(self, text):
        self.text, self.calls = text, 0

    def __call__(self, prompt, schema):
        self.calls += 1
        return self.text


def without_cache_marks(d):
    """The result JSON without what a cache hit changes on purpose (cached, the cost)."""
    d = json.loads(json.dumps(d))
    d.pop("usage", None)
    for j in d["judges"].values():
        j.pop("cached", None)
        j.pop("usage", None)
    return d


def test_the_card_carries_each_judges_params_and_the_prompt_sent():
    j = pickanumber.judge(
        WORK,
        RUBRIC,
        {
            "claude": JudgeModel(Counted(GOOD), model="claude-x", temperature=0, max_tokens=4096),
            "gpt": Counted(AGREES),
        },
    )
    card = j.to_dict()["card"]
    assert card["graders"] == [
        {"name": "claude", "model": "claude-x", "temperature": 0.0, "max_tokens": 4096},
        {"name": "gpt", "model": None, "temperature": None, "max_tokens": None},
    ]
    import hashlib

    assert card["prompt"] == hashlib.sha256(j.prompt.encode()).hexdigest()


def test_a_rerun_with_the_cache_calls_no_judge_and_a_changed_work_calls_them_again(tmp_path):
    a, b = Counted(GOOD), Counted(AGREES)
    judges = {"claude": JudgeModel(a, model="claude-x"), "gpt": b}
    first = pickanumber.judge(WORK, RUBRIC, judges, cache=tmp_path / "c")
    assert (a.calls, b.calls) == (1, 1)
    again = pickanumber.judge(WORK, RUBRIC, judges, cache=tmp_path / "c")
    assert (a.calls, b.calls) == (1, 1), "a rerun calls no judge"
    assert without_cache_marks(again.to_dict()) == without_cache_marks(first.to_dict())
    assert again.to_dict()["judges"]["gpt"]["cached"] is True
    assert again.to_dict()["judges"]["gpt"]["usage"] == {"input_tokens": 0, "output_tokens": 0}
    assert "* gpt: from the cache, costs nothing\n" in again.report()
    pickanumber.judge(WORK + "One more line.\n", RUBRIC, judges, cache=tmp_path / "c")
    assert (a.calls, b.calls) == (2, 2), "a changed work calls every judge again"
    warmer = {"claude": JudgeModel(a, model="claude-x", temperature=1.0), "gpt": b}
    pickanumber.judge(WORK, RUBRIC, warmer, cache=tmp_path / "c")
    assert (a.calls, b.calls) == (3, 2), "a changed temperature calls that judge again"


def test_a_failure_is_never_cached(tmp_path):
    calls = []

    def flaky(prompt, schema):
        calls.append(1)
        if len(calls) == 1:
            raise TimeoutError("upstream 504")
        return GOOD

    j = pickanumber.judge(WORK, RUBRIC, {"a": flaky, "b": Counted(AGREES)}, cache=tmp_path, min_judges=1)
    assert j.failure_kinds == {"a": "raised"}
    j = pickanumber.judge(WORK, RUBRIC, {"a": flaky, "b": Counted(AGREES)}, cache=tmp_path, min_judges=1)
    assert len(calls) == 2 and j.failures == {}


def test_a_damaged_entry_is_named_and_the_judge_called_again(tmp_path):
    a = Counted(GOOD)
    pickanumber.judge(WORK, RUBRIC, {"claude": a}, cache=tmp_path)
    (entry,) = [p for p in tmp_path.iterdir() if not p.name.startswith(".")]
    entry.write_text('{"format": 1, "cut off')
    j = pickanumber.judge(WORK, RUBRIC, {"claude": a}, cache=tmp_path)
    assert a.calls == 2
    (why,) = j.to_dict()["cache_damaged"]
    assert why.startswith(f"the cache entry {entry} is damaged (")
    assert why.endswith("); it is ignored and the grader is called again")
    assert "## Cache\n\n* the cache entry " in j.report()
    pickanumber.judge(WORK, RUBRIC, {"claude": a}, cache=tmp_path)
    assert a.calls == 2, "the answer called again replaced the damaged entry"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only folder")
def test_a_read_only_cache_folder_is_refused_before_any_call(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    a = Counted(GOOD)
    try:
        with pytest.raises(ValueError, match=str(folder)):
            pickanumber.judge(WORK, RUBRIC, {"claude": a}, cache=folder)
    finally:
        folder.chmod(stat.S_IRWXU)
    assert a.calls == 0


def test_a_cache_path_that_is_a_file_is_refused_before_any_call(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    a = Counted(GOOD)
    with pytest.raises(ValueError, match=str(f)):
        pickanumber.judge(WORK, RUBRIC, {"claude": a}, cache=f)
    assert a.calls == 0


def test_a_pass_with_usage_reports_its_tokens():
    j = pickanumber.judge(
        WORK,
        RUBRIC,
        {
            "claude": lambda p, s: Answer(GOOD, usage={"input_tokens": 1200, "output_tokens": 80}),
            "gpt": lambda p, s: Answer(json.loads(AGREES), usage={"input_tokens": 1100, "output_tokens": 60}),
        },
    )
    d = j.to_dict()
    assert d["judges"]["claude"]["usage"] == {"input_tokens": 1200, "output_tokens": 80}
    assert d["usage"] == {"input_tokens": 2300, "output_tokens": 140}
    assert j.report().endswith(
        "## Cost\n\n* claude: 1200 tokens in, 80 out\n* gpt: 1100 tokens in, 60 out\n"
        "* total: 2300 tokens in, 140 out\n"
    )


def test_a_bad_usage_is_refused_by_name():
    with pytest.raises(TypeError, match=r"usage must be \{\"input_tokens\": n, \"output_tokens\": n\}"):
        Answer("x", usage={"prompt": 3})
    with pytest.raises(ValueError, match=r"usage\['output_tokens'\] must be a whole number of tokens"):
        Answer("x", usage={"input_tokens": 3, "output_tokens": -1})


def test_repeat_writes_a_runs_file_that_retest_reads(tmp_path):
    scripted = iter([GOOD, AGREES, GOOD])
    a = Counted(None)

    def judge_a(prompt, schema):
        a.calls += 1
        return next(scripted)

    runs = tmp_path / "runs.jsonl"
    j = pickanumber.judge(WORK, RUBRIC, {"claude": judge_a}, repeat=3, runs=runs, work_id="w1")
    assert a.calls == 3 and len(j.runs) == 3
    lines = [json.loads(line) for line in runs.read_text().splitlines()]
    assert [(r["work"], r["grader"]) for r in lines] == [("w1", "claude")] * 3
    assert [r["output"] for r in lines] == [GOOD, AGREES, GOOD]
    assert {r["rubric"] for r in lines} == {j.to_dict()["card"]["rubric"]}
    r = pickanumber.retest(runs)
    assert r["runs"] == 3 and r["per_work"][0]["finals"] == [run.final for run in j.runs]
    # With the cache, each run has its own key: a rerun calls nothing, all three kept apart.
    scripted = iter([GOOD, AGREES, GOOD])
    pickanumber.judge(WORK, RUBRIC, {"claude": judge_a}, repeat=3, cache=tmp_path / "c")
    k = pickanumber.judge(WORK, RUBRIC, {"claude": judge_a}, repeat=3, cache=tmp_path / "c")
    assert a.calls == 6
    assert [run.final for run in k.runs] == [run.final for run in j.runs]


def test_bad_loop_arguments_are_refused_before_any_call():
    a = Counted(GOOD)
    with pytest.raises(ValueError, match="repeat must be a whole number of runs from 1 to 1000, not 0"):
        pickanumber.judge(WORK, RUBRIC, {"claude": a}, repeat=0)
    assert a.calls == 0
