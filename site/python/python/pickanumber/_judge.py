"""The judge loop's calls: the rubric's prompt with the work after it -> each judge called at
once under our own timer -> each judge's outcome handed, as data, to the core's verdict.

Data flow: ``judge(work, rubric, judges)`` -> ``Rubric.prompt(work)`` and ``Rubric.schema()``
-> every judge ``(prompt, schema) -> answer`` called concurrently, each on a thread of its own
(an async judge on its own event loop there), under one deadline -> each judge's outcome (its
text, its parsed JSON, what it raised, ``timed_out`` by our clock, ``too_large``) -> the core's
verdict (``_native.judge_verdict``, the function the CLI's ``combine --outcomes`` and the npm
package's ``judge`` call): every answer read strictly, the evidence checked against the work,
the passes combined, the gate with its ``min_judges`` rule, each failure named -> a
``Judgement``.

Nothing but the calls happens here, so the same answers give the same verdict in every
package. No model client is a dependency: a judge is any callable the user writes around their
SDK. The adapters (``pickanumber.inspect``, ``pickanumber.deepeval``) call ``judge_async`` with
their framework's own models, which are bound to the caller's event loop, so they run there.
"""

from __future__ import annotations

import asyncio
import inspect as _pyinspect
import json
import os
import threading
import time
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Tuple, Union

from . import SCORING_OPTIONS, Analysis, Rubric, _native, _run

#: A judge: takes the prompt (markdown, the work at its end) and the JSON Schema of the answer
#: (a dict), returns the model's answer as text (or the parsed JSON object), or an awaitable of
#: it.
Judge = Callable[[str, Dict[str, Any]], Union[str, Mapping[str, Any], Awaitable[Any]]]

#: Seconds each judge has, by default, before it counts as failed.
DEFAULT_TIMEOUT = 300.0

#: The most bytes one answer may hold (64 MiB): a larger one is named, not read.
MAX_ANSWER_BYTES = 64 << 20


class Answer:
    """A judge's answer with what its call cost: return ``Answer(text, usage={"input_tokens":
    1200, "output_tokens": 80})`` (``text`` a str, or the parsed JSON object or list) from a
    judge whose SDK reports its tokens. The tokens appear in the result's
    ``judges[name]["usage"]``, in its total ``usage`` and in the report's Cost section."""

    __slots__ = ("value", "usage")

    def __init__(self, value: Any, *, usage: Optional[Mapping[str, int]] = None) -> None:
        if usage is not None:
            if not isinstance(usage, Mapping) or set(usage) != {"input_tokens", "output_tokens"}:
                raise TypeError(
                    f"usage must be {{\"input_tokens\": n, \"output_tokens\": n}}, not {usage!r}"
                )
            for key, n in usage.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ValueError(f"usage[{key!r}] must be a whole number of tokens (0 or more), not {n!r}")
            usage = {"input_tokens": usage["input_tokens"], "output_tokens": usage["output_tokens"]}
        self.value = value
        self.usage = usage

    def __repr__(self) -> str:
        return f"Answer({self.value!r}, usage={self.usage!r})"


class JudgeModel:
    """A judge with the settings of its call: ``JudgeModel(fn, model="claude-x",
    temperature=0, max_tokens=4096)``. ``fn`` is called as any judge is; the settings go on the
    result's card (``card["graders"]``) and into the cache's key, so a changed model or
    temperature calls the judge again."""

    __slots__ = ("fn", "model", "temperature", "max_tokens")

    def __init__(
        self,
        fn: Judge,
        *,
        model: Optional[str] = None,
        temperature: Optional[float] = None,
        max_tokens: Optional[int] = None,
    ) -> None:
        if not callable(fn):
            raise TypeError(f"JudgeModel needs a callable (prompt, schema) -> answer, not {type(fn).__name__}")
        if model is not None and not isinstance(model, str):
            raise TypeError(f"model must be a str, not {model!r}")
        if temperature is not None and (isinstance(temperature, bool) or not isinstance(temperature, (int, float))):
            raise TypeError(f"temperature must be a number, not {temperature!r}")
        if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 0):
            raise TypeError(f"max_tokens must be a whole number, not {max_tokens!r}")
        self.fn, self.model, self.temperature, self.max_tokens = fn, model, temperature, max_tokens

    def __call__(self, prompt: str, schema: Dict[str, Any]) -> Any:
        return self.fn(prompt, schema)

    def params(self) -> Dict[str, Any]:
        """The call's settings as the card writes them."""
        return {"model": self.model, "temperature": self.temperature, "max_tokens": self.max_tokens}


