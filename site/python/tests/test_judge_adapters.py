"""The judge loop inside the frameworks, with their own mocks and no network: inspect's
``mockllm/model`` graders and DeepEval ``DeepEvalBaseLLM`` subclasses with fixed answers. Two
graders agreeing, disagreeing, one failing, one writing prose, one inventing evidence: each
score is ``pickanumber.judge``'s for the same answers, and a grader that gives nothing usable
is named, never a number."""

import json

import pytest
from deepeval.models import DeepEvalBaseLLM
from deepeval.test_case import LLMTestCase
from inspect_ai import Epochs, Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate

import pickanumber
from conftest import REPO
from pickanumber.deepeval import EvidenceMetric
from pickanumber.inspect import evidence_scorer
from test_judge import AGREES, GOOD, HARSH, INVENTS, WORK

RUBRIC_PATH = REPO / "examples/rubrics/generic.toml"
RUBRIC = pickanumber.Rubric.load(RUBRIC_PATH)
PROSE = "The work looks solid to me; I would give it a 7/10.\n"


def output_of(text):
    """A mock output with its usage set (else mockllm counts tokens with a download)."""
    o = ModelOutput.from_content(model="mockllm/model", content=text)
    o.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return o


def grader(answer, seen=None):
    """An inspect mock grader that answers ``answer`` every time (raises it when it is an
    exception), recording each call's prompt and config in ``seen``."""

    def output(messages, tools, tool_choice, config):
        if seen is not None:
            seen.append((messages[-1].text, config))
        if isinstance(answer, Exception):
            raise answer
        return output_of(answer)

    return get_model("mockllm/model", custom_outputs=output, memoize=False)


def graded_eval(tmp_path, graders, epochs=1, **options):
    """One sample whose output is WORK, scored by ``graders``; the eval log."""
    task = Task(dataset=[Sample(input="write the service's notes")], solver=generate(),
                scorer=evidence_scorer(str(RUBRIC_PATH), model=graders, **options))
    solver = get_model("mockllm/model", custom_outputs=[output_of(WORK) for _ in range(epochs)],
                       memoize=False)
    return eval(task, model=solver, epochs=Epochs(epochs, ["mean"]) if epochs > 1 else None,
                display="none", log_dir=str(tmp_path))[0]


def test_inspect_two_graders_agreeing_score_the_output_with_the_schema(tmp_path):
    seen = []
    log = graded_eval(tmp_path, {"claude": grader(GOOD, seen), "gpt": grader(AGREES)})
    assert log.status == "success", log.error
    (sample,) = log.samples
    score = sample.scores["evidence_scorer"]
    one = {"input_tokens": 1, "output_tokens": 1}  # output_of's ModelUsage
    want = pickanumber.judge(WORK, RUBRIC, {"claude": lambda p, s: pickanumber.Answer(GOOD, usage=one),
                                            "gpt": lambda p, s: pickanumber.Answer(AGREES, usage=one)})
    assert score.value == float(want.final)
    assert score.explanation == want.report()
    assert score.metadata["analysis"]["usage"] == {"input_tokens": 2, "output_tokens": 2}
    assert score.metadata["analysis"]["judges"]["claude"]["usage"] == one
    assert "## Cost\n\n* claude: 1 tokens in, 1 out\n" in score.explanation
    meta = score.metadata
    assert meta["passes"] == {"claude": want.passes[0]["final"], "gpt": want.passes[1]["final"]}
    assert meta["interval"] == list(want.interval) and meta["alpha"] == want.to_dict()["alpha"]
    assert meta["invented_rate"] == {"claude": 0.0, "gpt": 0.0}
    assert meta["failures"] == {} and meta["answers"] == {"claude": GOOD, "gpt": AGREES}
    ((prompt, config),) = seen
    assert prompt == RUBRIC.prompt(WORK)
    assert config.response_schema.name == "evidence_items"
    assert config.response_schema.json_schema.model_dump(exclude_none=True) == RUBRIC.schema()


