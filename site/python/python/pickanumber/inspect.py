"""inspect_ai adapter: a scorer that reads the model's evidence items and scores them with
the fixed formula.

Data flow: ``TaskState.output.completion`` -> ``analyse`` (with the rubric and options) ->
``Score(value=final, explanation=report, metadata=...)``. The value is the headline (0-100)
as a float, so inspect's metrics (``mean``, ``stderr``) and epoch reducers work on it
unchanged. An output with no item raises ``EvidenceError``, which inspect records as the
sample's error instead of a made-up score.

    from inspect_ai import Task
    from inspect_ai.solver import generate
    from pickanumber.inspect import evidence_scorer

    Task(dataset=..., solver=generate(), scorer=evidence_scorer(rubric="rubric.toml"))
"""

from __future__ import annotations

import os
from typing import Any, Union

try:
    from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
    from inspect_ai.solver import TaskState
except ModuleNotFoundError as e:  # pragma: no cover - the message is the point
    raise ModuleNotFoundError(
        f"pickanumber.inspect needs inspect_ai: pip install inspect_ai (or the package's [inspect] extra)"
    ) from e

from . import Rubric
from ._adapt import check_options, load_rubric, reason, score_output

__all__ = ["evidence_scorer"]


@scorer(metrics=[mean(), stderr()], name="evidence_scorer")
def evidence_scorer(
    rubric: Union[str, "os.PathLike[str]", Rubric, None] = None, **options: Any
) -> Scorer:
    """A scorer that scores the model's output as evidence items with the fixed formula.

    ``rubric`` is a rubric file's path (recorded in the eval log as given) or a ``Rubric``;
    ``options`` are ``analyse``'s keywords (``mode``, ``weights``, ``preset``, ``strict``,
    ``fail_under``, ``min_confidence``, ``require_self_check``, ``denominator``,
    ``scale``, ``interval``). The score's value is the headline from 0 to 100, its
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
