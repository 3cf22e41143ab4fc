"""The package's API: options, errors with their exact text, rubrics, help() and the stubs."""

import json
import pydoc
import subprocess

import pytest

import pickanumber
from conftest import REPO, as_package


def test_text_and_dicts_give_the_same_score():
    text = pickanumber.analyse("+3 has tests\n-2 slow build\n+1 clear names")
    items = pickanumber.analyse(
        [
            {"impact": 3, "text": "has tests"},
            {"impact": "-2", "text": "slow build"},
            {"impact": 1, "text": "clear names"},
        ]
    )
    assert (text.final, text.confidence) == (items.final, items.confidence) == (57, 0.15)
    assert items.to_dict()["format"] == "json"


def test_item_n_of_a_list_is_on_line_n():
    a = pickanumber.analyse([{"impact": 3, "text": "a"}, {"impact": 4, "text": "b"}])
    (d,) = a.errors
    assert (d.line, d.column, d.severity) == (2, 1, "error")
    assert d.message == "item 2: impact 4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"
    with pytest.raises(pickanumber.EvidenceError) as e:
        pickanumber.analyse([{"impact": 3, "text": "a"}, {"impact": 4, "text": "b"}], strict=True)
    assert (e.value.line, e.value.message) == (2, d.message)
    assert str(e.value) == f"line 2: {d.message}"
    assert isinstance(e.value, ValueError)


def test_a_pipeline_selects_warnings_by_kind_in_the_dict_and_the_diagnostics():
    a = pickanumber.analyse("(+3, user × craft) a\n(+2, user × depth) b\nprose\n", mode="matrix")
    d = a.to_dict()
    assert d["schema_version"] == 1
    assert [(w["kind"], w["severity"]) for w in d["warnings"]] == [("self_check", "warning"), ("thin_cell", "warning")]
    assert [n["kind"] for n in d["notes"]] == ["ignored"]
    assert sorted(x.kind for x in a.diagnostics) == ["ignored", "self_check", "thin_cell"]
    (thin,) = [x for x in a.diagnostics if x.kind == "thin_cell"]
    assert thin.message == d["warnings"][1]["message"]
    assert thin.severity == "warning" and thin.line is None


def test_strict_raises_on_the_first_error_and_keeps_them_all():
    with pytest.raises(pickanumber.EvidenceError) as e:
        pickanumber.analyse("+3 ok\nprose\n+4 bad", strict=True)
    assert e.value.line == 2
    assert [d.line for d in e.value.errors] == [2, 3]
    assert str(e.value).endswith("(and 1 more)")
    # Without strict, the same input scores and lists the error.
    a = pickanumber.analyse("+3 ok\n+4 bad")
    assert a.final is not None and a.exit_code == 1 and not a.passed


def test_nothing_read_is_no_score_not_a_number():
    a = pickanumber.analyse("")
    assert (a.final, a.confidence) == (None, None)
    assert a.to_dict()["final"] is None
    assert a.errors[0].message == "no items read: the input is empty; there is no score"


