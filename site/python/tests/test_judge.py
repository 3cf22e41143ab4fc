"""`pickanumber.judge`: the rubric's prompt with the work goes to every judge at once; each
answer is read on its own; evidence is checked against the work; the passes combine. A judge
that fails, times out or writes prose is named, never averaged in; invented evidence is left
out with its judge's rate in the result."""

import asyncio
import json
import time

import pytest

import pickanumber
from conftest import REPO

RUBRIC = pickanumber.Rubric.load(REPO / "examples/rubrics/generic.toml")
WORK = (
    "The service validates every input before it is stored.\n"
    "Retries are capped at 3 with exponential backoff.\n"
    "The README has no section on configuration.\n"
)


def answer(*items):
    """A judge's JSON answer: items as (perspective, text, quote, impact)."""
    return json.dumps({"items": [
        {"perspective": p, "text": t, "evidence": f'"{q}"', "impact": i} for p, t, q, i in items
    ]})


GOOD = answer(
    ("requester", "inputs are validated", "validates every input", 3),
    ("production", "retries are bounded", "Retries are capped at 3", 2),
    ("end_user", "configuration is undocumented", "has no section on configuration", -2),
)
AGREES = answer(
    ("sme", "inputs are checked before storage", "validates every input before it is stored", 3),
    ("production", "backoff is exponential", "exponential backoff", 2),
)
HARSH = answer(
    ("adversary", "nothing says what is validated", "validates every input", -3),
    ("end_user", "no configuration docs", "The README has no section on configuration", -3),
)
INVENTS = answer(
    ("requester", "inputs are validated", "validates every input", 3),
    ("sme", "all errors are logged", "every error is logged with its request id", 5),
)


def const(text):
    return lambda prompt, schema: text


def test_two_judges_agreeing_combine_and_each_receives_the_prompt_with_the_work():
    seen = []

    def spy(prompt, schema):
        seen.append((prompt, schema))
        return GOOD

    j = pickanumber.judge(WORK, RUBRIC, {"claude": spy, "gpt": const(AGREES)})
    assert seen == [(RUBRIC.prompt(WORK), RUBRIC.schema())]
    assert seen[0][0].startswith(RUBRIC.prompt()) and seen[0][0].rstrip().endswith(WORK.rstrip() + "\n```")
    want = pickanumber.combine({"claude": GOOD, "gpt": AGREES}, rubric=RUBRIC, against=WORK)
    assert j.final == want.final and j.interval == want.interval
    assert [p["name"] for p in j.passes] == ["claude", "gpt"]
    assert j.failures == {}
    d = j.to_dict()
    assert d["judges"] == {
        "claude": {"answer": GOOD, "error": None, "failure": None},
        "gpt": {"answer": AGREES, "error": None, "failure": None},
    }
    gate = d.pop("gate")
    assert gate == {"fail_under": None, "min_confidence": None, "require_self_check": False, "passed": True, "misses": [], "min_judges": 2}
    assert {k: v for k, v in d.items() if k != "judges"} == want.to_dict()
    assert "## Judges left out" not in j.report()


def test_disagreeing_judges_show_their_spread():
    j = pickanumber.judge(WORK, RUBRIC, {"kind": const(GOOD), "harsh": const(HARSH)})
    finals = {p["name"]: p["final"] for p in j.passes}
    assert finals["kind"] > 50 > finals["harsh"]
    spread = j.to_dict()["spread"][0]
    assert spread["spread"] == finals["kind"] - finals["harsh"]
    assert min(finals.values()) <= j.final <= max(finals.values())


def test_a_failing_judge_is_named_and_the_others_still_score():
    def broken(prompt, schema):
        raise ConnectionError("HTTP 529 overloaded")

    j = pickanumber.judge(WORK, RUBRIC, {"claude": const(GOOD), "gemini": broken})
    assert [p["name"] for p in j.passes] == ["claude"]
    assert j.failures == {"gemini": "ConnectionError: HTTP 529 overloaded"}
    assert j.final == pickanumber.combine({"claude": GOOD}, rubric=RUBRIC, against=WORK).final
    assert j.to_dict()["judges"]["gemini"] == {
        "answer": None,
        "error": "ConnectionError: HTTP 529 overloaded",
        "failure": {"kind": "raised", "line": None, "column": None},
    }
    assert not j.passed
    assert j.misses == ["1 of 2 judges gave a score, under 2 (min_judges=); left out: gemini"]
    assert pickanumber.judge(WORK, RUBRIC, {"claude": const(GOOD), "gemini": broken}, min_judges=1).passed
    assert "## Judges left out\n\n* gemini: ConnectionError: HTTP 529 overloaded" in j.report()


def test_a_prose_answer_is_named_not_averaged_in():
    prose = "Overall this is solid work. I'd say +3 for validation and -1 for docs.\n"
    j = pickanumber.judge(WORK, RUBRIC, {"claude": const(GOOD), "chatty": const(prose)})
    assert [p["name"] for p in j.passes] == ["claude"]
    assert j.failures["chatty"] == (
        "the answer is prose, not the items asked for (line 1: not an item, a heading or a weights line, "
        "and strict reading allows no other line: write it as an item (+3 text) or remove it)"
    )
    assert j.failure_kinds == {"chatty": "prose"}
    assert j.answers["chatty"] == prose


