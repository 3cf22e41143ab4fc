"""The judge loop: the rubric's prompt with the work after it -> each judge called at once ->
each answer read -> the evidence checked against the work -> the passes combined.

Data flow: ``judge(work, rubric, judges)`` -> ``Rubric.prompt(work)`` and ``Rubric.schema()``
-> every judge ``(prompt, schema) -> text`` called concurrently under one timeout -> each
answer read on its own with ``analyse(strict=True)`` (an answer that is not the JSON asked for
is set aside, named) -> ``combine`` of the readable answers ``against`` the work -> a
``Judgement``: the combined ``Analysis`` with every judge's raw answer and every failure kept.

No model client is a dependency: a judge is any callable the user writes around their SDK.
The adapters (``pickanumber.inspect``, ``pickanumber.deepeval``) call ``judge_async`` with
their framework's own models wrapped as such callables.
"""

from __future__ import annotations

import asyncio
import inspect as _pyinspect
import json
import os
import threading
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Tuple, Union

from . import Analysis, EvidenceError, Rubric, analyse, combine

#: A judge: takes the prompt (markdown, the work at its end) and the JSON Schema of the answer
#: (a dict), returns the model's answer as text (or the parsed JSON object), or an awaitable of
#: it.
Judge = Callable[[str, Dict[str, Any]], Union[str, Mapping[str, Any], Awaitable[Any]]]

#: Seconds each judge has, by default, before it counts as failed.
DEFAULT_TIMEOUT = 300.0


class JudgeError(RuntimeError):
    """Raised by ``judge`` when no judge gave a score: ``failures`` maps each judge's name to
    why (its exception, the timeout, or the reader's first error about its answer), and
    ``answers`` keeps each raw answer that came back."""

    def __init__(self, failures: Mapping[str, str], answers: Mapping[str, Optional[str]]) -> None:
        self.failures = dict(failures)
        self.answers = dict(answers)
        lines = [f"{name}: {why}" for name, why in self.failures.items()]
        super().__init__("no judge gave a score:\n" + "\n".join(lines))


class Judgement(Analysis):
    """``judge``'s result: the combined ``Analysis`` of the judges whose answers were read,
    with ``answers`` (each judge's raw answer, ``None`` when it gave none), ``failures``
    (each judge left out, and why) and ``prompt`` (the prompt every judge was sent).
    ``to_dict()`` adds them as ``judges``; ``report()`` names the judges left out."""

    __slots__ = ("answers", "failures", "prompt")

    def __init__(
        self,
        analysis: Analysis,
        answers: Mapping[str, Optional[str]],
        failures: Mapping[str, str],
        prompt: str,
    ) -> None:
        super().__init__(analysis._e)
        self.answers = dict(answers)
        self.failures = dict(failures)
        self.prompt = prompt

    def to_dict(self) -> Dict[str, Any]:
        """The combined JSON (``pickanumber combine``'s keys), then ``judges``: for each judge
        in the order given, ``{"answer": raw text or None, "error": why it was left out or
        None}``."""
        d = super().to_dict()
        d["judges"] = {
            name: {"answer": answer, "error": self.failures.get(name)}
            for name, answer in self.answers.items()
        }
        return d

    def report(self) -> str:
        """The combined markdown report, then a section naming each judge left out and why."""
        text = super().report()
        if not self.failures:
            return text
        lines = [f"* {name}: {why}" for name, why in self.failures.items()]
        return text.rstrip("\n") + "\n\n## Judges left out\n\n" + "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return (
            f"Judgement(final={self.final!r}, confidence={self.confidence!r}, "
            f"passes={[p['name'] for p in self.passes]!r}, failures={sorted(self.failures)!r})"
        )


def _as_text(name: str, answer: Any) -> str:
    """A judge's answer as text: a str as it is, a JSON object or list as its JSON."""
    if isinstance(answer, str):
        return answer
    if isinstance(answer, (Mapping, list)):
        return json.dumps(answer, ensure_ascii=False)
    raise TypeError(f"returned {type(answer).__name__}, not the answer's text (str)")


def _in_thread(fn: Judge, prompt: str, schema: Dict[str, Any]) -> "asyncio.Future[Any]":
    """A sync judge's call in a daemon thread of its own: unlike the loop's executor, which
    ``asyncio.run`` waits for, a judge still running after the timeout cannot hold the
    caller."""
    loop = asyncio.get_running_loop()
    future: "asyncio.Future[Any]" = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not future.done():
            (future.set_result if ok else future.set_exception)(value)

    def work() -> None:
        try:
            outcome = (True, fn(prompt, schema))
        except BaseException as e:  # handed to the caller, which decides
            outcome = (False, e)
        try:
            loop.call_soon_threadsafe(settle, *outcome)
        except RuntimeError:
            pass  # the loop has closed: the caller stopped waiting at the timeout

    threading.Thread(target=work, name="pickanumber-judge", daemon=True).start()
    return future


async def _call(name: str, fn: Judge, prompt: str, schema: Dict[str, Any], timeout: float) -> str:
    """One judge's answer as text; a sync judge runs in a thread so the judges overlap."""

    async def run() -> Any:
        if _pyinspect.iscoroutinefunction(fn):
            return await fn(prompt, schema)
        result = await _in_thread(fn, prompt, schema)
        if _pyinspect.isawaitable(result):
            result = await result
        return result

    return _as_text(name, await asyncio.wait_for(run(), timeout))


