"""Every option of the core's table is taken by the Python package as the command line takes
it: a good value accepted by both, a bad one refused by both with the same sentence after the
option's name, and with the table's kind here. (The npm package's tests compare it with the
command line the same way.)"""

import pathlib
import subprocess

import pytest

import pickanumber
from pickanumber import _native

REPO = pathlib.Path(__file__).resolve().parents[3]
RUBRIC = REPO / "examples/rubrics/pull-request.toml"
ITEMS = "+3 the tests pass\n-1 one warning\n"
TABLE = _native.scoring_options()

#: A value each option's rule refuses, by the kind its error has (flags take no value on the
#: command line, a rubric and a work are files there: their refusals are their own tests').
BAD = {"out_of_range": "-1", "unknown_name": "zzz", "bad_weights": "craft"}


def flag(name: str, default_on: bool) -> str:
    return ("--no-" if default_on else "--") + name.replace("_", "-")


def good(name: str, kind: str, what: str, tmp_path: pathlib.Path):
    """A value the option takes: (the command line's arguments, the Python value)."""
    work = tmp_path / "work.md"
    work.write_text("the tests pass\n")
    if what == "true or false":
        on_by_default = name == "interval"
        return [flag(name, on_by_default)], not on_by_default
    if kind == "bad_rubric":
        return ["--rubric", str(RUBRIC)], pickanumber.Rubric.load(RUBRIC)
    if kind == "bad_work":
        return ["--against", str(work)], work
    if kind == "bad_card":
        return ["--require-card", f"version={pickanumber.__version__}"], {"version": pickanumber.__version__}
    value = {"mode": "pooled", "preset": "generic", "unverified": "keep", "weights": "a=1"}.get(name)
    if value is None:
        value = "0.5" if kind == "out_of_range" else "2"
        return [f"--{name.replace('_', '-')}={value}"], float(value)
    return [f"--{name.replace('_', '-')}={value}"], value


def needs(option_needs, tmp_path):
    work = tmp_path / "work.md"
    work.write_text("the tests pass\n")
    args, kwargs = [], {}
    if "against" in option_needs:
        args, kwargs = ["--against", str(work)], {"against": work}
    return args, kwargs


@pytest.mark.parametrize("name, what, option_needs, help_text, kind", TABLE, ids=[o[0] for o in TABLE])
def test_every_option_is_taken_as_the_command_line_takes_it(cli, tmp_path, name, what, option_needs, help_text, kind):
    assert help_text and what
    extra_args, extra = needs(option_needs, tmp_path)
    args, value = good(name, kind, what, tmp_path)
    out = subprocess.run([cli, "score", *args, *extra_args], input=ITEMS, capture_output=True, text=True)
    assert out.returncode != 2, out.stderr
    pickanumber.analyse(ITEMS, **{name: value}, **extra)
    if kind not in BAD:
        return
    bad = BAD[kind]
    out = subprocess.run([cli, "score", f"--{name.replace('_', '-')}={bad}", *extra_args],
                         input=ITEMS, capture_output=True, text=True)
    assert out.returncode == 2
    # error: invalid value 'V' for '--name <N>': DETAIL
    cli_detail = out.stderr.split("': ", 1)[1].split("\n")[0]
    number = kind == "out_of_range"
    with pytest.raises(pickanumber.OptionError) as e:
        pickanumber.analyse(ITEMS, **{name: float(bad) if number else bad}, **extra)
    assert e.value.kind == kind
    said = str(e.value)
    # The same sentence behind the option's name: `fail_under: DETAIL` here, DETAIL there
    # (a setting's sentence starts with its own name in both).
    assert said in (f"{name}: {cli_detail}", cli_detail), (said, cli_detail)
