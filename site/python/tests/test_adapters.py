"""The inspect_ai scorer and the DeepEval metric inside their real frameworks, with inspect's
mock model and DeepEval's own test cases (no network, no model calls): each score equals
`analyse` of the same output, and an output without items is an error, not a number."""

import asyncio
import json

import pytest
from deepeval.test_case import LLMTestCase
from inspect_ai import Epochs, Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate

import pickanumber
from conftest import REPO
from pickanumber.deepeval import EvidenceMetric
from pickanumber.inspect import evidence_scorer

RUBRIC = REPO / "examples/rubrics/pull-request.toml"
MATRIX_OUTPUT = json.dumps({"items": [
    {"perspective": "sme", "criterion": "craft", "text": "every endpoint has a test", "evidence": "t.py", "impact": 5},
    {"perspective": "production", "criterion": "craft", "text": "retries are bounded", "evidence": "r.py", "impact": 3},
    {"perspective": "adversary", "criterion": "depth", "text": "no lock order", "evidence": "-", "impact": -3},
]})


def mock(*texts):
    outputs = []
    for t in texts:
        o = ModelOutput.from_content(model="mockllm/model", content=t)
        o.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        outputs.append(o)
    return get_model("mockllm/model", custom_outputs=outputs)


def test_inspect_scores_with_a_rubric_and_epochs_reduce_them(tmp_path):
    task = Task(dataset=[Sample(input="review")], solver=generate(),
                scorer=evidence_scorer(rubric=str(RUBRIC)))
    log = eval(task, model=mock(MATRIX_OUTPUT, MATRIX_OUTPUT, MATRIX_OUTPUT),
               epochs=Epochs(3, ["mean", "max"]), display="none", log_dir=str(tmp_path))[0]
    assert log.status == "success", log.error
    want = pickanumber.analyse(MATRIX_OUTPUT, rubric=pickanumber.Rubric.load(RUBRIC))
    scores = [s.scores["evidence_scorer"] for s in log.samples]
    assert [s.value for s in scores] == [float(want.final)] * 3
    assert scores[0].explanation == want.report()
    assert scores[0].metadata["criteria"] == {c["name"]: c["final"] for c in want.criteria}
    assert scores[0].metadata["analysis"] == want.to_dict()
    metrics = {(r.reducer, name): m.value for r in log.results.scores for name, m in r.metrics.items()}
    assert metrics[("mean", "mean")] == metrics[("max", "mean")] == want.final


def test_inspect_reducers_reduce_each_epochs_own_score(tmp_path):
    from inspect_ai.scorer import at_least, pass_at

    outputs = ["+3 a test per endpoint\n+2 clear names", "-3 no tests\n-2 no docs",
               "+5 sound model\n+5 bounded retries\n+5 typed errors"]
    finals = [pickanumber.analyse(o).final for o in outputs]
    assert finals == [72, 28, 89]
    reducers = ["mean", "median", "max", "mode", at_least(2, value=80), pass_at(2, value=80)]
    task = Task(dataset=[Sample(input="review")], solver=generate(), scorer=evidence_scorer(fail_under=50))
    log = eval(task, model=mock(*outputs), epochs=Epochs(3, reducers), display="none",
               log_dir=str(tmp_path))[0]
    assert log.status == "success", log.error
    per_epoch = {s.epoch: s.scores["evidence_scorer"] for s in log.samples}
    assert {e: (s.value, s.metadata["epoch"], s.metadata["passed"]) for e, s in per_epoch.items()} == {
        1: (72.0, 1, True), 2: (28.0, 2, False), 3: (89.0, 3, True)}
    reduced = {r.reducer: r.metrics["mean"].value for r in log.results.scores}
    # at_least_2 at 80: one epoch of three reaches 80; pass_at_2 at 80: 1 - C(2,2) / C(3,2).
    assert reduced == {"mean": 63.0, "median": 72.0, "max": 89.0, "mode": 72.0,
                       "at_least_2": 0.0, "pass_at_2": pytest.approx(2 / 3)}
    for r in log.reductions:
        (sample,) = r.samples
        assert (sample.metadata["epoch"], sample.metadata["analysis"]["final"]) == (1, 72), r.reducer