def test_bad_options_name_the_allowed_values():
    # The core's table reads every option, as the CLI and the npm package read theirs: the
    # same sentence after the option's name, and a stable kind to select by.
    cases = [
        (dict(mode="weighted"), 'mode: "weighted" is not one of auto, pooled, matrix, feedback', "unknown_name"),
        (dict(preset="x"), 'preset: "x" is not one of generic, hackathon', "unknown_name"),
        (dict(weights="craft"), "weights: weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2", "bad_weights"),
        (dict(weights={"a b": 1}), "weights: label \"a b\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity", "bad_weights"),
        (dict(weights={}), "weights: names no weights: give at least one, such as craft=0.6", "bad_weights"),
        (dict(weights={"craft": "0,2", "depth": 0.8}), "weights.craft: must be a number: use a decimal point: 0.2, not 0,2", "bad_weights"),
        (dict(weights={"craft": "lots"}), 'weights.craft: must be a number, not a string ("lots")', "bad_weights"),
        (dict(weights="craft=0,2, depth=0,8"), "weights: weight for craft: use a decimal point: 0.2, not 0,2 (a comma separates the weights)", "bad_weights"),
        (dict(fail_under=120), "fail_under: 120 is not a score from 0 to 100, such as 70", "out_of_range"),
        (dict(fail_under=62.5, min_confidence=2), "min_confidence: 2 is not a confidence from 0 to 1, such as 0.5", "out_of_range"),
        (dict(denominator=0), "denominator must be a number greater than 0, not 0", "out_of_range"),
        (dict(fail_under=True), "fail_under: must be a score from 0 to 100, such as 70, not a boolean (true)", "wrong_type"),
        (dict(max_unverified=0.1), "max_unverified: needs against (the work to check the evidence against)", "needs_option"),
        (dict(fail_undr=60), 'unknown option "fail_undr": the options are ' + ", ".join(pickanumber.SCORING_OPTIONS), "unknown_option"),
    ]
    for kwargs, message, kind in cases:
        with pytest.raises(pickanumber.OptionError) as e:
            pickanumber.analyse("+3 a", **kwargs)
        assert (str(e.value), e.value.kind) == (message, kind), kwargs
        assert isinstance(e.value, ValueError)
    with pytest.raises(ValueError) as e:
        pickanumber.analyse([{"impact": 3, "txt": "a"}])
    assert str(e.value) == "item 1: unknown key 'txt': use impact, text, criterion, perspective, evidence"
    with pytest.raises(TypeError):
        pickanumber.analyse(b"+3 a")


def test_a_weight_the_cli_refuses_is_refused_as_a_number_too(cli):
    # A number is read as the decimal it prints as, by the rule `--weights` reads text by.
    for value, text in [(float("nan"), "NaN"), (float("inf"), "inf"), (0.1 + 0.2, "0.30000000000000004")]:
        out = subprocess.run([cli, "score", "--weights", f"craft={text}"], input=b"(+3, craft) a\n",
                             capture_output=True)
        assert out.returncode == 2, text
        refused = "weights: " + out.stderr.decode().split(": ", 2)[-1].split("\n")[0]
        with pytest.raises(ValueError) as e:
            pickanumber.analyse("(+3, craft) a", weights={"craft": value})
        assert str(e.value) == refused, text
        with pytest.raises(ValueError) as e:
            pickanumber.analyse("(+3, craft) a", weights=[("craft", value)])
        assert str(e.value) == refused, text
    # 1e300 is refused by both, each naming the digits it read.
    assert subprocess.run([cli, "score", "--weights", "craft=1e300"], input=b"(+3, craft) a\n",
                          capture_output=True).returncode == 2
    with pytest.raises(ValueError) as e:
        pickanumber.analyse("(+3, craft) a", weights={"craft": 1e300})
    assert "cannot be read exactly" in str(e.value)
    with pytest.raises(ValueError) as e:
        pickanumber.analyse("(+3, craft) a", weights={"craft": True})
    assert str(e.value) == "weights.craft: must be a number, not a boolean (true)"
    with pytest.raises(ValueError) as e:
        pickanumber.analyse("(+3, craft) a", weights=[("craft", 0.5), ("craft", 0.5)])
    assert str(e.value) == str(pytest.raises(ValueError, pickanumber.analyse, "+3 a", weights="craft=0.5,craft=0.5").value)


def test_weights_as_dict_or_text_agree_and_the_gate_reports_misses():
    d = pickanumber.analyse("(+3, craft) a\n(-2, depth) b", weights={"craft": 0.6, "depth": 0.4})
    t = pickanumber.analyse("(+3, craft) a\n(-2, depth) b", weights="craft=0.6,depth=0.4")
    assert d.to_dict() == t.to_dict()
    g = pickanumber.analyse("+3 a", fail_under=70, min_confidence=0.5)
    assert g.misses == [
        "final 68 is under 70 (fail_under=)",
        "confidence 0.05 is under 0.5 (min_confidence=)",
    ]
    assert g.to_dict()["gate"]["passed"] is False and g.exit_code == 3


