"""The adapters page's promptfoo example (docs/adapters.md), run as printed with the real
promptfoo CLI; the page's ```python run blocks, like every docs example, are run by
`cargo xtask examples`."""

import json
import shutil

import pickanumber
from conftest import REPO, docs_blocks


def test_the_page_has_the_promptfoo_files():
    assert [info for info, _ in docs_blocks("adapters", "(?:python|yaml)") if "file=" in info] == [
        "python file=pickanumber_assert.py",
        "yaml file=promptfooconfig.yaml",
    ]


def test_promptfoo_example_runs_as_printed(tmp_path, promptfoo):
    for info, code in docs_blocks("adapters", "(?:python|yaml)"):
        if "file=" in info:
            (tmp_path / info.split("file=")[1].strip()).write_text(code, encoding="utf-8")
    (result,) = promptfoo(tmp_path)
    grading = result["gradingResult"]["componentResults"][0]
    assert (result["success"], grading["pass"], grading["score"]) == (True, True, 0.65)
    assert grading["reason"] == (
        "Final 65 / 100, confidence 0.15 (pooled mode, 3 items, read as item lines).")


def test_promptfoo_fails_a_miss_and_an_output_without_items(tmp_path, promptfoo):
    (tmp_path / "pickanumber_assert.py").write_text(
        "from pickanumber.promptfoo import get_assert\n", encoding="utf-8")
    shutil.copy(REPO / "examples/rubrics/pull-request.toml", tmp_path / "rubric.toml")
    items = json.dumps({"items": [
        {"perspective": "sme", "criterion": "craft", "text": "tests", "evidence": "t.py", "impact": 3},
        {"perspective": "sme", "criterion": "depth", "text": "no docs", "evidence": "-", "impact": -2},
    ]})
    (tmp_path / "promptfooconfig.yaml").write_text(f"""
prompts: ["{{{{out}}}}"]
providers: [echo]
tests:
  - vars: {{out: {json.dumps(items)}}}
    assert:
      - {{type: python, value: file://pickanumber_assert.py, config: {{rubric: rubric.toml, fail_under: 60}}}}
  - vars: {{out: "The work looks fine to me."}}
    assert:
      - {{type: python, value: file://pickanumber_assert.py}}
""", encoding="utf-8")
    miss, empty = promptfoo(tmp_path)
    grading = miss["gradingResult"]["componentResults"][0]
    want = pickanumber.analyse(items, rubric=pickanumber.Rubric.load(tmp_path / "rubric.toml"))
    assert want.final < 60
    assert (miss["success"], grading["pass"], grading["score"]) == (False, False, want.final / 100)
    assert grading["reason"].endswith(f"gate: overall {want.final} is under 60 (fail_under=)")
    assert empty["success"] is False
    assert "no items read" in empty["gradingResult"]["reason"]


def test_promptfoo_scores_an_output_that_reaches_it_as_json(tmp_path, promptfoo):
    # A provider that answers in JSON, or a transform that parses the output, hands the
    # assertion an object, not text.
    (tmp_path / "pickanumber_assert.py").write_text(
        "from pickanumber.promptfoo import get_assert\n", encoding="utf-8")
    items = json.dumps({"items": [
        {"text": "every endpoint has a test", "evidence": "t.py", "impact": 3},
        {"text": "clear names", "evidence": "-", "impact": 2},
    ]})
    (tmp_path / "promptfooconfig.yaml").write_text(f"""
prompts: ["{{{{out}}}}"]
providers: [echo]
tests:
  - vars: {{out: {json.dumps(items)}}}
    options: {{transform: "JSON.parse(output)"}}
    assert:
      - {{type: python, value: file://pickanumber_assert.py, config: {{fail_under: 60}}}}
""", encoding="utf-8")
    (result,) = promptfoo(tmp_path)
    grading = result["gradingResult"]["componentResults"][0]
    want = pickanumber.analyse(items, fail_under=60)
    assert (result["success"], grading["pass"], grading["score"]) == (True, True, want.final / 100)
    assert grading["reason"] == (
        f"Final {want.final} / 100, confidence 0.10 (pooled mode, 2 items, read as JSON items).")