def test_inspect_a_list_of_graders_is_named_by_model_and_epochs_reduce(tmp_path):
    log = graded_eval(tmp_path, [grader(GOOD), grader(HARSH)], epochs=2)
    assert log.status == "success", log.error
    scores = [s.scores["evidence_scorer"] for s in log.samples]
    assert [sorted(s.metadata["passes"]) for s in scores] == [["mockllm/model", "mockllm/model#2"]] * 2
    finals = scores[0].metadata["passes"]
    assert finals["mockllm/model"] > 50 > finals["mockllm/model#2"]
    assert scores[0].metadata["analysis"]["spread"][0]["spread"] == finals["mockllm/model"] - finals["mockllm/model#2"]
    (result,) = log.results.scores
    assert result.metrics["mean"].value == scores[0].value


def test_inspect_a_failing_and_a_prose_grader_are_named_in_the_score(tmp_path):
    log = graded_eval(tmp_path, {"claude": grader(GOOD), "down": grader(ValueError("503 from the API")),
                                 "chatty": grader(PROSE)})
    assert log.status == "success", log.error
    score = log.samples[0].scores["evidence_scorer"]
    assert list(score.metadata["passes"]) == ["claude"]
    failures = score.metadata["failures"]
    assert failures["down"] == "ValueError: 503 from the API"
    assert failures["chatty"].startswith("the answer is prose, not the items asked for")
    assert "## Judges left out" in score.explanation and "* down: ValueError" in score.explanation
    assert score.metadata["answers"]["chatty"] == PROSE


def test_inspect_invented_evidence_is_left_out_with_its_rate(tmp_path):
    log = graded_eval(tmp_path, {"claude": grader(GOOD), "inventor": grader(INVENTS)})
    score = log.samples[0].scores["evidence_scorer"]
    assert score.metadata["invented_rate"] == {"claude": 0.0, "inventor": 0.5}
    want = pickanumber.judge(WORK, RUBRIC, {"claude": lambda p, s: GOOD, "inventor": lambda p, s: INVENTS})
    assert score.value == float(want.final)


def test_inspect_a_judge_that_invents_fails_the_gate_on_its_own_rate(tmp_path):
    log = graded_eval(tmp_path, {"claude": grader(GOOD), "inventor": grader(INVENTS)}, max_unverified=0.2)
    score = log.samples[0].scores["evidence_scorer"]
    health = score.metadata["evidence"]["inventor"]
    assert (health["verified"], health["not_found"], health["invented_rate"]) == (1, 1, 0.5)
    assert score.metadata["passed"] is False
    assert any(m.startswith("pass inventor: 1 of 2 checkable items") for m in score.metadata["misses"]), score.metadata["misses"]


def test_inspect_records_an_error_naming_each_grader_when_none_scores(tmp_path):
    log = graded_eval(tmp_path, {"down": grader(ValueError("quota")), "chatty": grader(PROSE)})
    assert log.status == "error"
    assert "down: ValueError: quota" in log.error.message
    assert "chatty: the answer is prose, not the items asked for" in log.error.message


def test_inspect_a_grader_panel_needs_a_rubric_and_models():
    with pytest.raises(TypeError, match="needs a rubric"):
        evidence_scorer(model="mockllm/model")
    with pytest.raises(TypeError, match="model names no grader"):
        evidence_scorer(str(RUBRIC_PATH), model=[])
    with pytest.raises(TypeError, match="a grader must be a model name or an inspect Model, not int"):
        evidence_scorer(str(RUBRIC_PATH), model={"a": 3})


class FixedLLM(DeepEvalBaseLLM):
    """DeepEval's documented route for a custom model, answering a fixed text (raising it when
    it is an exception); ``schemas`` records the schema each call was given."""

    def __init__(self, name, answer):
        self.name, self.answer, self.schemas = name, answer, []
        super().__init__(model=name)

    def load_model(self):
        return self

    def generate(self, prompt, schema=None):
        self.schemas.append(schema)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    async def a_generate(self, prompt, schema=None):
        return self.generate(prompt, schema)

    def get_model_name(self):
        return self.name


def case():
    return LLMTestCase(input="write the service's notes", actual_output=WORK)


