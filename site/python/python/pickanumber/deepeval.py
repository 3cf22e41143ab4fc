"""DeepEval adapter: a metric that scores with the fixed formula, either ``actual_output`` as
evidence items or, with ``model``, the items judge models write about ``actual_output``.

Data flow without ``model``: ``LLMTestCase.actual_output`` -> ``analyse`` (with the rubric
and options) -> ``score`` (the headline / 100, from 0 to 1), ``reason`` (the headline
sentence, the gate's misses, the item errors) and ``success`` (the gate's thresholds among
the scoring options, and no item errors). No model is called.

Data flow with ``model`` (a model name or a ``DeepEvalBaseLLM``, one or several): each is
made a judge through DeepEval's own ``initialize_model`` and called with the rubric's prompt,
``actual_output`` after it, and the rubric's schema as a pydantic class (DeepEval's
``generate_with_schema``, which falls back to the prompt alone for a model without schema
support) -> ``judge_async`` (one pass per model, evidence checked against ``actual_output``)
-> ``score``, ``reason`` (with each judge left out) and ``success``.

    from deepeval.test_case import LLMTestCase
    from pickanumber.deepeval import EvidenceMetric

    metric = EvidenceMetric(fail_under=60)
    metric.measure(LLMTestCase(input="review PR #412", actual_output=judge_output))
    panel = EvidenceMetric("rubric.toml", model=["gpt-4.1", my_claude_llm], fail_under=60)
    panel.measure(LLMTestCase(input="review PR #412", actual_output=the_pr_description))
"""

from __future__ import annotations

import functools
import json
import os
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union

try:
    from deepeval.metrics import BaseMetric
    from deepeval.metrics.utils import initialize_model
    from deepeval.models import DeepEvalBaseLLM
    from pydantic import BaseModel, ConfigDict, create_model
    from deepeval.test_case import LLMTestCase, SingleTurnParams
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    raise ModuleNotFoundError(
        f"pickanumber.deepeval needs deepeval: pip install deepeval (or the package's [deepeval] extra)"
    ) from e

from . import Analysis, EvidenceError, Rubric
from ._adapt import check_options, load_rubric, reason, score_output
from ._judge import DEFAULT_TIMEOUT, Judge, JudgeError, _judge_panel, run_sync

Models = Union[str, DeepEvalBaseLLM, Sequence[Union[str, DeepEvalBaseLLM]], Mapping[str, Union[str, DeepEvalBaseLLM]]]

__all__ = ["EvidenceMetric"]


class EvidenceMetric(BaseMetric):
    """Scores a test case's ``actual_output`` (the judge model's evidence items) with the
    fixed formula.

    ``rubric``: a rubric file's path or a ``Rubric``. The gate's thresholds are among the
    scoring options (``pickanumber.SCORING_OPTIONS``); DeepEval's ``threshold`` is
    ``fail_under / 100`` (0 without one). The other keywords are ``analyse``'s scoring options, with its defaults, kept together as the ``options``
    attribute (``rubric`` as the loaded ``Rubric``): DeepEval copies a metric by passing the
    attributes that match the constructor's parameters back to it, so a copy keeps every
    option and the gate. After ``measure``: ``score`` (0-1), ``reason``, ``success`` and
    ``analysis`` (the ``Analysis``). An output with no item sets ``error`` and
    ``success = False`` and raises ``EvidenceError``.

    ``model``: judge models, as DeepEval's metrics take them (a model name, a
    ``DeepEvalBaseLLM``), one or a list, or ``{pass name: model}``; a rubric is then needed.
    Each judges ``actual_output`` under the rubric (one pass each, named by
    ``get_model_name()``, a name given twice getting ``#2``); ``analysis`` is then a
    ``Judgement`` whose ``failures`` name each judge left out (raised, timed out after
    ``timeout`` seconds by our clock, answered with prose, cut-off JSON or no items, or cited
    only evidence not in the output) and whose ``answers`` keep each raw answer; ``success``
    is then also false unless at least ``min_judges`` judges (by default every one) scored.
    When no judge gives a score, ``JudgeError`` names each.
    """

    _required_params: List[SingleTurnParams] = [SingleTurnParams.ACTUAL_OUTPUT]

    def __init__(
        self,
        rubric: Union[str, "os.PathLike[str]", Rubric, None] = None,
        *,
        async_mode: bool = True,
        model: Optional[Models] = None,
        timeout: float = DEFAULT_TIMEOUT,
        min_judges: Optional[int] = None,
        options: Optional[Mapping[str, Any]] = None,
        **keywords: Any,
    ) -> None:
        self.options = check_options({**(options or {}), **keywords})
        self.rubric = load_rubric(rubric)
        self.model = model
        self.timeout = timeout
        self.min_judges = min_judges
        self._judges: Optional[Dict[str, Judge]] = None
        if model is not None:
            if self.rubric is None:
                raise TypeError("EvidenceMetric(model=...) needs a rubric: it writes the judges' prompt")
            self._judges, self._native = _judges(model, self._accrue_cost)
            self.evaluation_model = ", ".join(self._judges)
        gate = self.options.get("fail_under")
        self.threshold = 0.0 if gate is None else gate / 100
        self.async_mode = async_mode
        self.include_reason = True
        self.strict_mode = False
        self.analysis: Optional[Analysis] = None

    def measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """Scores ``test_case.actual_output`` (or has the judge models judge it); returns the
        score from 0 to 1."""
        if self._judges is not None:
            return run_sync(self.a_measure(test_case))
        self.error = None
        try:
            options = self.options
            a = score_output(test_case.actual_output, self.rubric, options)
        except EvidenceError as e:
            self._failed(e)
            raise
        return self._scored(a)

    async def a_measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """The same as ``measure``; with judge models, they are awaited together."""
        if self._judges is None:
            return self.measure(test_case, *args, **kwargs)
        self.error = None
        # DeepEval's own models report their cost; a custom model does not (None).
        self.evaluation_cost = 0.0 if self._native else None
        options = self.options
        try:
            a = await _judge_panel(
                test_case.actual_output,
                self.rubric,
                self._judges,
                self.timeout,
                self.min_judges,
                options,
                share_loop=True,
            )
        except JudgeError as e:
            self._failed(e)
            raise
        return self._scored(a)

    def _scored(self, a: Analysis) -> float:
        """Records a score."""
        self.analysis = a
        self.score = a.final / 100  # type: ignore[operator]
        self.reason = reason(a)
        self.success = a.passed
        return self.score

    def _failed(self, e: Exception) -> None:
        """Records that there is no score, and why."""
        self.error, self.score, self.success = str(e), None, False
        self.reason = f"no score: {e}"

    def is_successful(self) -> bool:
        """The gate's verdict from the last ``measure`` (False before one or after an error)."""
        return bool(self.success) and self.error is None

    @property
    def __name__(self) -> str:  # type: ignore[override]
        return "Evidence score (pickanumber)"


