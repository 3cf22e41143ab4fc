"""promptfoo adapter: a Python assertion that scores the output as evidence items.

promptfoo calls ``get_assert(output, context)`` of a Python file named by an assertion
(``type: python``, ``value: file://pickanumber_assert.py``) whose content is one line,
``from pickanumber.promptfoo import get_assert``. The assertion's ``config`` holds the
options: ``rubric`` (a path, relative to the folder promptfoo runs in) and ``analyse``'s
other keywords, the scoring options (``pickanumber.SCORING_OPTIONS``), the gate's
thresholds among them.

Data flow: output -> ``analyse`` -> ``{"pass": the gate's verdict, "score": final / 100,
"reason": the headline sentence, misses and errors}``. An output with no item raises
``EvidenceError``, which promptfoo reports as the assertion's failure.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Optional

from ._adapt import check_options, load_rubric, reason, score_output

__all__ = ["get_assert"]


def get_assert(output: Any, context: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """promptfoo's entry point: ``{"pass", "score", "reason"}`` for one output.

    ``output`` is the model's text, or the JSON value promptfoo passes instead when the
    provider returns JSON or a ``transform`` parses it (``{"items": [...]}``, a list of
    items): that value is read as its JSON text."""
    config = dict((context or {}).get("config") or {})
    rubric = load_rubric(config.get("rubric"))
    if isinstance(output, (dict, list)):
        output = json.dumps(output)
    a = score_output(output, rubric, check_options(config))
    return {
        "pass": a.passed,
        "score": a.final / 100,  # type: ignore[operator]
        "reason": reason(a),
    }