@pytest.mark.parametrize("run_async", [False, True])
def test_deepeval_two_models_agreeing_and_disagreeing(run_async):
    import asyncio

    for second, in [(AGREES,), (HARSH,)]:
        claude, other = FixedLLM("claude", GOOD), FixedLLM("other", second)
        metric = EvidenceMetric(str(RUBRIC_PATH), model=[claude, other], fail_under=50)
        got = asyncio.run(metric.a_measure(case())) if run_async else metric.measure(case())
        want = pickanumber.judge(WORK, RUBRIC, {"claude": lambda p, s: GOOD, "other": lambda p, s: second},
                                 fail_under=50)
        assert got == metric.score == want.final / 100
        assert metric.success == want.passed
        assert [p["name"] for p in metric.analysis.passes] == ["claude", "other"]
        assert metric.reason.startswith(f"Final {want.final} / 100")
        assert f"Interval (90 %): {want.interval[0]} to {want.interval[1]}. Passes: claude " in metric.reason
        assert claude.schemas and claude.schemas[0] is not None


def test_deepeval_a_failing_a_prose_and_an_inventing_model():
    metric = EvidenceMetric(str(RUBRIC_PATH), model=[FixedLLM("claude", GOOD), FixedLLM("down", ConnectionError("reset")),
                                                     FixedLLM("chatty", PROSE), FixedLLM("inventor", INVENTS)])
    metric.measure(case())
    a = metric.analysis
    assert [p["name"] for p in a.passes] == ["claude", "inventor"]
    assert a.failures["down"] == "ConnectionError: reset"
    assert a.failures["chatty"].startswith("the answer is prose, not the items asked for")
    assert {p["name"]: p["evidence"]["invented_rate"] for p in a.passes} == {"claude": 0.0, "inventor": 0.5}
    assert "Passes: claude " in metric.reason and "Invented evidence left out: inventor 0.50." in metric.reason
    assert "Judge down left out: ConnectionError: reset." in metric.reason


def test_deepeval_no_model_scoring_is_an_error_naming_each():
    metric = EvidenceMetric(str(RUBRIC_PATH), model=[FixedLLM("down", ConnectionError("reset")), FixedLLM("chatty", PROSE)])
    with pytest.raises(pickanumber.JudgeError) as e:
        metric.measure(case())
    assert set(e.value.failures) == {"down", "chatty"}
    assert (metric.score, metric.success) == (None, False) and "down: ConnectionError: reset" in metric.error


def test_deepeval_copy_keeps_the_models():
    from deepeval.metrics.utils import copy_metrics

    models = [FixedLLM("claude", GOOD), FixedLLM("gpt", AGREES)]
    metric = EvidenceMetric(str(RUBRIC_PATH), model=models, timeout=30.0, fail_under=40.0)
    (copy,) = copy_metrics([metric])
    assert copy is not metric and copy.model == models and copy.timeout == 30.0
    assert copy.measure(case()) == metric.measure(case())


@pytest.mark.parametrize("run_async", [True, False])
def test_deepeval_evaluate_runs_a_panel_and_records_its_score(run_async, tmp_path, monkeypatch):
    from deepeval import evaluate
    from deepeval.evaluate.configs import AsyncConfig, DisplayConfig

    monkeypatch.chdir(tmp_path)  # DeepEval writes its .deepeval folder here
    metric = EvidenceMetric(str(RUBRIC_PATH), model=[FixedLLM("claude", GOOD), FixedLLM("gpt", HARSH)], fail_under=50)
    result = evaluate([case()], [metric], async_config=AsyncConfig(run_async=run_async),
                      display_config=DisplayConfig(print_results=False, show_indicator=False))
    ((data,),) = [r.metrics_data for r in result.test_results]
    want = pickanumber.judge(WORK, RUBRIC, {"claude": lambda p, s: GOOD, "gpt": lambda p, s: HARSH}, fail_under=50)
    assert (data.score, data.success, data.threshold) == (want.final / 100, want.passed, 0.5)
    assert "Passes: claude " in data.reason and data.evaluation_model == "claude, gpt"


def test_deepeval_a_models_cost_is_added_to_the_metrics():
    import asyncio

    from pickanumber.deepeval import _judge

    class Costly(FixedLLM):
        async def a_generate(self, prompt, schema=None):
            return self.generate(prompt, schema), 0.25

    costs = []
    call = _judge(Costly("claude", GOOD), costs.append)
    assert asyncio.run(call("prompt", RUBRIC.schema())) == GOOD
    assert costs == [0.25]
    metric = EvidenceMetric(str(RUBRIC_PATH), model=[FixedLLM("claude", GOOD)])
    metric.measure(case())
    assert metric.evaluation_cost is None  # a custom model reports no cost
