"""Analysis.to_dict() is the JSON `pickanumber score` prints, key for key and in order, on
1,000 generated inputs with generated options; the exit status agrees too.

Hypothesis runs derandomized (the same 1,000 examples on every run), so CI is reproducible.
"""

import json
import subprocess

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pickanumber
from conftest import as_package

IMPACTS = ["+5", "+3", "+2", "+1", "-1", "-2", "-3", "-5", "−2", "+4", "3", "+0"]
CRITERIA = ["craft", "depth", "brief_fidelity", "problem_fit"]
PERSPECTIVES = ["requester", "sme", "adversary"]
WORDS = st.sampled_from(["tests", "pass", "slow", "build", "clear", "names", "x", "é", "2 blockers"])
TEXT = st.lists(WORDS, min_size=0, max_size=4).map(" ".join)


@st.composite
def item_line(draw):
    impact = draw(st.sampled_from(IMPACTS))
    label = draw(st.sampled_from([None, "c", "pc"]))
    text = draw(TEXT)
    if label == "c":
        return f"({impact}, {draw(st.sampled_from(CRITERIA))}) {text}"
    if label == "pc":
        p, c = draw(st.sampled_from(PERSPECTIVES)), draw(st.sampled_from(CRITERIA))
        return f"({impact}, {p} × {c}) {text}"
    run = draw(st.sampled_from(["", "", "", "×3"]))
    return f"{impact}{run} {text}"


LINE = st.one_of(
    item_line(),
    st.sampled_from(["", "## Working", "## Not working", "## Missing", "## Confusing",
                     "## Criterion: craft", "weights: craft=0.6, depth=0.4", "Looks good.",
                     "weights: craft=0", "- **+3** bold item", "## Pass: claude",
                     "## Pass: gpt"]),
)


@st.composite
def json_items(draw):
    rows = draw(st.lists(st.fixed_dictionaries(
        {"impact": st.sampled_from([5, 3, 2, 1, -1, -2, -3, -5, 4, "+3"]), "text": TEXT},
        optional={"criterion": st.sampled_from(CRITERIA), "perspective": st.sampled_from(PERSPECTIVES),
                  "evidence": TEXT},
    ), max_size=8))
    return rows


OPTIONS = st.fixed_dictionaries({}, optional={
    "mode": st.sampled_from(["auto", "pooled", "matrix", "feedback"]),
    "preset": st.sampled_from(["generic", "hackathon"]),
    "weights": st.sampled_from(["craft=0.6,depth=0.4", "craft=1", "depth=-1,craft=2"]),
    "strict": st.just(True),
    "fail_under": st.sampled_from([0, 50, 62.5, 100]),
    "min_confidence": st.sampled_from([0, 0.1, 0.5, 1]),
    "require_self_check": st.just(True),
    "denominator": st.sampled_from([1, 12, 20.5]),
    "scale": st.sampled_from([6, 8, 0.5]),
    "interval": st.just(False),
})


def cli_args(options):
    args = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if key == "interval":
            args += [] if value else ["--no-interval"]
        elif value is True:
            args.append(flag)
        else:
            args += [flag, str(value)]
    return args


@settings(max_examples=1000, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(st.lists(LINE, max_size=12).map("\n".join), json_items()),
    OPTIONS,
)
def test_to_dict_is_the_cli_json(cli, items, options):
    text = items if isinstance(items, str) else pickanumber._items_text(items)
    out = subprocess.run([cli, "score", *cli_args(options)], input=text.encode(),
                         capture_output=True)
    if out.returncode == 2:
        # Options one another would leave unused (weights under mode pooled): both refuse,
        # each naming the options as its callers spell them, for the same reason.
        cli_reason = out.stderr.decode().strip().split(": ", 2)[2]
        try:
            pickanumber.analyse(items, **options)
        except ValueError as e:
            assert str(e).split(": ", 1)[1] == cli_reason
            return
        raise AssertionError(f"the CLI refused what the package took: {cli_reason}")
    assert out.returncode in (0, 1, 3), out.stderr.decode()
    try:
        a = pickanumber.analyse(items, **options)
    except pickanumber.EvidenceError as e:
        # strict: the CLI printed the errors and exited 1.
        assert options.get("strict") and out.returncode == 1
        cli_errors = json.loads(out.stdout)["errors"]
        assert [d.message for d in e.errors] == [x["message"] for x in cli_errors]
        return
    assert json.dumps(a.to_dict(), ensure_ascii=False) == json.dumps(
        as_package(json.loads(out.stdout)), ensure_ascii=False)
    assert a.exit_code == out.returncode
