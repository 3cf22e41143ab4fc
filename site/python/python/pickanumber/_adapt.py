"""What the three adapters share: the options they pass to ``analyse``, the sentence that
explains a score, and the refusal to invent a number when no item was read.

Data flow: a framework's model output -> ``score_output`` (``analyse`` with the adapter's
options) -> an ``Analysis`` with a score, or ``EvidenceError`` -> ``reason`` for the
framework's explanation field.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Union

from . import SCORING_OPTIONS, Analysis, EvidenceError, Rubric, analyse

if TYPE_CHECKING:
    from ._judge import Judgement

#: The keyword arguments of ``analyse`` an adapter passes on: the core's table of scoring
#: options, but for the rubric (an adapter's own argument) and the work (the judged output's).
OPTIONS = tuple(o for o in SCORING_OPTIONS if o not in ("rubric", "against"))


def load_rubric(rubric: Union[Rubric, str, "os.PathLike[str]", None]) -> Optional[Rubric]:
    """A ``Rubric`` as given, or loaded from a path."""
    if rubric is None or isinstance(rubric, Rubric):
        return rubric
    return Rubric.load(rubric)


def check_options(options: Mapping[str, Any]) -> Dict[str, Any]:
    """``options`` with every key checked against ``analyse``'s keywords."""
    unknown = sorted(k for k in options if k not in OPTIONS and k != "rubric")
    if unknown:
        raise TypeError(
            f"unknown option {unknown[0]!r}: use rubric, {', '.join(OPTIONS)}"
        )
    return {k: v for k, v in options.items() if k != "rubric"}


def score_output(output: str, rubric: Optional[Rubric], options: Mapping[str, Any]) -> Analysis:
    """``analyse(output)`` with the adapter's options; ``EvidenceError`` when the output
    gives no score (no item read), since a framework would otherwise record a number the
    formula never produced."""
    if not isinstance(output, str):
        raise TypeError(f"the model output to score is a {type(output).__name__}, not text")
    a = analyse(output, rubric=rubric, **options)
    if a.final is not None and any(d.kind == "empty_input" for d in a.diagnostics):
        # An empty list scores the centre with confidence 0; a framework would record that
        # 50 as a score, so it is refused as the judge loop refuses an empty answer.
        raise EvidenceError(None, "the output holds no items (an empty list): no evidence is no score", a.errors)
    if a.final is None:
        first = a.errors[0] if a.errors else None
        message = first.message if first else "no evidence items were read from the output"
        raise EvidenceError(first.line if first else None, message, a.errors)
    return a


def judged_metadata(j: "Judgement") -> Dict[str, Any]:
    """What a framework's log keeps of a ``judge`` run: the headline and its confidence,
    interval and gate; each pass's final, invented-evidence rate and evidence counts (its
    verification health: verified, located, not found, not checkable, no evidence); alpha; the
    disagreements; the judges left out and why; every raw answer; the full JSON."""
    d = j.to_dict()
    return {
        "final": j.final,
        "confidence": j.confidence,
        "interval": j.interval,
        "passed": j.passed,
        "misses": j.misses,
        "passes": {p["name"]: p["final"] for p in j.passes},
        "invented_rate": {p["name"]: (p.get("evidence") or {}).get("invented_rate") for p in j.passes},
        "evidence": {
            p["name"]: {k: v for k, v in (p.get("evidence") or {}).items() if k not in ("items", "skipped")}
            for p in j.passes
        },
        "alpha": d.get("alpha"),
        "disagreements": d.get("disagreements", []),
        "failures": j.failures,
        "answers": j.answers,
        "reason": reason(j),
        "analysis": d,
    }


def headline(a: Analysis) -> str:
    """The report's headline sentence as plain text: ``Final 54 / 100, confidence 0.10
    (pooled mode, 2 items, read as item lines).``"""
    for line in a.report().splitlines():
        if line.startswith("**"):
            return line.replace("**", "")
    return ""


def reason(a: Analysis) -> str:
    """The headline sentence, then the gate's misses and the item errors, if any."""
    parts = [headline(a)]
    parts += [f"gate: {m}" for m in a.misses]
    parts += [
        f"error{'' if d.line is None else f' on line {d.line}'}: {d.message}" for d in a.errors
    ]
    if hasattr(a, "failures"):  # a Judgement: say what each judge gave
        finals = ", ".join(f"{p['name']} {'none' if p['final'] is None else p['final']}" for p in a.passes)
        if a.interval is not None:
            parts.append(f"Interval (90 %): {a.interval[0]:g} to {a.interval[1]:g}.")
        parts.append(f"Passes: {finals}.")
        invented = [
            f"{p['name']} {p['evidence']['invented_rate']:.2f}"
            for p in a.passes
            if (p.get("evidence") or {}).get("invented_rate")
        ]
        if invented:
            parts.append(f"Invented evidence left out: {', '.join(invented)}.")
        parts += [f"Judge {name} left out: {why}." for name, why in a.failures.items()]
    return " ".join(parts)