class JudgeError(RuntimeError):
    """Raised by ``judge`` when no judge gave a score: ``failures`` maps each judge's name to
    why (what it raised, the timeout, or what the reader found in its answer), ``answers``
    keeps each raw answer that came back and ``misses`` the gate's reasons."""

    def __init__(
        self,
        failures: Mapping[str, str],
        answers: Mapping[str, Optional[str]],
        misses: Optional[List[str]] = None,
    ) -> None:
        self.failures = dict(failures)
        self.answers = dict(answers)
        self.misses = list(misses or [])
        lines = [f"{name}: {why}" for name, why in self.failures.items()]
        super().__init__("no judge gave a score:\n" + "\n".join(lines))


class Judgement(Analysis):
    """``judge``'s result: the combined ``Analysis`` of the judges that scored, with
    ``answers`` (each judge's raw answer, ``None`` when it gave none), ``failures`` (each judge
    left out, and why), ``failure_kinds`` (each judge left out: ``raised``, ``timed_out``,
    ``too_large``, ``empty``, ``prose``, ``cut_off``, ``not_items`` or ``all_left_out``) and
    ``prompt`` (the prompt every judge was sent). ``passed`` and ``misses`` are the gate's,
    with the rule that at least ``min_judges`` judges (by default every one) scored.
    ``to_dict()`` adds ``judges``; ``report()`` names the judges left out."""

    __slots__ = ("answers", "failures", "failure_kinds", "prompt", "runs", "_verdict", "_report")

    def __init__(self, evaluation: Any, verdict: Dict[str, Any], report: str, prompt: str) -> None:
        super().__init__(evaluation)
        judges = verdict["judges"]
        self.answers: Dict[str, Optional[str]] = {n: j["answer"] for n, j in judges.items()}
        self.failures: Dict[str, str] = {n: j["error"] for n, j in judges.items() if j["error"] is not None}
        self.failure_kinds: Dict[str, str] = {
            n: j["failure"]["kind"] for n, j in judges.items() if j["failure"] is not None
        }
        self.prompt = prompt
        self.runs: List["Judgement"] = [self]
        self._verdict = verdict
        self._report = report

    def to_dict(self) -> Dict[str, Any]:
        """The combined JSON (``pickanumber combine``'s keys, the gate with ``min_judges``),
        then ``judges``: for each judge in the order given, ``{"answer": raw text or None,
        "error": why it was left out or None, "failure": {"kind", "line", "column"} or
        None}``."""
        return json.loads(json.dumps(self._verdict))

    def report(self) -> str:
        """The combined markdown report, then the gate's misses and each judge left out and
        why."""
        return self._report

    def __repr__(self) -> str:
        return (
            f"Judgement(final={self.final!r}, confidence={self.confidence!r}, "
            f"passes={[p['name'] for p in self.passes]!r}, failures={sorted(self.failures)!r})"
        )