def test_every_miss_of_the_gate_names_the_keyword_argument():
    gate = dict(fail_under=70, min_confidence=0.5, require_self_check=True)
    assert pickanumber.analyse("nothing to read", **gate).misses == [
        "there is no score to compare with fail_under=",
        "there is no confidence to compare with min_confidence=",
        "the self-check needs matrix mode; this input was scored in pooled mode (require_self_check=)",
    ]
    assert pickanumber.analyse("(+3, craft) a\n(+3, depth) b", mode="matrix", **gate).misses == [
        "overall 68 is under 70 (fail_under=)",
        "confidence 0.05 is under 0.5 (min_confidence=)",
        "the self-check fails: the criteria span 0 points, under 20 (require_self_check=)",
    ]
    assert pickanumber.analyse("(+3, craft) a", weights="craft=0", **gate).misses == [
        "there is no score to compare with fail_under=",
        "there is no confidence to compare with min_confidence=",
        "the weights cannot be used, so there is no self-check (require_self_check=)",
    ]
    combined = pickanumber.combine({"a": "+3 x", "b": "-1 y"}, fail_under=90)
    assert combined.misses == ["final 59 is under 90 (fail_under=)"]
    assert combined.to_dict()["gate"]["misses"] == combined.misses


def test_interval_false_leaves_the_interval_keys_out_and_nothing_else():
    def strip(d):
        d = {k: v for k, v in d.items() if k != "interval"}
        if "passes" in d:
            d["passes"] = [{k: v for k, v in p.items() if k != "interval"} for p in d["passes"]]
        return d

    headed = "## Pass: a\n+3 x\n-1 y\n## Pass: b\n+2 z\n"
    for items in ["+3 a\n-1 b\n+2 c", "(+5, craft) a\n(-2, depth) b", "## Working\n+3 a", headed, "prose"]:
        on = pickanumber.analyse(items)
        off = pickanumber.analyse(items, interval=False)
        assert "interval" in on.to_dict() and "interval" not in off.to_dict(), items
        assert json.dumps(off.to_dict()) == json.dumps(strip(on.to_dict())), items
        assert off.interval is None
        assert "Bootstrap interval" not in off.report()
    on = pickanumber.analyse("+3 a\n-1 b\n+2 c")
    low, high = on.interval
    assert low <= on.final <= high
    c = pickanumber.combine({"a": "+3 x", "b": "-1 y"}, interval=False).to_dict()
    assert "interval" not in c and all("interval" not in p for p in c["passes"])


def test_rubric_errors_list_every_one_with_file_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('subject = 1\nmode = "x"\n', encoding="utf-8")
    with pytest.raises(pickanumber.RubricError) as e:
        pickanumber.Rubric.load(path)
    assert str(e.value) == (
        f"{path}:1:11: subject: must be a string, not an integer\n"
        f'{path}:2:8: mode: "x" is not one of pooled, matrix'
    )
    assert e.value.errors[1] == (2, 8, "mode", '"x" is not one of pooled, matrix')
    with pytest.raises(pickanumber.RubricError) as e:
        pickanumber.Rubric.parse('subject = 1\nmode = "x"\n')
    assert str(e.value).startswith("line 1, column 11: subject: must be a string")


def test_rubric_prompt_schema_and_dict_match_the_cli(cli):
    import subprocess

    path = REPO / "examples/rubrics/pull-request.toml"
    r = pickanumber.Rubric.load(path)
    run = lambda sub: subprocess.run([cli, "rubric", sub, path], capture_output=True, text=True, check=True).stdout
    assert r.prompt() == run("prompt")
    assert r.schema_text() == run("schema")
    assert r.schema() == json.loads(run("schema"))
    assert r.to_dict()["subject"] == "pull request #412"
    assert r.weights == {"craft": 0.6, "depth": 0.4}
    assert pickanumber.Rubric.parse(json.dumps(r.to_dict())).to_dict() == r.to_dict()
    with pytest.raises(ValueError) as e:
        pickanumber.analyse("+3 a", rubric=r, mode="pooled")
    assert str(e.value) == "rubric= cannot be combined with mode=: the rubric sets the mode, the criteria and the weights; leave it out"