def _why(e: BaseException, timeout: float) -> str:
    """A failed call, in a phrase."""
    if isinstance(e, asyncio.TimeoutError):
        return f"no answer within the timeout of {timeout:g} s"
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def _checked(
    work: Any, rubric: Any, judges: Mapping[str, Judge], timeout: Any, options: Mapping[str, Any]
) -> Tuple[Rubric, List[Tuple[str, Judge]], float]:
    """The arguments checked: the rubric loaded, the judges as (name, callable) pairs."""
    if rubric is None:
        raise TypeError("judge needs a rubric (a Rubric or a rubric file's path): it writes the prompt")
    if not isinstance(rubric, Rubric):
        rubric = Rubric.load(rubric)
    if not isinstance(work, (str, Mapping)):
        raise TypeError(f"work must be the judged text (str) or {{path: text}}, not {type(work).__name__}")
    if isinstance(work, str) and "\n" not in work and work.strip() and os.path.exists(work):
        # As the text itself, a file's name would have every quote of the judges refused.
        raise ValueError(
            f"work={work!r} names a path: give the judged text itself (open({work!r}).read()) or {{path: text}}"
        )
    if not isinstance(judges, Mapping) or not judges:
        raise TypeError("judges must be a non-empty {name: callable} mapping, one pass per judge")
    pairs = []
    for name, fn in judges.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"a judge's name must be a non-empty str, not {name!r}")
        if not callable(fn):
            raise TypeError(f"judge {name!r} is a {type(fn).__name__}, not a callable (prompt, schema) -> str")
        pairs.append((name, fn))
    for key in ("against", "rubric"):
        if key in options:
            raise TypeError(f"judge takes no {key}= option: the work and the rubric are its first two arguments")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise ValueError(f"timeout must be a number of seconds greater than 0, not {timeout!r}")
    return rubric, pairs, float(timeout)


async def judge_async(
    work: Union[str, Mapping[str, str]],
    rubric: Union[Rubric, str, "os.PathLike[str]"],
    judges: Mapping[str, Judge],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    **options: Any,
) -> Judgement:
    """``judge`` for code already inside an event loop (an inspect scorer, a DeepEval
    ``a_measure``, a notebook): the same arguments, awaited."""
    rubric, pairs, timeout = _checked(work, rubric, judges, timeout, options)
    prompt = rubric.prompt(work)
    schema = rubric.schema()
    results = await asyncio.gather(
        *(_call(name, fn, prompt, schema, timeout) for name, fn in pairs),
        return_exceptions=True,
    )
    answers: Dict[str, Optional[str]] = {}
    failures: Dict[str, str] = {}
    readable: List[Tuple[str, str]] = []
    for (name, _), result in zip(pairs, results):
        if isinstance(result, BaseException):
            if not isinstance(result, Exception):
                raise result
            answers[name] = None
            failures[name] = _why(result, timeout)
            continue
        answers[name] = result
        try:
            analyse(result, rubric=rubric, strict=True, interval=False)
        except EvidenceError as e:
            where = f"line {e.line}: " if e.line is not None else ""
            failures[name] = f"the answer is not the items asked for ({where}{e.message})"
            continue
        readable.append((name, result))
    if not readable:
        raise JudgeError(failures, answers)
    combined = combine(readable, rubric=rubric, against=work, **options)
    if combined.final is None:
        for name, p in ((p["name"], p) for p in combined.passes):
            if p.get("final") is None:
                failures.setdefault(name, "no item of its answer was left to count")
        raise JudgeError(failures, answers)
    for p in combined.passes:
        if p.get("final") is None:
            failures.setdefault(p["name"], "every item it gave was left out: its evidence is not in the work")
    return Judgement(combined, answers, failures, prompt)


def judge(
    work: Union[str, Mapping[str, str]],
    rubric: Union[Rubric, str, "os.PathLike[str]"],
    judges: Mapping[str, Judge],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    **options: Any,
) -> Judgement:
    """Judges ``work`` with several judge models and scores their items with the formula.

    work
        The judged text, or ``{path: text}`` for files (shown to the judges with numbered
        lines, so that they can cite ``path:line``).
    rubric
        A ``Rubric`` or a rubric file's path: its prompt, with the work after it under "## The
        work", is what every judge is sent, with its JSON Schema.
    judges
        ``{name: callable}``, one pass per judge (one per model family is the point): each is
        called as ``fn(prompt, schema)`` and returns the answer's text (or its parsed JSON), or
        an awaitable of it; any SDK, no client is a dependency here.
    timeout
        Seconds each judge has (default 300). A sync judge still running then is left
        running in its thread; its answer is not used.
    options
        ``combine``'s keywords (the scoring options, ``ScoringOptions``), except ``against``,
        which is the work.

    The judges are called concurrently. A judge that raises, times out, or answers with
    anything but the items asked for (prose, JSON of another shape, a criterion the rubric
    lacks: each answer is read strictly, on its own) is left out of the score and named in
    ``failures`` with why; the others still combine. Every item whose evidence is not in the
    work is left out (``to_dict()["evidence"]`` gives each pass's invented-evidence rate).
    Raises ``JudgeError`` naming every judge when none gives a score. Inside an event loop,
    ``await judge_async(...)`` does not block it; ``judge`` works there too, in a thread.
    """
    return run_sync(judge_async(work, rubric, judges, timeout=timeout, **options))


def run_sync(coroutine: Awaitable[Any]) -> Any:
    """Runs ``coroutine`` to its end from sync code: in a new event loop, or, when this thread
    already runs one (a notebook, a framework's async runner), in a thread of its own, so that
    ``judge`` works from either."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)  # type: ignore[arg-type]
    box: Dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = asyncio.run(coroutine)  # type: ignore[arg-type]
        except BaseException as e:  # re-raised in the caller's thread
            box["error"] = e

    thread = threading.Thread(target=work, name="pickanumber-judge-loop")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