def test_inspect_leaves_an_epoch_without_items_out_of_the_reduction(tmp_path):
    task = Task(dataset=[Sample(input="review")], solver=generate(), scorer=evidence_scorer())
    outputs = ["+3 a test per endpoint\n+2 clear names", "Solid work, 8/10.", "+5 sound model\n+5 bounded retries\n+5 typed errors"]
    log = eval(task, model=mock(*outputs), epochs=Epochs(3, "mean"), display="none",
               log_dir=str(tmp_path), fail_on_error=False)[0]
    errors = {s.epoch: s.error.message.split(":")[0] for s in log.samples if s.error}
    assert errors == {2: "no items read"}
    (result,) = log.results.scores
    assert result.metrics["mean"].value == (72 + 89) / 2


def test_inspect_records_an_output_without_items_as_an_error(tmp_path):
    task = Task(dataset=[Sample(input="review")], solver=generate(), scorer=evidence_scorer())
    log = eval(task, model=mock("I think this deserves an 8/10."), display="none",
               log_dir=str(tmp_path))[0]
    assert log.status == "error"
    assert log.error.message == (
        "no items read: the text is not JSON (it starts with neither [ nor {), has no table or "
        "rows with an impact column, and no line starts with a signed impact, as in +3 the "
        "tests pass; there is no score")


def test_deepeval_metric_score_reason_and_success_follow_the_gate():
    case = LLMTestCase(input="review", actual_output=MATRIX_OUTPUT)
    want = pickanumber.analyse(MATRIX_OUTPUT, rubric=pickanumber.Rubric.load(RUBRIC))
    passing = EvidenceMetric(str(RUBRIC), fail_under=want.final)
    assert passing.measure(case) == want.final / 100
    assert (passing.success, passing.is_successful(), passing.threshold) == (True, True, want.final / 100)
    failing = EvidenceMetric(str(RUBRIC), fail_under=want.final + 1, require_self_check=True)
    assert asyncio.run(failing.a_measure(case)) == want.final / 100
    assert failing.success is False and not failing.is_successful()
    assert f"gate: overall {want.final} is under {want.final + 1} (fail_under=)" in failing.reason
    assert failing.analysis.to_dict()["gate"]["passed"] is False
    assert passing.__name__ == "Evidence score (pickanumber)"


def test_deepeval_metric_refuses_an_output_without_items():
    metric = EvidenceMetric()
    with pytest.raises(pickanumber.EvidenceError):
        metric.measure(LLMTestCase(input="review", actual_output="Solid work, 8/10."))
    assert (metric.score, metric.success, metric.is_successful()) == (None, False, False)
    assert metric.error.startswith("no items read")


#: A value other than ``analyse``'s default for each option an adapter passes on, with a
#: rubric-free mode so every one of them applies at once.
EVERY_OPTION = dict(mode="matrix", weights="craft=0.6,depth=0.4", preset=None, strict=True,
                    fail_under=40.0, min_confidence=0.05, require_self_check=True,
                    denominator=12.0, scale=6.0, interval=False,
                    # The evidence options need a work, which a metric without judges has not:
                    # their defaults.
                    unverified="drop", require_evidence=False, require_quotes=False,
                    max_unverified=None, require_card=None)
MATRIX_LINES = (
    "(+5, sme × craft) every endpoint has a test\n(+3, production × craft) retries are bounded\n"
    "(-3, adversary × depth) no lock order\n")


def test_deepeval_metric_takes_the_tables_options_as_keywords():
    from pickanumber._adapt import OPTIONS

    # The adapter's options are the core's table, but for the rubric and the work.
    assert set(EVERY_OPTION) == set(OPTIONS)
    assert set(OPTIONS) | {"rubric", "against"} == set(pickanumber.SCORING_OPTIONS)
    assert EvidenceMetric(**EVERY_OPTION).options == EVERY_OPTION
    with pytest.raises(TypeError) as e:
        EvidenceMetric(fail_undr=60)
    assert str(e.value).startswith("unknown option 'fail_undr': use rubric, mode, preset, weights")