def test_report_matches_the_cli(cli):
    import subprocess

    text = "(+3, craft) a\n(-2, depth) b\n(+1, craft) c"
    out = subprocess.run([cli, "score", "--report"], input=text, capture_output=True, text=True).stdout
    assert pickanumber.analyse(text).report() == out


def test_help_says_what_analyse_takes_and_returns():
    text = pydoc.render_doc(pickanumber.analyse, renderer=pydoc.plaintext)
    for words in [
        "analyse(items: 'Items', **options: 'Unpack[ScoringOptions]')",
        "Score evidence items with the fixed formula",
        "+1, -1, -2, -3 or -5",
        "raises ``EvidenceError``",
        "Returns an ``Analysis``",
    ]:
        assert words in text, words
    assert "to_dict()" in pydoc.render_doc(pickanumber.Analysis, renderer=pydoc.plaintext)


def test_the_package_ships_type_information():
    import importlib.resources as res

    files = res.files("pickanumber")
    assert files.joinpath("py.typed").is_file()
    assert "def evaluate(" in files.joinpath("_native.pyi").read_text()


def test_combine_is_the_cli_combine(cli, tmp_path):
    import subprocess

    claude = "(+3, craft) tests pass\n(+2, depth) docs\n(-1, craft) slow\n"
    gpt = [{"impact": 3, "criterion": "craft", "text": "tests pass"},
           {"impact": -2, "criterion": "depth", "text": "no docs"}]
    (tmp_path / "claude.txt").write_text(claude, encoding="utf-8")
    (tmp_path / "gpt.json").write_text(pickanumber._items_text(gpt), encoding="utf-8")
    out = subprocess.run([cli, "combine", "claude=claude.txt", "gpt=gpt.json", "--fail-under", "60"],
                         cwd=tmp_path, capture_output=True, text=True)
    a = pickanumber.combine({"claude": claude, "gpt": gpt}, fail_under=60)
    assert json.dumps(a.to_dict()) == json.dumps(as_package(json.loads(out.stdout)))
    assert a.to_dict()["gate"]["misses"][0].endswith("(fail_under=)")
    assert a.exit_code == out.returncode
    assert [p["name"] for p in a.passes] == ["claude", "gpt"]
    low, high = a.interval
    assert low <= a.final <= high
    assert pickanumber.combine([("claude", claude), ("gpt", gpt)]).to_dict() == \
        pickanumber.combine({"claude": claude, "gpt": gpt}).to_dict()
    with pytest.raises(TypeError) as e:
        pickanumber.combine(["claude"])
    assert str(e.value) == "pass 1 is not a (name, items) pair"


def test_against_leaves_out_an_item_whose_evidence_is_not_in_the_work(tmp_path):
    items = (
        '+3 empty input is refused: "if not text: raise ValueError" (parse.py:2)\n'
        '+5 all inputs are validated: "validate(schema, text)" (parse.py:88)\n'
        "+2 reads well\n"
    )
    source = "def parse(text):\n    if not text: raise ValueError\n    return text\n"
    plain = pickanumber.analyse(items, interval=False)
    assert plain.to_dict()["total_items"] == 3
    (tmp_path / "parse.py").write_text(source)
    for work in (tmp_path, {"src/parse.py": source}):
        a = pickanumber.analyse(items, against=work, interval=False)
        d = a.to_dict()
        assert d["total_items"] == 2
        assert [i["status"] for i in d["evidence"]["items"]] == ["verified", "not_found", "no_evidence"]
        assert d["evidence"]["invented_rate"] == 0.5
        (w,) = d["warnings"]
        assert (w["kind"], w["severity"], w["line"]) == ("evidence", "warning", 2)
        assert w["message"].startswith("evidence not in the work, item not counted: parse.py:88 is beyond the end of ")
    # A str is the work's text: quotes are checked, places cannot be.
    text = pickanumber.analyse('+3 "raise ValueError"\n+1 "never written"', against=source, interval=False)
    assert [i["status"] for i in text.to_dict()["evidence"]["items"]] == ["verified", "not_found"]
    kept = pickanumber.analyse(items, against=tmp_path, unverified="keep", interval=False)
    assert kept.to_dict()["total_items"] == 3
    gated = pickanumber.analyse(items, against=tmp_path, max_unverified=0.2, interval=False)
    assert not gated.passed
    assert gated.misses == ["1 of 2 checkable items cite evidence not in the work (0.500), over 0.2 (max_unverified=)"]
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(items, max_unverified=0.2)
    assert str(e.value) == "max_unverified: needs against (the work to check the evidence against)"
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(items, against=tmp_path, unverified="ignore")
    assert str(e.value) == 'unverified: "ignore" is not "drop" or "keep"'
    with pytest.raises(pickanumber.OptionError) as e:
        pickanumber.analyse(items, against=42)
    assert e.value.kind == "wrong_type"
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(items, against=str(tmp_path))
    assert str(e.value).startswith(f'against: "{tmp_path}" names a path: give pathlib.Path(')