def _outcome(name: str, ok: bool, value: Any) -> Dict[str, Any]:
    """One judge's outcome as the core takes it (an ``Answer``'s usage with it)."""
    if ok and isinstance(value, Answer):
        out = _outcome(name, True, value.value)
        if value.usage is not None and out["kind"] in ("answer", "parsed"):
            out["usage"] = dict(value.usage)
        return out
    if not ok:
        return {"name": name, "kind": "raised", "type": type(value).__name__, "message": str(value)}
    if isinstance(value, str):
        size = len(value) if len(value) * 4 <= MAX_ANSWER_BYTES else len(value.encode("utf-8", "surrogatepass"))
        if size > MAX_ANSWER_BYTES:
            return {"name": name, "kind": "too_large", "bytes": size}
        return {"name": name, "kind": "answer", "text": value}
    if isinstance(value, (Mapping, list)):
        try:
            parsed = json.loads(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError) as e:
            return {"name": name, "kind": "raised", "type": "TypeError", "message": f"returned JSON that cannot be read: {e}"}
        return {"name": name, "kind": "parsed", "value": parsed}
    return {
        "name": name,
        "kind": "raised",
        "type": "TypeError",
        "message": f"returned {type(value).__name__}, not the answer's text (str)",
    }


class _Call:
    """One judge's call: its outcome once settled, and when (our clock)."""

    __slots__ = ("ok", "value", "at")

    def __init__(self) -> None:
        self.at: Optional[float] = None
        self.ok = False
        self.value: Any = None


def _in_thread(fn: Judge, prompt: str, schema: Dict[str, Any], call: _Call, done: "asyncio.Future[None]") -> None:
    """Runs ``fn`` on a daemon thread of its own (a coroutine on an event loop of its own
    there), so that a judge that blocks or ignores its cancellation cannot hold the caller,
    whose wait ends at the deadline; its outcome is recorded with the time it arrived."""
    loop = asyncio.get_running_loop()

    def work() -> None:
        try:
            result = fn(prompt, schema)
            if _pyinspect.isawaitable(result):
                result = asyncio.run(_awaited(result))
            call.ok, call.value = True, result
        except (Exception, asyncio.CancelledError) as e:  # the judge's own failure: data
            call.ok, call.value = False, e
        except BaseException as e:  # an interrupt: re-raised in the caller
            call.ok, call.value = False, e
        call.at = time.monotonic()
        try:
            loop.call_soon_threadsafe(lambda: done.done() or done.set_result(None))
        except RuntimeError:
            pass  # the caller's loop has closed: it stopped waiting at the deadline

    threading.Thread(target=work, name="pickanumber-judge", daemon=True).start()


async def _awaited(result: Awaitable[Any]) -> Any:
    return await result


async def _on_loop(fn: Judge, prompt: str, schema: Dict[str, Any], call: _Call) -> None:
    """Runs ``fn`` on the caller's event loop (a framework's model bound to it); a sync
    callable still runs on a thread of its own. Records the outcome and when it arrived."""
    try:
        if _pyinspect.iscoroutinefunction(fn):
            result = await fn(prompt, schema)
        else:
            done: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
            _in_thread(fn, prompt, schema, call, done)
            await done
            return
        if _pyinspect.isawaitable(result):
            result = await result
        call.ok, call.value = True, result
    except Exception as e:
        call.ok, call.value = False, e
    call.at = time.monotonic()


def _checked(
    work: Any, rubric: Any, judges: Mapping[str, Judge], timeout: Any, options: Mapping[str, Any]
) -> Tuple[Rubric, List[Tuple[str, Judge, Optional[Dict[str, Any]]]], float]:
    """The arguments checked: the rubric loaded, the judges as (name, callable, params)."""
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
        if isinstance(fn, JudgeModel):
            pairs.append((name, fn.fn, fn.params()))
        else:
            pairs.append((name, fn, None))
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
    min_judges: Optional[int] = None,
    cache: Union[str, "os.PathLike[str]", None] = None,
    repeat: Optional[int] = None,
    runs: Union[str, "os.PathLike[str]", None] = None,
    work_id: Optional[str] = None,
    **options: Any,
) -> Judgement:
    """``judge`` for code already inside an event loop (a notebook, a framework's scorer): the
    same arguments, awaited. The judges run as ``judge`` runs them, each on a thread of its
    own, so none can block or hold the caller's loop past the timeout."""
    loop = _Loop(cache, repeat, runs, work_id)
    return await _judge_panel(work, rubric, judges, timeout, min_judges, options, loop, share_loop=False)