def test_invented_evidence_is_left_out_and_its_rate_reported():
    j = pickanumber.judge(WORK, RUBRIC, {"claude": const(GOOD), "inventor": const(INVENTS)})
    inventor = next(p for p in j.passes if p["name"] == "inventor")
    assert inventor["evidence"]["invented_rate"] == 0.5 and inventor["evidence"]["left_out"] == 1
    assert inventor["total_items"] == 1
    statuses = [(i["status"], i["counted"]) for i in j.to_dict()["evidence"]["items"]]
    assert ("not_found", False) in statuses
    assert j.failures == {}


def test_a_judge_whose_every_item_is_invented_is_named():
    invents_all = answer(("sme", "all errors are logged", "every error is logged", 5))
    j = pickanumber.judge(WORK, RUBRIC, {"claude": const(GOOD), "inventor": const(invents_all)})
    assert j.failures == {
        "inventor": 'every item it gave was left out: its evidence is not in the work (line 1: "every error is logged" is not in the work)'
    }
    assert [p["name"] for p in j.passes] == ["claude"]
    assert j.final == pickanumber.combine({"claude": GOOD}, rubric=RUBRIC, against=WORK).final


def test_when_every_judge_fails_the_error_names_each():
    def broken(prompt, schema):
        raise RuntimeError("quota")

    with pytest.raises(pickanumber.JudgeError) as e:
        pickanumber.judge(WORK, RUBRIC, {"a": broken, "b": const("no JSON here")})
    assert set(e.value.failures) == {"a", "b"}
    assert "a: RuntimeError: quota" in str(e.value)
    assert "b: the answer is prose, not the items asked for" in str(e.value)
    assert e.value.misses == ["no judge gave a score (2 left out: a, b)"]


def test_async_judges_run_concurrently_and_a_slow_one_times_out():
    async def quick(prompt, schema):
        await asyncio.sleep(0.2)
        return GOOD

    async def slow(prompt, schema):
        await asyncio.sleep(30)
        return GOOD

    started = time.monotonic()
    j = pickanumber.judge(WORK, RUBRIC, {"a": quick, "b": quick, "slow": slow}, timeout=1)
    assert time.monotonic() - started < 5
    assert [p["name"] for p in j.passes] == ["a", "b"]
    assert j.failures == {"slow": "no answer within the timeout of 1 s"}


def test_a_sync_judge_past_the_timeout_does_not_hold_the_caller():
    def hangs(prompt, schema):
        time.sleep(20)
        return GOOD

    started = time.monotonic()
    j = pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD), "hangs": hangs}, timeout=0.5)
    assert time.monotonic() - started < 5
    assert j.failures == {"hangs": "no answer within the timeout of 0.5 s"}


def test_a_parsed_json_answer_and_files_work():
    files = {"src/app.py": "def check(x):\n    assert x < 10\n"}
    item = {"perspective": "sme", "text": "bounds are checked", "evidence": '"assert x < 10" (src/app.py:2)', "impact": 3}
    j = pickanumber.judge(files, RUBRIC, {"a": lambda p, s: {"items": [item]}})
    assert "### `src/app.py`" in j.prompt and "2\t    assert x < 10" in j.prompt
    assert j.to_dict()["evidence"]["items"][0]["status"] == "verified"


@pytest.mark.parametrize(
    "args, message",
    [
        ((WORK, None, {"a": const(GOOD)}), "judge needs a rubric"),
        ((WORK, RUBRIC, {}), "judges must be a non-empty"),
        ((WORK, RUBRIC, {"a": "gpt-4o"}), "judge 'a' is a str, not a callable"),
        ((42, RUBRIC, {"a": const(GOOD)}), "work must be the judged text"),
    ],
)
def test_bad_arguments_say_what_is_expected(args, message):
    with pytest.raises(TypeError, match=message):
        pickanumber.judge(*args)


def test_a_work_that_names_a_file_is_refused_with_what_to_give(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(WORK)
    with pytest.raises(ValueError, match=r"names a path: give the judged text itself \(open\("):
        pickanumber.judge(str(path), RUBRIC, {"a": const(GOOD)})


def test_options_reach_combine_and_against_is_refused():
    j = pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD)}, fail_under=90)
    assert not j.passed and j.misses
    with pytest.raises(TypeError, match="no against= option"):
        pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD)}, against="x")
    with pytest.raises(ValueError, match="timeout must be"):
        pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD)}, timeout=0)


def test_judge_works_inside_a_running_event_loop():
    async def inside():
        return pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD)})

    assert asyncio.run(inside()).final == pickanumber.judge(WORK, RUBRIC, {"a": const(GOOD)}).final


# The cases of the judge loop's verdict, each as a user meets it.