def test_the_python_page_lists_every_option_of_analyse():
    page = (REPO / "docs/python.md").read_text(encoding="utf-8")
    listed = page.split("`analyse` takes text", 1)[1].split("`Analysis.to_dict()`", 1)[0]
    # The list is the core's table, written into the page when it is built.
    assert "{{ options.python }}" in listed


def test_the_card_is_the_clis_and_require_card_pins_a_field(cli):
    items = "+5 every endpoint has a test\n-2 the build is slow\n"
    a = pickanumber.analyse(items)
    printed = json.loads(subprocess.run([str(cli), "score"], input=items, capture_output=True, text=True).stdout)
    assert a.to_dict()["card"] == printed["card"]
    settings = a.to_dict()["card"]["settings"]
    ok = pickanumber.analyse(items, require_card={"settings": settings.upper()})
    assert ok.passed and ok.to_dict()["gate"]["require_card"] == {"settings": settings}
    miss = pickanumber.analyse(items, denominator=10, require_card={"settings": settings})
    assert not miss.passed
    other = miss.to_dict()["card"]["settings"]
    assert miss.misses == [f"card settings is {other[:12]}…, not the {settings[:12]}… required (require_card=)"]
    with pytest.raises(ValueError) as e:
        pickanumber.analyse(items, require_card={"rubrik": "00"})
    assert str(e.value) == 'require_card: "rubrik=00": rubrik is not a card field; give one of version, settings, rubric, prompt, schema, work as FIELD=VALUE'


def test_the_cache_reruns_without_calling_and_names_a_damaged_entry(tmp_path):
    from pickanumber import _native

    cache = tmp_path / "cache"
    grader = json.dumps({"name": "claude", "model": "m-1", "temperature": 0, "max_tokens": 100})
    calls = []

    def run(prompt):
        hit, damaged = _native.cache_lookup(cache, prompt, "{}", grader)
        if hit is not None:
            return json.loads(hit), damaged
        calls.append(prompt)
        outcome = {"name": "claude", "kind": "answer", "text": "+3 a", "usage": {"input_tokens": 9, "output_tokens": 2}}
        _native.cache_save(cache, prompt, "{}", grader, json.dumps(outcome))
        return outcome, damaged

    _native.cache_open(cache)
    first, _ = run("work v1")
    again, _ = run("work v1")
    assert len(calls) == 1 and again["text"] == first["text"] and again["cached"] is True
    assert again["usage"] == {"input_tokens": 0, "output_tokens": 0}
    run("work v2")
    assert len(calls) == 2
    for p in cache.iterdir():
        p.write_text("{")
    _, damaged = run("work v1")
    assert len(calls) == 3 and damaged.startswith("the cache entry ") and "is damaged (not JSON" in damaged
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(ValueError) as e:
        _native.cache_open(blocked / "cache")
    assert str(e.value).startswith(f"the cache folder {blocked / 'cache'} cannot be used: ")