async def _judge_panel(
    work: Any,
    rubric: Any,
    judges: Mapping[str, Judge],
    timeout: Any,
    min_judges: Optional[int],
    options: Mapping[str, Any],
    record: Optional["_Loop"] = None,
    *,
    share_loop: bool,
) -> Judgement:
    """The calls and the verdict. ``share_loop`` runs coroutine judges on the caller's event
    loop (an adapter's framework models are bound to it): one that ignores its cancellation
    is still abandoned at the deadline, and an answer arriving after it still counts as
    timed out."""
    rubric, pairs, timeout = _checked(work, rubric, judges, timeout, options)
    record = record or _Loop(None, None, None, None)
    prompt = rubric.prompt(work)
    schema = rubric.schema()
    if record.cache is not None:
        _native.cache_open(record.cache)  # a folder that cannot be written: before any call
    judged: List[Judgement] = []
    errors: List[JudgeError] = []
    for run in range(1, record.repeat + 1):
        try:
            judged.append(
                await _one_run(work, rubric, pairs, timeout, min_judges, options, record, run, prompt, schema, share_loop)
            )
        except JudgeError as e:
            errors.append(e)
    if not judged:
        raise errors[0]
    if record.runs is not None:
        _write_runs(record, judged)
    first = judged[0]
    first.runs = judged
    return first


class _Loop:
    """``judge``'s arguments for the loop itself: the cache folder, the repeats and the runs
    file, checked before any judge is called."""

    __slots__ = ("cache", "repeat", "runs", "work_id")

    def __init__(self, cache: Any, repeat: Any, runs: Any, work_id: Any) -> None:
        if cache is not None and not isinstance(cache, (str, os.PathLike)):
            raise TypeError(f"cache must be a folder's path, not {cache!r}")
        if repeat is not None and (isinstance(repeat, bool) or not isinstance(repeat, int) or not 1 <= repeat <= 1000):
            raise ValueError(f"repeat must be a whole number of runs from 1 to 1000, not {repeat!r}")
        if runs is not None and not isinstance(runs, (str, os.PathLike)):
            raise TypeError(f"runs must be a file's path, not {runs!r}")
        if work_id is not None and (not isinstance(work_id, str) or not work_id.strip()):
            raise TypeError(f"work_id must be a non-empty str, not {work_id!r}")
        self.cache = None if cache is None else os.fspath(cache)
        self.repeat = 1 if repeat is None else repeat
        self.runs = None if runs is None else os.fspath(runs)
        self.work_id = work_id


def _cache_grader(name: str, params: Optional[Dict[str, Any]], run: int) -> str:
    """A judge's id in the cache's key: its name (with the run's index after the first run, so
    that repeats are not one cached answer) and its call's settings."""
    given = params or {}
    return json.dumps(
        {
            "name": name if run == 1 else f"{name}#run{run}",
            "model": given.get("model"),
            "temperature": given.get("temperature"),
            "max_tokens": given.get("max_tokens"),
        }
    )


