"""Score evidence items with pickanumber's fixed formula, from Python.

A language model collects signed evidence items (impact +5, +3, +2, +1, -1, -2, -3 or -5,
each with its text); the formula, not the model, turns them into a 0-100 score with a
confidence. This package calls the same Rust crate as the ``pickanumber`` command line and
the web calculator, so the same items give the same numbers everywhere.

Data flow: ``analyse(items, ...)`` -> the native ``evaluate`` (the CLI's own function) ->
``Analysis`` (its ``to_dict()`` is the JSON ``pickanumber score`` prints). ``Rubric.load``
/ ``Rubric.parse`` read a rubric file into the judge prompt, the output's JSON Schema and
the settings that scoring uses.

    >>> import pickanumber
    >>> a = pickanumber.analyse("+3 every endpoint has a test\\n-2 the build takes 20 minutes")
    >>> a.final, a.confidence, a.mode
    (54, 0.1, 'pooled')

``calibrate(gold, ...)`` measures the formula against people (a gold set of human scores and
the judge's outputs) and fits the density denominator and the scale under cross-validation,
as ``pickanumber calibrate`` does. ``retest(runs, ...)`` measures how steady the judge is:
the same works judged several times, and how far the final and the judge's own number move
from run to run, as ``pickanumber retest`` does.

``judge(work, rubric, {name: fn})`` runs the loop itself: the rubric's prompt with the work
after it goes to every judge callable at once, each answer is read, its evidence checked
against the work, and the passes combined (``Judgement``).

Adapters: ``pickanumber.inspect`` (inspect_ai scorer), ``pickanumber.deepeval``
(DeepEval metric) and ``pickanumber.promptfoo`` (promptfoo Python assertion).
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Literal, Mapping, Optional, Sequence, Tuple, Union, overload

from . import _native

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._native import ResultDict, ScoringOptions

__all__ = [
    "Analysis",
    "Answer",
    "CalibrationError",
    "Diagnostic",
    "EvidenceError",
    "JudgeError",
    "JudgeModel",
    "Judgement",
    "OptionError",
    "RetestError",
    "Rubric",
    "RubricError",
    "analyse",
    "calibrate",
    "combine",
    "judge",
    "judge_async",
    "retest",
    "__version__",
]

__version__: str = _native.__version__

#: The most bytes one input may have, as the command line reads it (64 MiB).
MAX_INPUT_BYTES = 64 * 1024 * 1024


class EvidenceError(ValueError):
    """Raised by ``analyse(..., strict=True)`` when the input has an error.

    ``line`` is the 1-based line of the first error (``None`` when it concerns no line; for a
    list of dicts, item N is on line N), ``message`` its text as the CLI's JSON gives it, and
    ``errors`` every error diagnostic in order.
    """

    def __init__(self, line: Optional[int], message: str, errors: "List[Diagnostic]") -> None:
        self.line = line
        self.message = message
        self.errors = errors
        where = f"line {line}: " if line is not None else ""
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(f"{where}{message}{more}")


class RubricError(ValueError):
    """Raised by ``Rubric.load`` and ``Rubric.parse`` when the rubric has errors.

    ``errors`` lists every error as ``(line, column, key, message)``; the exception's text has
    one error a line, ``FILE:LINE:COLUMN: KEY: MESSAGE`` as ``pickanumber rubric check`` prints
    them (``line L, column C: ...`` for text given to ``Rubric.parse`` without a name).
    """

    def __init__(self, errors: Sequence[Tuple[int, int, str, str, str]]) -> None:
        self.errors = [(line, col, key, msg) for line, col, key, msg, _ in errors]
        self.lines = [text for *_, text in errors]
        super().__init__("\n".join(self.lines))


class Diagnostic:
    """One message about the input: ``line`` (1-based, or ``None``), ``column`` (JSON input
    only, else ``None``), ``severity`` (``"error"``, ``"warning"`` or ``"note"``),
    ``message`` and ``kind``, the stable name a pipeline selects diagnostics by
    (``"thin_cell"``, ``"nothing_read"``: the list is in the output contract, docs/output.md);
    ``to_dict()`` has the same diagnostics as objects in ``errors``, ``warnings`` and
    ``notes``."""

    __slots__ = ("line", "column", "severity", "message", "kind")

    def __init__(
        self, line: Optional[int], column: Optional[int], severity: str, message: str, kind: str
    ) -> None:
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.kind = kind

    def __repr__(self) -> str:
        return (
            f"Diagnostic(line={self.line!r}, column={self.column!r}, "
            f"severity={self.severity!r}, message={self.message!r}, kind={self.kind!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Diagnostic):
            return NotImplemented
        return (self.line, self.column, self.severity, self.message, self.kind) == (
            other.line,
            other.column,
            other.severity,
            other.message,
            other.kind,
        )

    __hash__ = None  # type: ignore[assignment]


class Rubric:
    """A rubric: what is scored, pooled or matrix, the criteria with their weights and anchors,
    the perspectives, the traps and the formula's settings (see the docs' page on rubrics, ``docs/rubrics.md``).

    Make one with ``Rubric.load(path)`` or ``Rubric.parse(text)``; pass it to
    ``analyse(output, rubric=r)`` to score a judge's output in the rubric's mode with its
    weights, refusing criteria and perspectives it does not name.
    """

    __slots__ = ("_native", "path")

    def __init__(self, native: Any, path: Optional[str] = None) -> None:
        self._native = native
        self.path = path

    @classmethod
    def parse(cls, text: str, name: Optional[str] = None) -> "Rubric":
        """Read a rubric from TOML text (or JSON text, when it starts with ``{``).

        Raises ``RubricError`` listing every error; each starts with ``name:LINE:COLUMN:``
        when ``name`` is given, else ``line L, column C:``.
        """
        if not isinstance(text, str):
            raise TypeError(f"Rubric.parse takes the rubric's text as str, not {type(text).__name__}")
        native, errors = _native.parse_rubric(text, name)
        if native is None:
            raise RubricError(errors)
        return cls(native, name)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Rubric":
        """Read the rubric file at ``path`` (TOML, or JSON when it starts with ``{``).

        Raises ``RubricError`` (errors as ``PATH:LINE:COLUMN: KEY: MESSAGE``), ``OSError``
        when the file cannot be read, and ``ValueError`` when it is not UTF-8 or is larger
        than 64 MiB.
        """
        name = os.fspath(path)
        with open(name, "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
        if len(data) > MAX_INPUT_BYTES:
            raise ValueError(f"{name} is larger than 64 MiB, the most pickanumber reads from one input")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"{name} is not UTF-8 text (byte {e.start})") from None
        return cls.parse(text, name)

    @property
    def subject(self) -> str:
        """What is scored."""
        return self._native.subject

    @property
    def mode(self) -> str:
        """``"pooled"`` or ``"matrix"``."""
        return self._native.mode

    @property
    def weights(self) -> Dict[str, float]:
        """The criteria's weights as written, in the rubric's order (empty when pooled)."""
        return dict(self._native.weights)

    @property
    def perspectives(self) -> List[str]:
        """The perspectives, in the rubric's order."""
        return list(self._native.perspectives)

    def prompt(self, work: Optional[Union[str, Mapping[str, str]]] = None) -> str:
        """The judge prompt (markdown), as ``pickanumber rubric prompt`` prints it.

        With ``work`` (the text judged, or ``{path: text}`` for files), the prompt is followed
        by the work under a "## The work" heading, as the quick start says to send it: a text
        as it is, files under their paths with numbered lines so that ``path:line`` can be
        cited. This is the prompt ``judge`` sends.
        """
        text, path, files = _work(work)
        if path is not None:
            raise TypeError("work must be the judged text (str) or {path: text}: read the file first")
        return self._native.prompt(text=text, files=files)

    def schema(self) -> Dict[str, Any]:
        """The JSON Schema of the judge's output (draft 2020-12, in the subset that OpenAI's,
        Anthropic's and Gemini's structured outputs enforce), as a dict in writing order."""
        return json.loads(self._native.schema())

    def schema_text(self) -> str:
        """The JSON Schema as the text ``pickanumber rubric schema`` prints."""
        return self._native.schema()

    def to_dict(self) -> Dict[str, Any]:
        """The rubric as a dict, the structure of its TOML (it reads back as the same rubric
        when written as JSON)."""
        return json.loads(self._native.to_json())

    def to_toml(self) -> str:
        """The rubric as TOML text that reads back as the same rubric."""
        return self._native.to_toml()

    def __repr__(self) -> str:
        return f"Rubric(subject={self.subject!r}, mode={self.mode!r})"


class Analysis:
    """The result of ``analyse``: the score, its confidence, and everything the CLI prints.

    Attributes read from the JSON object ``pickanumber score`` prints (``to_dict()``):
    ``final`` (the headline: the final in pooled and feedback mode, the overall in matrix
    mode; an ``int`` when rounded, ``None`` when no item was read), ``confidence``,
    ``mode``, ``interval``, ``criteria`` and ``passes``. ``diagnostics`` lists every error,
    warning and note with its line.
    """

    __slots__ = ("_e",)

    def __init__(self, evaluation: Any) -> None:
        self._e = evaluation

    @property
    def final(self) -> Union[int, float, None]:
        """The headline score from 0 to 100 (``None`` when no item was read)."""
        return self._e.get("final")

    @property
    def confidence(self) -> Optional[float]:
        """The headline's confidence from 0 to 1: items / denominator, at most 1."""
        return self._e.get("confidence")

    @property
    def mode(self) -> str:
        """``"pooled"``, ``"matrix"`` or ``"feedback"``: the mode the input was scored in."""
        return self._e.get("mode")

    @property
    def interval(self) -> Optional[Tuple[float, float]]:
        """The headline's 90 % bootstrap interval ``(low, high)``: the JSON's ``interval``;
        ``None`` when there is no score, or when ``interval=False`` left it out (then
        ``to_dict()`` has no ``interval`` key)."""
        value = self._e.get("interval")
        return None if value is None else tuple(value)  # type: ignore[return-value]

    @property
    def criteria(self) -> List[Dict[str, Any]]:
        """Matrix mode: one dict per criterion (``name``, ``weight``, ``final``,
        ``confidence``, ...), as in the JSON; empty in the other modes."""
        return self._e.get("criteria") or []

    @property
    def passes(self) -> List[Dict[str, Any]]:
        """The JSON's ``passes`` (one dict per judge's pass), empty when it has none."""
        return self._e.get("passes") or []

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """Every error, warning and note, in the order the reader found them."""
        return [Diagnostic(*d) for d in self._e.diagnostics()]

    @property
    def errors(self) -> List[Diagnostic]:
        """The diagnostics whose severity is ``"error"``."""
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def passed(self) -> bool:
        """Whether the gate (the thresholds among the scoring options given) passed; ``True``
        when none was set and a score exists without errors."""
        return self._e.exit_code == 0

    @property
    def misses(self) -> List[str]:
        """The gate's checks that missed, as sentences that each end with the keyword
        argument it checks, spelled ``name=``."""
        return list(self._e.misses)

    @property
    def exit_code(self) -> int:
        """The exit status ``pickanumber score`` gives: 1 with item errors, 3 when the gate
        missed, else 0."""
        return self._e.exit_code

    def to_dict(self) -> "ResultDict":
        """The JSON object ``pickanumber score`` prints for the same input and options, as a
        new dict with the keys in the same order (``json.dumps`` of it gives the same JSON).
        Its shape is the output contract (``schema_version`` 1): every diagnostic in
        ``errors``, ``warnings`` and ``notes`` is a dict with ``kind``, ``severity``,
        ``message``, and ``line`` and ``column`` where it has them."""
        return self._e.to_dict()

    def report(self) -> str:
        """The markdown report ``pickanumber score --report`` prints: headline, working,
        diagnostics and every item (a rubric's traps as a checklist at the end)."""
        return self._e.report()

    def __repr__(self) -> str:
        return f"Analysis(final={self.final!r}, confidence={self.confidence!r}, mode={self.mode!r})"


Items = Union[str, Iterable[Mapping[str, Any]]]

_ITEM_KEYS = ("impact", "text", "criterion", "perspective", "evidence")


def _items_text(items: Items) -> str:
    """The text the reader reads: a ``str`` as given; a list of dicts as a JSON list with item
    N on line N, so that every message's line is the item's number."""
    if isinstance(items, str):
        return items
    if isinstance(items, (bytes, bytearray)):
        raise TypeError("analyse takes text as str: decode the bytes first (items.decode('utf-8'))")
    if isinstance(items, Mapping):
        raise TypeError(
            "analyse takes text or a list of item dicts; for one item write [item]"
        )
    try:
        rows = list(items)
    except TypeError:
        raise TypeError(
            f"analyse takes text or a list of item dicts, not {type(items).__name__}"
        ) from None
    for n, row in enumerate(rows, 1):
        if not isinstance(row, Mapping):
            raise TypeError(f"item {n} is a {type(row).__name__}, not a dict with an impact")
        unknown = [k for k in row if k not in _ITEM_KEYS]
        if unknown:
            raise ValueError(
                f"item {n}: unknown key {unknown[0]!r}: use {', '.join(_ITEM_KEYS)}"
            )
    try:
        return "[" + ",\n".join(json.dumps(dict(r), ensure_ascii=False, allow_nan=False) for r in rows) + "]"
    except (TypeError, ValueError) as e:
        raise ValueError(f"an item cannot be written as JSON: {e}") from None


Work = Union[str, "os.PathLike[str]", Mapping[str, str], None]
"""The judged work of ``against=``: a text, a path, or ``{path: text}``."""


def analyse(items: Items, **options: Unpack[ScoringOptions]) -> Analysis:
    """Score evidence items with the fixed formula; the same numbers as ``pickanumber score``.

    items
        Text in any format the CLI reads (item lines such as ``+3 has tests``, JSON items,
        ``{"items": [...]}``, the four-bucket feedback JSON, CSV/TSV with an ``impact``
        column, a markdown table), or a list of dicts with the keys ``impact`` (+5, +3, +2,
        +1, -1, -2, -3 or -5), ``text``, ``criterion``, ``perspective`` and ``evidence``.
    options
        The scoring options, the command line's flags as keywords (``mode="matrix"``,
        ``fail_under=70``, ``against=pathlib.Path("src")``): the stubs' ``ScoringOptions`` and
        the Python page of the docs list each with its help, from the core's one table. ``None`` leaves an option out. A
        ``rubric`` is a ``Rubric``; ``against`` the judged work as a text, a
        ``pathlib.Path`` or ``{path: text}``. With ``strict=True`` any item error
        raises ``EvidenceError`` (with ``line`` and ``message``) instead of returning. A gate miss
        does not raise: ``passed`` is False and ``misses`` says why.

    Returns an ``Analysis``: ``final``, ``confidence``, ``mode``, ``criteria``,
    ``diagnostics``, ``to_dict()`` (the CLI's JSON) and ``report()`` (its markdown report).
    A bad option raises ``OptionError`` (a ``ValueError``) whose ``kind`` says what is wrong
    (``unknown_option``, ``out_of_range``, ``needs_option``, ...), with the allowed values.
    """
    return _run(_items_text(items), options)


def combine(
    passes: Union[Mapping[str, Items], Iterable[Tuple[str, Items]]],
    **options: Unpack[ScoringOptions],
) -> Analysis:
    """Combine several judges' passes into one score, as ``pickanumber combine`` does.

    passes
        ``{"claude": items, "gpt": items}`` or ``[("claude", items), ...]``: each pass a
        judge's name and its items (text in any input format, or a list of item dicts).

    The headline is the formula over every pass's items together (per criterion in matrix
    mode; an observation two judges both found counts once); ``passes`` lists each pass's own
    headline, and ``to_dict()`` adds the CLI's ``passes``, ``spread``, ``disagreements``,
    ``alpha`` and ``duplicates`` keys. The options are ``analyse``'s.
    """
    pairs = list(passes.items()) if isinstance(passes, Mapping) else list(passes)
    texts = []
    for n, pair in enumerate(pairs, 1):
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise TypeError(f"pass {n} is not a (name, items) pair")
        texts.append((pair[0], _items_text(pair[1])))
    return _run(texts, options)


def _number(name: str, value: Any) -> None:
    """Refuses a bool where a number is expected: Python counts ``True`` as 1, but a setting,
    a threshold or a weight of ``True`` is a mistake, not a number."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, not a bool ({value})")


def _work(against: Work) -> Tuple[Optional[str], Optional[str], Optional[List[Tuple[str, str]]]]:
    """``against=`` as the native call takes it: (text, path, files), one of them given."""
    if against is None:
        return None, None, None
    if isinstance(against, os.PathLike):
        return None, os.fspath(against), None
    if isinstance(against, str):
        if "\n" not in against and against.strip() and os.path.exists(against):
            # A one-line str naming a file or folder is almost surely meant as one; as the
            # text itself every quote of the items would be refused.
            raise ValueError(
                f"against={against!r} names a path: give pathlib.Path({against!r}) to check against "
                "that file or folder, or the work's text itself"
            )
        return against, None, None
    if isinstance(against, Mapping):
        files = []
        for path, text in against.items():
            if not isinstance(path, str) or not isinstance(text, str):
                raise TypeError(f"against: {path!r} must map a path (str) to its text (str)")
            files.append((path, text))
        return None, None, files
    raise TypeError(
        f"against must be the work's text (str), a path (pathlib.Path) or {{path: text}}, not {type(against).__name__}"
    )


#: The scoring options' names, in the table's order (the core's table, read once).
SCORING_OPTIONS: Tuple[str, ...] = tuple(o[0] for o in _native.scoring_options())

OptionError = _native.OptionError


def _run(
    native_input: Any,
    options: Mapping[str, Any],
    graders: Optional[str] = None,
    min_judges: Optional[int] = None,
    prompt: Optional[str] = None,
) -> Any:
    """The native evaluation of a text or of (name, text) pairs, and the strict check; with
    ``graders`` (the JSON of the graders' outcomes, the work in ``against``), the judge loop's
    native verdict as ``_native.judge_verdict`` returns it. The options are read by the core's
    table (every name, value and combination checked there)."""
    given = dict(options)
    if isinstance(given.get("rubric"), Rubric):
        given["rubric"] = given["rubric"]._native
    if graders is not None:
        _number("min_judges", min_judges)
        return _native.judge_verdict(graders, min_judges, prompt=prompt, options=given)
    e = _native.evaluate(native_input, given)
    analysis = Analysis(e)
    if given.get("strict") and e.has_errors:
        errors = analysis.errors
        raise EvidenceError(errors[0].line, errors[0].message, errors)
    return analysis


class CalibrationError(ValueError):
    """Raised by ``calibrate`` when the gold set cannot be used: ``errors`` lists every bad line
    as ``GOLD:LINE: message``, as ``pickanumber calibrate`` prints them."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


def calibrate(
    gold: Union[str, "os.PathLike[str]"],
    *,
    human_scale: str = "0:100",
    naive_scale: str = "0:100",
    rubric: Optional[Rubric] = None,
    folds: int = 5,
    min_agreement: Optional[float] = None,
) -> Dict[str, Any]:
    """Calibrates against the gold set at ``gold`` (JSON Lines, one subject a line:
    ``{"id": "s1", "human": 72, "output": "..."}``) and returns the card, the object
    ``pickanumber calibrate`` prints: the agreement of the finals with the mean human score
    (under the defaults, and held out under the fitted settings), the naive number's, the
    raters' alpha, and ``fit.fitted`` (``{"denominator", "scale"}``); ``verdict`` when
    ``min_agreement`` is given (the held-out Spearman's rho against it). A line's optional
    ``"work"`` (the judged work as text, or ``{"path": ...}`` a file or folder beside the gold
    file) checks its output's evidence as ``against=`` does, and ``evidence`` gives the
    invented-evidence rate over the subjects that have one. A subject whose output gives no
    score is left out of every figure and listed in the card's ``left_out`` with its line.

    Raises ``CalibrationError`` naming every bad line, and ``ValueError`` for a scale that is
    not ``LOW:HIGH`` or a file that cannot be read.
    """
    if isinstance(folds, bool) or not isinstance(folds, int) or folds < 2:
        raise ValueError(f"folds must be a whole number of at least 2, not {folds!r}")
    if min_agreement is not None:
        _number("min_agreement", min_agreement)
    card, errors = _native.calibrate(
        os.fspath(gold),
        human_scale=human_scale,
        naive_scale=naive_scale,
        rubric=None if rubric is None else rubric._native,
        folds=folds,
        min_agreement=None if min_agreement is None else float(min_agreement),
    )
    if card is None:
        raise CalibrationError(errors)
    return json.loads(card)


class RetestError(ValueError):
    """Raised by ``retest`` when a run cannot be used: ``errors`` lists every bad run as
    ``RUNS:LINE: work "ID": message``, as ``pickanumber retest`` prints them."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


@overload
def retest(
    runs: Union[str, "os.PathLike[str]"],
    *,
    fail_under: Optional[float] = ...,
    naive_scale: str = ...,
    by: Optional[str] = ...,
    rubric: Optional[Rubric] = ...,
    against: Union[None, str, "os.PathLike[str]"] = ...,
    report: Literal[False] = ...,
) -> Dict[str, Any]: ...
@overload
def retest(
    runs: Union[str, "os.PathLike[str]"],
    *,
    fail_under: Optional[float] = ...,
    naive_scale: str = ...,
    by: Optional[str] = ...,
    rubric: Optional[Rubric] = ...,
    against: Union[None, str, "os.PathLike[str]"] = ...,
    report: Literal[True],
) -> str: ...
def retest(
    runs: Union[str, "os.PathLike[str]"],
    *,
    fail_under: Optional[float] = None,
    naive_scale: str = "0:100",
    by: Optional[str] = None,
    rubric: Optional[Rubric] = None,
    against: Union[None, str, "os.PathLike[str]"] = None,
    report: bool = False,
) -> Union[Dict[str, Any], str]:
    """Retests the judge on the runs file at ``runs`` (JSON Lines, one judging a line:
    ``{"work": "pr-1", "output": "...", "naive": 70}``, at least two runs a work) and returns
    the object ``pickanumber retest --json`` prints: per work every run's final, their spread
    and whether they fall on both sides of ``fail_under``; overall ``final_sd``, ``naive_sd``,
    ``flip_rate`` and ``naive_flip_rate``, each ``{"value", "low", "high", "works"}`` with a
    bootstrap interval over the works. ``naive_scale="1:10"`` maps the naive numbers onto
    0-100; ``by="probe"`` groups the runs by that key's label and adds the shift of the final
    between the groups. ``report=True`` returns the markdown report instead.

    A run's ``"against"`` (the work's text, or ``{"path": ...}`` relative to the runs file's
    folder) is the judged work its evidence is checked against, as ``score`` checks it:
    items citing what the work lacks are left out before scoring. ``against=PATH`` is the
    work of every run that names none. The result's ``"evidence"`` says how many runs were
    checked; runs with no work are scored unchecked.

    The judge loop (``judge``) does not write runs files yet: collect the answers of repeated
    calls yourself, one line each.

    Raises ``RetestError`` naming every bad run (an answer that gives no score, a work with
    one run), and ``ValueError`` for a bad option or a file that cannot be read.
    """
    if fail_under is not None:
        _number("fail_under", fail_under)
    if by is not None and not isinstance(by, str):
        raise ValueError(f"by must be a key (a string), not {by!r}")
    text, markdown, errors = _native.retest(
        os.fspath(runs),
        fail_under=None if fail_under is None else float(fail_under),
        naive_scale=naive_scale,
        by=by,
        rubric=None if rubric is None else rubric._native,
        against=None if against is None else os.fspath(against),
    )
    if text is None or markdown is None:
        raise RetestError(errors)
    return markdown if report else json.loads(text)


from ._judge import Answer, JudgeError, JudgeModel, Judgement, judge, judge_async  # noqa: E402  (needs the names above)