def test_a_judge_swallowing_its_cancellation_or_blocking_its_loop_is_left_out_at_the_deadline():
    async def swallows(prompt, schema):
        while True:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                pass

    async def blocks(prompt, schema):
        time.sleep(4)  # holds its event loop: it runs on a loop of its own
        return GOOD

    started = time.monotonic()
    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "swallows": swallows, "blocks": blocks}, timeout=1)
    assert time.monotonic() - started < 3.5
    assert [p["name"] for p in j.passes] == ["good"]
    assert j.failures == {"swallows": "no answer within the timeout of 1 s", "blocks": "no answer within the timeout of 1 s"}
    assert j.failure_kinds == {"swallows": "timed_out", "blocks": "timed_out"}

    async def inside():
        return await pickanumber.judge_async(WORK, RUBRIC, {"good": const(GOOD), "swallows": swallows}, timeout=1)

    started = time.monotonic()
    assert asyncio.run(inside()).failures == {"swallows": "no answer within the timeout of 1 s"}
    assert time.monotonic() - started < 3.5


def test_an_answer_over_64_mib_is_named_while_the_good_judge_scores():
    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "big": const("x" * (70 << 20))})
    assert j.final == pickanumber.combine({"good": GOOD}, rubric=RUBRIC, against=WORK).final
    assert j.failures == {"big": "the answer is 73400320 bytes, over 64 MiB, the most pickanumber reads from one input"}
    assert j.failure_kinds == {"big": "too_large"} and j.answers["big"] is None


@pytest.mark.parametrize("empty", ["[]", '{"items": []}', {"items": []}, []])
def test_an_empty_answer_is_a_failure_not_50(empty):
    with pytest.raises(pickanumber.JudgeError) as e:
        pickanumber.judge(WORK, RUBRIC, {"empty": const(empty)}, fail_under=40)
    assert e.value.failures == {
        "empty": "the answer holds no items (an empty list): no evidence is no score, not the centre of the scale"
    }
    assert e.value.misses == ["no judge gave a score (1 left out: empty)", "there is no score to compare with fail_under="]
    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "empty": const(empty)}, fail_under=40)
    assert [p["name"] for p in j.passes] == ["good"] and not j.passed


def test_a_judges_own_timeout_error_is_named_as_raised_not_as_our_timeout():
    def upstream(prompt, schema):
        raise TimeoutError("upstream 504 from the gateway")

    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "upstream": upstream}, timeout=300)
    assert j.failures == {"upstream": "TimeoutError: upstream 504 from the gateway"}
    assert j.failure_kinds == {"upstream": "raised"}


def test_a_cut_off_answer_is_named_with_its_line_and_column():
    cut = GOOD[:120]
    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "cut": const(cut)})
    assert j.failure_kinds == {"cut": "cut_off"}
    failure = j.to_dict()["judges"]["cut"]["failure"]
    assert (failure["kind"], failure["line"]) == ("cut_off", 1) and failure["column"] > 1
    assert j.failures["cut"].startswith(f"the answer is cut off: its JSON stops at line 1, column {failure['column']} (invalid JSON: ")


def test_every_invented_item_is_named_for_a_parsed_answer_as_for_its_text():
    invented = answer(
        ("sme", "all errors are logged", "every error is logged with its request id", 5),
        ("production", "metrics are exported", "exports Prometheus metrics", 2),
        ("adversary", "alerts page someone", "pages the on-call engineer", -1),
    )
    as_text = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "inventor": const(invented)})
    as_dict = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "inventor": const(json.loads(invented))})
    for j in (as_text, as_dict):
        assert j.failures["inventor"].count('" is not in the work') == 3, j.failures
        assert [p["name"] for p in j.passes] == ["good"]


def test_the_same_panel_gives_the_same_verdict_with_reasons_as_the_cli(cli, tmp_path):
    """The issue's panel: a good judge and one whose every quotation is invented, with
    fail_under=60: the same final, a failed gate naming the inventing judge, everywhere."""
    import subprocess

    invented = answer(("sme", "all errors are logged", "every error is logged with its request id", 5))
    j = pickanumber.judge(WORK, RUBRIC, {"good": const(GOOD), "inventor": const(invented)}, fail_under=60)
    assert not j.passed
    assert j.misses == ["1 of 2 judges gave a score, under 2 (min_judges=); left out: inventor"]
    (tmp_path / "work.md").write_text(WORK)
    (tmp_path / "good.json").write_text(GOOD)
    (tmp_path / "inventor.json").write_text(invented)
    (tmp_path / "none.json").write_text("[]")
    out = subprocess.run(
        [str(cli), "combine", "--rubric", str(REPO / "examples/rubrics/generic.toml"), "--against", str(tmp_path / "work.md"),
         "--fail-under", "60", "--outcomes", str(tmp_path / "none.json"), str(tmp_path / "good.json"), str(tmp_path / "inventor.json")],
        capture_output=True, text=True,
    )
    assert out.returncode == 3, out.stderr
    d = json.loads(out.stdout)
    assert d["final"] == j.final and d["gate"]["passed"] is False
    assert d["gate"]["misses"] == ["1 of 2 judges gave a score, under 2 (--min-judges); left out: inventor"]
    assert {n: v["error"] for n, v in d["judges"].items() if v["error"]} == j.failures
