"""DeepEval adapter: a metric that scores ``actual_output`` as evidence items.

Data flow: ``LLMTestCase.actual_output`` -> ``analyse`` (with the rubric and options) ->
``score`` (the headline / 100, from 0 to 1), ``reason`` (the headline sentence, the gate's
misses, the item errors) and ``success`` (the gate: ``fail_under``, ``min_confidence``,
``require_self_check``, and no item errors). No model is called.

    from deepeval.test_case import LLMTestCase
    from pickanumber.deepeval import EvidenceMetric

    metric = EvidenceMetric(fail_under=60)
    metric.measure(LLMTestCase(input="review PR #412", actual_output=judge_output))
"""

from __future__ import annotations

import os
from typing import Any, List, Mapping, Optional, Union

try:
    from deepeval.metrics import BaseMetric
    from deepeval.test_case import LLMTestCase, SingleTurnParams
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    raise ModuleNotFoundError(
        f"pickanumber.deepeval needs deepeval: pip install deepeval (or the package's [deepeval] extra)"
    ) from e

from . import Analysis, EvidenceError, Rubric
from ._adapt import OPTIONS, check_options, load_rubric, reason, score_output

__all__ = ["EvidenceMetric"]


class EvidenceMetric(BaseMetric):
    """Scores a test case's ``actual_output`` (the judge model's evidence items) with the
    fixed formula.

    ``rubric``: a rubric file's path or a ``Rubric``. ``fail_under`` (0-100),
    ``min_confidence`` (0-1) and ``require_self_check`` are the gate; DeepEval's
    ``threshold`` is ``fail_under / 100`` (0 without one). The other keywords are
    ``analyse``'s, with its defaults. Each argument is kept as the attribute of its name
    (``rubric`` as the loaded ``Rubric``), which is how DeepEval copies a metric: it passes
    the attributes that match the constructor's parameters back to it, so a copy keeps every
    option and the gate. After ``measure``: ``score`` (0-1), ``reason``, ``success`` and
    ``analysis`` (the ``Analysis``). An output with no item sets ``error`` and
    ``success = False`` and raises ``EvidenceError``.
    """

    _required_params: List[SingleTurnParams] = [SingleTurnParams.ACTUAL_OUTPUT]

    def __init__(
        self,
        rubric: Union[str, "os.PathLike[str]", Rubric, None] = None,
        *,
        mode: Optional[str] = None,
        weights: Union[str, Mapping[str, float], None] = None,
        preset: Optional[str] = None,
        strict: bool = False,
        fail_under: Optional[float] = None,
        min_confidence: Optional[float] = None,
        require_self_check: bool = False,
        denominator: Optional[float] = None,
        scale: Optional[float] = None,
        interval: bool = True,
        async_mode: bool = True,
        **unknown: Any,
    ) -> None:
        check_options(unknown)
        self.rubric = load_rubric(rubric)
        self.mode = mode
        self.weights = weights
        self.preset = preset
        self.strict = strict
        self.fail_under = fail_under
        self.min_confidence = min_confidence
        self.require_self_check = require_self_check
        self.denominator = denominator
        self.scale = scale
        self.interval = interval
        self.threshold = 0.0 if fail_under is None else fail_under / 100
        self.async_mode = async_mode
        self.include_reason = True
        self.strict_mode = False
        self.analysis: Optional[Analysis] = None

    def measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """Scores ``test_case.actual_output``; returns the score from 0 to 1."""
        self.error = None
        try:
            options = {name: getattr(self, name) for name in OPTIONS}
            a = score_output(test_case.actual_output, self.rubric, options)
        except EvidenceError as e:
            self.error, self.score, self.success = str(e), None, False
            self.reason = f"no score: {e}"
            raise
        self.analysis = a
        self.score = a.final / 100  # type: ignore[operator]
        self.reason = reason(a)
        self.success = a.passed
        return self.score

    async def a_measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """The same as ``measure``: the formula takes microseconds, there is nothing to await."""
        return self.measure(test_case, *args, **kwargs)

    def is_successful(self) -> bool:
        """The gate's verdict from the last ``measure`` (False before one or after an error)."""
        return bool(self.success) and self.error is None

    @property
    def __name__(self) -> str:  # type: ignore[override]
        return "Evidence score (pickanumber)"