def _judges(model: Models, on_cost: Callable[[Any], None]) -> Tuple[Dict[str, Judge], bool]:
    """Each model as a judge callable, by pass name, and whether any is one of DeepEval's own
    (whose calls report a cost, given to ``on_cost``)."""
    if isinstance(model, Mapping):
        named = [(str(k), initialize_model(m)) for k, m in model.items()]
    else:
        models = [model] if isinstance(model, (str, DeepEvalBaseLLM)) else list(model)
        if not models:
            raise TypeError("model=[] names no judge: give one model or several")
        named = []
        for m in models:
            if not isinstance(m, (str, DeepEvalBaseLLM)):
                raise TypeError(f"a judge must be a model name or a DeepEvalBaseLLM, not {type(m).__name__}")
            llm = initialize_model(m)
            base = llm[0].get_model_name()
            taken = sum(1 for n, _ in named if n == base or n.startswith(base + "#"))
            named.append((base if taken == 0 else f"{base}#{taken + 1}", llm))
    judges = {name: _judge(llm, on_cost) for name, (llm, _) in named}
    return judges, any(native for _, (_, native) in named)


def _judge(llm: DeepEvalBaseLLM, on_cost: Callable[[Any], None]) -> Judge:
    """A judge callable around a DeepEval model, the schema given as a pydantic class."""

    async def call(prompt: str, schema: Dict[str, Any]) -> str:
        cls = _schema_class(json.dumps(schema, sort_keys=True))
        result = await llm.a_generate_with_schema(prompt, schema=cls)
        if isinstance(result, tuple) and len(result) == 2:
            result, cost = result  # a DeepEval model's (result, cost)
            on_cost(cost)
        if isinstance(result, BaseModel):
            return result.model_dump_json()
        return result

    return call


@functools.lru_cache(maxsize=16)
def _schema_class(schema: str) -> Any:
    """The pydantic class of a rubric's schema (JSON text), made once per schema: making it is
    slow enough to hold an event loop that runs many judges."""
    return _pydantic("EvidenceItems", json.loads(schema))


def _pydantic(name: str, schema: Mapping[str, Any]) -> Any:
    """The pydantic type of a JSON Schema in the subset the rubric's schema uses: objects
    (every property required, no others), arrays, strings and integers, with enums."""
    kind = schema.get("type")
    if "enum" in schema:
        return Literal.__getitem__(tuple(schema["enum"]))  # type: ignore[attr-defined]
    if kind == "object":
        fields: Dict[str, Tuple[Any, Any]] = {
            key: (_pydantic(f"{name}_{key}", sub), ...) for key, sub in schema.get("properties", {}).items()
        }
        return create_model(name, __config__=ConfigDict(extra="forbid"), **fields)  # type: ignore[call-overload]
    if kind == "array":
        return List[_pydantic(f"{name}_item", schema.get("items", {}))]  # type: ignore[misc]
    if kind == "string":
        return str
    if kind == "integer":
        return int
    raise ValueError(f"the rubric's schema has a {kind!r} the DeepEval adapter cannot express")