async def _one_run(
    work: Any,
    rubric: Rubric,
    pairs: List[Tuple[str, Judge, Optional[Dict[str, Any]]]],
    timeout: float,
    min_judges: Optional[int],
    options: Mapping[str, Any],
    record: _Loop,
    run: int,
    prompt: str,
    schema: Dict[str, Any],
    share_loop: bool,
) -> Judgement:
    """One run of the panel: each judge's answer from the cache or from its call, then the
    verdict."""
    schema_key = rubric.schema_text()  # the schema's text as the core and npm hash it
    cached: Dict[str, Dict[str, Any]] = {}
    damaged: List[str] = []
    if record.cache is not None:
        for name, _, params in pairs:
            hit, why = _native.cache_lookup(record.cache, prompt, schema_key, _cache_grader(name, params, run))
            if hit is not None:
                outcome = json.loads(hit)
                outcome["name"] = name
                outcome.pop("params", None)
                if params is not None:
                    outcome["params"] = dict(params)
                cached[name] = outcome
            elif why is not None:
                damaged.append(why)
    calls = [_Call() for _ in pairs]
    started = time.monotonic()
    deadline = started + timeout
    waits: List["asyncio.Future[Any]"] = []
    loop = asyncio.get_running_loop()
    for (name, fn, _), call in zip(pairs, calls):
        if name in cached:
            continue
        if share_loop:
            waits.append(asyncio.ensure_future(_on_loop(fn, prompt, schema, call)))
        else:
            done: "asyncio.Future[None]" = loop.create_future()
            _in_thread(fn, prompt, schema, call, done)
            waits.append(done)
    pending: Any = ()
    if waits:
        _, pending = await asyncio.wait(waits, timeout=max(0.0, deadline - time.monotonic()))
    for w in pending:
        w.cancel()  # not awaited: a judge that ignores its cancellation is left behind
    outcomes: List[Dict[str, Any]] = []
    for (name, _, params), call in zip(pairs, calls):
        if name in cached:
            outcomes.append(cached[name])
            continue
        at = call.at
        if at is None or at > deadline:
            outcome = {"name": name, "kind": "timed_out", "seconds": timeout}
        elif not call.ok and isinstance(call.value, (KeyboardInterrupt, SystemExit)):
            raise call.value
        else:
            outcome = _outcome(name, call.ok, call.value)
        if params is not None:
            outcome["params"] = dict(params)
        if record.cache is not None and outcome["kind"] in ("answer", "parsed"):
            _native.cache_save(
                record.cache,
                prompt,
                schema_key,
                _cache_grader(name, params, run),
                json.dumps(outcome, ensure_ascii=False),
            )
        outcomes.append(outcome)
    against = work if isinstance(work, str) else dict(work)
    # The verdict (the interval's resampling most of it) runs on a worker thread, so that the
    # caller's event loop, and the judges of other panels on it, keep running meanwhile.
    evaluation, verdict, report = await loop.run_in_executor(
        None,
        lambda: _run(
            None,
            {**_scoring(options), "rubric": rubric, "against": against},
            graders=json.dumps(outcomes, ensure_ascii=False),
            min_judges=min_judges,
            prompt=prompt,
        ),
    )
    if damaged:
        verdict["cache_damaged"] = damaged
        report += "\n## Cache\n\n" + "".join(f"* {why}\n" for why in damaged)
    if evaluation is None:
        judged = verdict["judges"]
        raise JudgeError(
            {n: j["error"] for n, j in judged.items() if j["error"] is not None},
            {n: j["answer"] for n, j in judged.items()},
            verdict["gate"]["misses"],
        )
    return Judgement(evaluation, verdict, report, prompt)


def _write_runs(record: _Loop, judged: List["Judgement"]) -> None:
    """Appends each run's scored answers to the runs file ``pickanumber retest`` reads, one
    JSON line a judge and run: ``{"work", "output", "grader", "rubric"}``; the file is
    rewritten whole through a temporary file and a rename, so a reader never sees half of
    it. A judge that gave no score in a run has no line for it."""
    assert record.runs is not None
    lines: List[str] = []
    for j in judged:
        card = j._verdict.get("card") or {}
        work_id = record.work_id or (card.get("work") or "work")[:12]
        for name, answer in j.answers.items():
            if name in j.failures or answer is None:
                continue
            row: Dict[str, Any] = {"work": work_id, "output": answer, "grader": name}
            if card.get("rubric"):
                row["rubric"] = card["rubric"]
            lines.append(json.dumps(row, ensure_ascii=False))
    old = ""
    if os.path.exists(record.runs):
        with open(record.runs, encoding="utf-8") as f:
            old = f.read()
        if old and not old.endswith("\n"):
            old += "\n"
    temp = f"{record.runs}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(temp, "w", encoding="utf-8") as f:
            f.write(old + "".join(line + "\n" for line in lines))
        os.replace(temp, record.runs)
    except OSError as e:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise OSError(f"runs={record.runs!r}: cannot write the runs file ({e.strerror})") from e