def test_deepeval_copy_keeps_every_option_and_the_gate():
    from deepeval.metrics.utils import copy_metrics

    for rubric, options in [(None, EVERY_OPTION), (str(RUBRIC), dict(fail_under=30.0, require_self_check=True, interval=False))]:
        metric = EvidenceMetric(rubric, async_mode=False, **options)
        (copy,) = copy_metrics([metric])
        assert copy is not metric
        assert copy.options == options
        assert (copy.rubric, copy.threshold, copy.async_mode) == (metric.rubric, metric.threshold, False)
        output = MATRIX_OUTPUT if rubric else MATRIX_LINES
        case = LLMTestCase(input="review", actual_output=output)
        assert copy.measure(case) == metric.measure(case)
        assert (copy.reason, copy.success) == (metric.reason, metric.success)
        assert copy.analysis.to_dict() == metric.analysis.to_dict()
    assert "interval" not in metric.analysis.to_dict()
    assert metric.analysis.to_dict()["gate"]["require_self_check"] is True


@pytest.mark.parametrize("run_async", [True, False])
def test_deepeval_assert_test_passes_and_fails_on_the_gate(run_async, tmp_path, monkeypatch):
    from deepeval import assert_test

    monkeypatch.chdir(tmp_path)  # DeepEval writes its .deepeval folder here
    case = LLMTestCase(input="review", actual_output=MATRIX_OUTPUT)
    want = pickanumber.analyse(MATRIX_OUTPUT, rubric=pickanumber.Rubric.load(RUBRIC))
    assert_test(case, [EvidenceMetric(str(RUBRIC), fail_under=want.final)], run_async=run_async)
    with pytest.raises(AssertionError) as e:
        assert_test(case, [EvidenceMetric(str(RUBRIC), fail_under=want.final + 1)], run_async=run_async)
    assert f"(score: {want.final / 100}, threshold: {(want.final + 1) / 100}," in str(e.value)
    assert f"gate: overall {want.final} is under {want.final + 1} (fail_under=)" in str(e.value)
    with pytest.raises(pickanumber.EvidenceError) as e:
        assert_test(LLMTestCase(input="review", actual_output="Solid work."), [EvidenceMetric()], run_async=run_async)
    assert str(e.value).startswith("no items read")


@pytest.mark.parametrize("run_async", [True, False])
def test_deepeval_evaluate_records_the_metrics_score_and_verdict(run_async, tmp_path, monkeypatch):
    from deepeval import evaluate
    from deepeval.evaluate.configs import AsyncConfig, DisplayConfig, ErrorConfig

    monkeypatch.chdir(tmp_path)
    quiet = dict(async_config=AsyncConfig(run_async=run_async),
                 display_config=DisplayConfig(print_results=False, show_indicator=False))
    cases = [LLMTestCase(input="review", actual_output=MATRIX_LINES),
             LLMTestCase(input="review", actual_output="(-2, craft) the tests are flaky")]
    metric = EvidenceMetric(fail_under=50, mode="matrix")
    result = evaluate(cases, [metric], **quiet)
    got = sorted((r.index, r.success, d.score, d.success, d.reason, d.threshold)
                 for r in result.test_results for d in r.metrics_data)
    want = []
    for i, case in enumerate(cases):
        alone = EvidenceMetric(fail_under=50, mode="matrix")
        alone.measure(case)
        want.append((i, alone.success, alone.score, alone.success, alone.reason, 0.5))
    assert got == want
    assert [w[1] for w in want] == [True, False]
    empty = [LLMTestCase(input="review", actual_output="Solid work.")]
    with pytest.raises(pickanumber.EvidenceError):
        evaluate(empty, [EvidenceMetric()], **quiet)
    result = evaluate(empty, [EvidenceMetric()], error_config=ErrorConfig(ignore_errors=True), **quiet)
    (data,) = result.test_results[0].metrics_data
    assert (data.score, data.success) == (None, False)
    assert "no items read" in data.error


def test_adapters_refuse_unknown_options():
    with pytest.raises(TypeError) as e:
        EvidenceMetric(fail_undr=60)
    assert str(e.value).startswith("unknown option 'fail_undr': use rubric, mode, preset, weights")


def test_an_adapter_without_its_framework_says_what_to_install():
    import subprocess
    import sys

    for module, framework, extra in [("deepeval", "deepeval", "deepeval"), ("inspect", "inspect_ai", "inspect")]:
        code = f"import sys; sys.modules[{framework!r}] = None; import pickanumber.{module}"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.stderr.strip().splitlines()[-1] == (
            f"ModuleNotFoundError: pickanumber.{module} needs {framework}: pip install "
            f"{framework} (or the package's [{extra}] extra)")
