"""inspect_ai adapter: a scorer that scores with the fixed formula, either the model's own
evidence items or the items grader models write about the model's output.

Data flow without ``model``: ``TaskState.output.completion`` -> ``analyse`` (with the rubric
and options) -> ``Score(value=final, explanation=report, metadata=...)``.

Data flow with ``model`` (one grader or several, as ``model_graded_qa`` takes them): the
output is the work -> ``judge_async`` (the rubric's prompt with the work after it, sent to each
grader through inspect's ``Model.generate`` with the rubric's JSON Schema as the structured
output's ``ResponseSchema``; one pass per grader) -> the passes combined ``against`` the output
-> ``Score``.

The value is the headline (0-100) as a float, so inspect's metrics (``mean``, ``stderr``) and
epoch reducers work on it unchanged. An output with no item, or graders none of whom gave a
score, raise (``EvidenceError``, ``JudgeError``), which inspect records as the sample's error
instead of a made-up score.

    from inspect_ai import Task
    from inspect_ai.solver import generate
    from pickanumber.inspect import evidence_scorer

    Task(dataset=..., solver=generate(), scorer=evidence_scorer(rubric="rubric.toml"))
    Task(dataset=..., solver=generate(),
         scorer=evidence_scorer("rubric.toml", model=["anthropic/claude-sonnet-4-5", "openai/gpt-5"]))
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Sequence, Union

try:
    from inspect_ai.model import GenerateConfig, Model, ResponseSchema, get_model
    from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
    from inspect_ai.util import JSONSchema
    from inspect_ai.solver import TaskState
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    raise ModuleNotFoundError(
        f"pickanumber.inspect needs inspect_ai: pip install inspect_ai (or the package's [inspect] extra)"
    ) from e

from . import Rubric
from ._adapt import check_options, judged_metadata, load_rubric, reason, score_output
from ._judge import Answer, Judge, _judge_panel

Graders = Union[str, Model, Sequence[Union[str, Model]], Mapping[str, Union[str, Model]]]

__all__ = ["evidence_scorer"]


@scorer(metrics=[mean(), stderr()], name="evidence_scorer")
def evidence_scorer(
    rubric: Union[str, "os.PathLike[str]", Rubric, None] = None,
    model: Union[Graders, None] = None,
    timeout: float = 300.0,
    min_judges: Union[int, None] = None,
    **options: Any,
) -> Scorer:
    """A scorer that scores with the fixed formula: the model's output as evidence items, or,
    with ``model``, the items grader models write about the output.

    ``model`` is one grader or several: a model name (``"openai/gpt-5"``), an inspect
    ``Model``, a list of them (as ``model_graded_qa`` takes them), or ``{pass name: model}``.
    Each grader is called through inspect's model API with the rubric's prompt, the output
    after it, and the rubric's JSON Schema as the structured output's ``ResponseSchema``
    (providers without structured output get the prompt alone, which asks for the same JSON).
    Each grader is one pass, named by the model (a name given twice gets ``#2``); evidence is
    checked against the output and the passes are combined. ``timeout`` is each grader's, in
    seconds, by our clock (a grader still running then is left behind and its answer not
    read). A grader that raises, times out, answers with prose, cut-off JSON or no items, or
    whose every item cites evidence not in the output, is left out, named in the metadata's
    ``failures`` and the explanation, and fails the gate (``passed``, ``misses``) unless
    ``min_judges`` allows fewer judges than given; when none gives a score the sample's error
    names each. The metadata then holds ``passes`` (each pass's final), ``interval``,
    ``alpha``, ``disagreements``, ``invented_rate`` (each pass's share of checkable items
    whose evidence is not in the output), ``failures`` and ``answers`` (each raw answer), as
    well as the keys below. A rubric is needed: it writes the prompt.

    ``rubric`` is a rubric file's path (recorded in the eval log as given) or a ``Rubric``;
    ``options`` are ``analyse``'s keywords, the scoring options
    (``pickanumber.SCORING_OPTIONS``). The score's value is the headline from 0 to 100, its
    explanation the markdown report, its metadata ``epoch`` (the sample's epoch it was read
    in), ``confidence``, ``mode``, ``interval`` (``None`` with ``interval=False``),
    ``passed``, ``misses``, ``reason``, the criteria's finals (matrix) and the full JSON as
    ``analysis``.

    With ``epochs``, inspect's reducers (``mean``, ``median``, ``max``, ``mode``, ...)
    reduce the value; the reduced score keeps the first epoch's metadata unchanged (inspect
    keeps it as it is), which ``epoch`` names: read each epoch's own analysis in the log's
    samples. ``at_least`` and ``pass_at`` count the values at or above their ``value``, on
    this 0-100 scale (``pass_at(2, value=70)``): their default of 1.0 counts nearly every
    score. An epoch whose output has no item is that epoch's error: the eval stops, or with
    ``fail_on_error=False`` the reduction leaves the epoch out instead of counting a score.
    """
    loaded = load_rubric(rubric)
    kwargs = check_options(options)
    if model is not None:
        if loaded is None:
            raise TypeError("evidence_scorer(model=...) needs a rubric: it writes the graders' prompt")
        # The models are made at the first score, as model_graded_qa makes its grader: a task
        # is often built before eval() has set up the providers.
        _check_graders(model)
        graders: Dict[str, Judge] = {}

        async def graded(state: TaskState, target: Target) -> Score:
            if not graders:
                graders.update(_graders(model))
            j = await _judge_panel(
                state.output.completion, loaded, graders, timeout, min_judges, kwargs, share_loop=True
            )
            return Score(
                value=float(j.final),  # type: ignore[arg-type]
                explanation=j.report(),
                metadata={"epoch": state.epoch, **judged_metadata(j)},
            )

        return graded

    async def score(state: TaskState, target: Target) -> Score:
        a = score_output(state.output.completion, loaded, kwargs)
        return Score(
            value=float(a.final),  # type: ignore[arg-type]
            explanation=a.report(),
            metadata={
                "epoch": state.epoch,
                "confidence": a.confidence,
                "mode": a.mode,
                "interval": a.interval,
                "passed": a.passed,
                "misses": a.misses,
                "reason": reason(a),
                "criteria": {c["name"]: c["final"] for c in a.criteria},
                "analysis": a.to_dict(),
            },
        )

    return score


def _check_graders(model: Graders) -> None:
    """Refuses, when the scorer is made, what cannot name graders."""
    if isinstance(model, Mapping):
        models = list(model.values())
    else:
        models = [model] if isinstance(model, (str, Model)) else list(model)
    if not models:
        raise TypeError("model names no grader: give one model or several")
    for m in models:
        if not isinstance(m, (str, Model)):
            raise TypeError(f"a grader must be a model name or an inspect Model, not {type(m).__name__}")


def _graders(model: Graders) -> Dict[str, Judge]:
    """Each grader as a judge callable, by pass name: the model's name, or the key given."""
    if isinstance(model, Mapping):
        named = [(str(k), get_model(m)) for k, m in model.items()]
    else:
        models = [model] if isinstance(model, (str, Model)) else list(model)
        named = []
        for m in models:
            loaded = get_model(m)
            base = str(loaded)
            taken = sum(1 for n, _ in named if n == base or n.startswith(base + "#"))
            named.append((base if taken == 0 else f"{base}#{taken + 1}", loaded))
    return {name: _grader(m) for name, m in named}


def _grader(m: Model) -> Judge:
    """A judge callable around an inspect model: the schema as its structured output."""

    async def call(prompt: str, schema: Dict[str, Any]) -> Any:
        config = GenerateConfig(
            response_schema=ResponseSchema(
                name="evidence_items",
                json_schema=JSONSchema.model_validate(schema),
                description="Evidence items about the work; a fixed formula turns them into a score.",
                strict=True,
            )
        )
        output = await m.generate(prompt, config=config)
        if output.error:
            raise RuntimeError(output.error)
        usage = output.usage
        if usage is None:
            return output.completion
        # inspect's ModelUsage: the call's tokens, in the result's usage and the report's cost.
        return Answer(
            output.completion,
            usage={"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
        )

    return call