def _scoring(options: Mapping[str, Any]) -> Dict[str, Any]:
    """The options, each a scoring option of the core's table but the rubric and the work
    (``judge``'s own arguments); an unknown one is refused by name."""
    names = [n for n in SCORING_OPTIONS if n not in ("rubric", "against")]
    unknown = sorted(k for k in options if k not in names)
    if unknown:
        raise TypeError(f"judge() got an unexpected keyword argument {unknown[0]!r}: use {', '.join(names)}, min_judges, timeout, cache, repeat, runs, work_id")
    return dict(options)


def judge(
    work: Union[str, Mapping[str, str]],
    rubric: Union[Rubric, str, "os.PathLike[str]"],
    judges: Mapping[str, Judge],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    min_judges: Optional[int] = None,
    cache: Union[str, "os.PathLike[str]", None] = None,
    repeat: Optional[int] = None,
    runs: Union[str, "os.PathLike[str]", None] = None,
    work_id: Optional[str] = None,
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
        Seconds each judge has (default 300), by our clock. Each judge runs on a thread of its
        own (an async one on an event loop of its own there), so one that blocks or ignores
        its cancellation is left behind at the timeout; an answer arriving later is not read.
    min_judges
        How many judges must give a score for the gate to pass (default: every one).
    cache
        A folder of the judges' answers, opened (created) before any judge is called: a
        folder that cannot be written is a ``ValueError`` naming it. Each judge's answer is
        looked up by the prompt, the schema, its name and its settings (``JudgeModel``): a hit
        is used without calling it (``judges[name]["cached"]`` true, no tokens: it costs
        nothing); a miss calls it and stores its answer (never a failure); a damaged entry is
        named in ``cache_damaged`` and the report, and the judge is called again.
    repeat
        Runs the panel this many times (each judge called once a run; with ``cache``, the
        run's index is in the key). The first run's ``Judgement`` is returned, every run's in
        its ``runs``.
    runs
        A runs file ``pickanumber retest`` reads: each run's scored answers appended as JSON
        lines ``{"work", "output", "grader", "rubric"}`` (the file rewritten atomically).
        ``work_id`` names the work there (default: the start of the card's work hash).
    options
        ``combine``'s keywords (the scoring options, ``ScoringOptions``), except ``against``,
        which is the work.

    A judge that raises (its own exception, named with its type), times out, answers over
    64 MiB, or answers with anything but the items asked for (prose, JSON cut off, named with
    the reader's line and column, another shape, an empty list: no items is no score) is left
    out and named in ``failures``; so is one every item of which cites evidence not in the
    work. The others still combine. The gate (``passed``, ``misses``) fails when fewer than
    ``min_judges`` judges scored, naming them, as well as on the thresholds. Raises
    ``JudgeError`` naming every judge when none gives a score. Inside an event loop,
    ``await judge_async(...)`` does not block it; ``judge`` works there too, in a thread.
    """
    loop = _Loop(cache, repeat, runs, work_id)
    return run_sync(_judge_panel(work, rubric, judges, timeout, min_judges, options, loop, share_loop=False))


def run_sync(coroutine: Awaitable[Any]) -> Any:
    """Runs ``coroutine`` to its end from sync code: in a new event loop, or, when this thread
    already runs one (a notebook, a framework's async runner), in a thread of its own, so that
    ``judge`` works from either."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _run_loop(coroutine)
    box: Dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = _run_loop(coroutine)
        except BaseException as e:  # re-raised in the caller's thread
            box["error"] = e

    thread = threading.Thread(target=work, name="pickanumber-judge-loop")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def _run_loop(coroutine: Awaitable[Any]) -> Any:
    """``asyncio.run`` without its wait for the tasks still running at the end: a judge task
    that ignores its cancellation is cancelled and left, not waited for."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()
