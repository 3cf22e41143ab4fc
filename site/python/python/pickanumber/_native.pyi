"""Type stubs of the extension module: the Python layer (``pickanumber``) is the public API."""

import os
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, TypedDict, Union

from typing_extensions import NotRequired

__version__: str

# The object `pickanumber score` prints, as ``to_dict()`` returns it: the output contract
# (schema/result.schema.json in the repository). A test checks every TypedDict below against
# the schema's keys; each enumeration's block is written from the schema by
# `INSTA_UPDATE=always cargo test -p pickanumber-result --test schema`.

# generated from schema/result.schema.json: Mode
Mode = Literal["auto", "pooled", "matrix", "feedback"]
# end of generated Mode
# generated from schema/result.schema.json: Format
Format = Literal["lines", "json", "feedback_json", "spreadsheet", "markdown_table"]
# end of generated Format
# generated from schema/result.schema.json: Bucket
Bucket = Literal["working", "not_working", "missing", "confusing"]
# end of generated Bucket
# generated from schema/result.schema.json: Impact
Impact = Literal[5, 3, 2, 1, -1, -2, -3, -5]
# end of generated Impact
# generated from schema/result.schema.json: Status
Status = Literal["verified", "located", "not_found", "not_checkable", "no_evidence"]
# end of generated Status
# generated from schema/result.schema.json: Kind
Kind = Literal[
    "item",
    "weights",
    "params",
    "ignored",
    "unused_keys",
    "criteria_set_aside",
    "empty_criterion",
    "weights_normalised",
    "self_check",
    "saturation",
    "crowded_cell",
    "thin_cell",
    "nothing_read",
    "strict",
    "empty_input",
    "fenced",
    "report_mismatch",
    "report_subset",
    "pass",
    "duplicate",
    "evidence",
    "work_skipped",
]
# end of generated Kind
# generated from schema/result.schema.json: Severity
Severity = Literal["error", "warning", "note"]
# end of generated Severity
# generated from schema/result.schema.json: AlphaLevel
AlphaLevel = Literal["reliable", "tentative", "unreliable"]
# end of generated AlphaLevel

Number = Union[int, float]

DiagnosticDict = TypedDict(
    "DiagnosticDict",
    {
        "kind": Kind,
        "severity": Severity,
        "line": NotRequired[int],
        "column": NotRequired[int],
        "message": str,
    },
)

class PooledDict(TypedDict):
    """The figures of one pool of items; ``final`` is an integer when the settings round."""

    net_impact: int
    total_items: int
    normalized: float
    raw: float
    density: float
    multiplier: float
    final: Number
    final_unrounded: float
    confidence: float

class CriterionDict(PooledDict):
    """One criterion of a matrix score: its pool, name and weight."""

    name: str
    weight: float

BucketDict = TypedDict(
    "BucketDict",
    {
        "bucket": Bucket,
        "items": List[Dict[str, Any]],
        "running": PooledDict,
    },
)

class EvidenceCountsDict(TypedDict):
    """The counts of each evidence status; ``invented_rate`` is None when no item was checkable."""

    verified: int
    located: int
    not_found: int
    not_checkable: int
    no_evidence: int
    invented_rate: Optional[float]
    left_out: int

class EvidenceDict(EvidenceCountsDict):
    """Every item's evidence checked against the work, with the counts."""

    skipped: List[str]
    items: List[Dict[str, Any]]

PassDict = TypedDict(
    "PassDict",
    {
        "name": str,
        "line": Optional[int],
        "final": Optional[Number],
        "final_unrounded": Optional[float],
        "confidence": Optional[float],
        "interval": NotRequired[Optional[List[Number]]],
        "total_items": int,
        "evidence": NotRequired[EvidenceCountsDict],
        "criteria": NotRequired[List[Dict[str, Any]]],
    },
)
SpreadDict = TypedDict(
    "SpreadDict",
    {
        "criterion": Optional[str],
        "lowest": Number,
        "highest": Number,
        "spread": Number,
        "passes": int,
    },
)
DisagreementDict = TypedDict(
    "DisagreementDict",
    {
        "criterion": Optional[str],
        "perspective": Optional[str],
        "passes": List[Dict[str, Any]],
    },
)
DuplicateDict = TypedDict(
    "DuplicateDict",
    {
        "pass": str,
        "line": int,
        "counted_from": Dict[str, Any],
    },
)
GateDict = TypedDict(
    "GateDict",
    {
        "fail_under": Optional[float],
        "min_confidence": Optional[float],
        "require_self_check": bool,
        "passed": bool,
        "misses": List[str],
        "max_unverified": NotRequired[float],
        "require_card": NotRequired[Dict[str, str]],
    },
)
GraderDict = TypedDict(
    "GraderDict",
    {
        "name": str,
        "model": Optional[str],
        "temperature": Optional[float],
        "max_tokens": Optional[int],
    },
)
FitDict = TypedDict(
    "FitDict",
    {
        "gold": str,
        "settings": str,
    },
)
CardDict = TypedDict(
    "CardDict",
    {
        "tool": str,
        "version": str,
        "settings": str,
        "rubric": Optional[str],
        "prompt": Optional[str],
        "schema": Optional[str],
        "work": Optional[str],
        "graders": List[GraderDict],
        "fit": Optional[FitDict],
    },
)
ResultDict = TypedDict(
    "ResultDict",
    {
        "schema_version": int,
        "mode": Mode,
        "format": Format,
        "final": Optional[Number],
        "final_unrounded": Optional[float],
        "confidence": Optional[float],
        "net_impact": NotRequired[int],
        "total_items": NotRequired[int],
        "normalized": NotRequired[float],
        "raw": NotRequired[float],
        "density": NotRequired[float],
        "multiplier": NotRequired[float],
        "buckets": NotRequired[List[BucketDict]],
        "overall": NotRequired[Number],
        "overall_unrounded": NotRequired[float],
        "overall_confidence": NotRequired[float],
        "span": NotRequired[float],
        "self_check": NotRequired[bool],
        "criteria": NotRequired[List[CriterionDict]],
        "weights_error": NotRequired[str],
        "pooled": NotRequired[PooledDict],
        "interval": NotRequired[Optional[List[Number]]],
        "passes": NotRequired[List[PassDict]],
        "spread": NotRequired[List[SpreadDict]],
        "disagreements": NotRequired[List[DisagreementDict]],
        "alpha": NotRequired[Optional[float]],
        "alpha_level": NotRequired[Optional[AlphaLevel]],
        "duplicates": NotRequired[List[DuplicateDict]],
        "evidence": NotRequired[EvidenceDict],
        "errors": List[DiagnosticDict],
        "ignored": List[int],
        "warnings": List[DiagnosticDict],
        "notes": List[DiagnosticDict],
        "card": NotRequired[CardDict],
        "gate": NotRequired[GateDict],
    },
)

class Evaluation:
    def to_dict(self) -> ResultDict: ...
    def get(self, key: str) -> Any: ...
    def report(self) -> str: ...
    def diagnostics(self) -> List[Tuple[Optional[int], Optional[int], str, str, Kind]]: ...
    @property
    def misses(self) -> List[str]: ...
    @property
    def exit_code(self) -> int: ...
    @property
    def scored(self) -> bool: ...
    @property
    def has_errors(self) -> bool: ...

class Rubric:
    def prompt(self, text: Optional[str] = None, files: Optional[List[Tuple[str, str]]] = None) -> str: ...
    def schema(self) -> str: ...
    def to_json(self) -> str: ...
    def to_toml(self) -> str: ...
    def notes(self) -> List[str]: ...
    def trap_checklist(self) -> str: ...
    @property
    def subject(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def weights(self) -> List[Tuple[str, float]]: ...
    @property
    def perspectives(self) -> List[str]: ...

# generated from the scoring options table (site/result/src/table.rs): ScoringOptions
#: What is wrong with an option, as `OptionError.kind` says it.
OptionErrorKind = Literal[
    "unknown_option",
    "wrong_type",
    "out_of_range",
    "unknown_name",
    "bad_weights",
    "bad_rubric",
    "bad_work",
    "bad_card",
    "needs_option",
    "conflicting_options",
]

class ScoringOptions(TypedDict, total=False):
    """The scoring options of `analyse`, `combine` and `judge`."""

    mode: Optional[str]
    """How items combine; left out, auto decides from the input (buckets: feedback; criteria or weights: matrix; else pooled)."""
    preset: Optional[str]
    """Criteria and weights of a preset matrix."""
    weights: Union[str, Mapping[str, float], None]
    """Criterion weights, such as craft=0.6,depth=0.4 (divided by their sum if it is not 1)."""
    rubric: Optional[Any]
    """Score against a rubric: its mode, weights and settings; items naming a criterion or perspective outside it are errors. Cannot be combined with mode, preset or weights."""
    strict: bool
    """Read strictly, for pipelines: every line that is not an item, a heading, a weights line or blank is an error instead of a note."""
    fail_under: Optional[float]
    """The gate: the headline (the final; the overall in matrix mode) must be at least this score, else the gate misses."""
    min_confidence: Optional[float]
    """The gate: the headline's confidence must be at least this (0 to 1)."""
    require_self_check: bool
    """The gate: the matrix self-check must pass (criteria finals at least 20 points apart)."""
    denominator: Optional[float]
    """Items for full confidence: the density is the items divided by this (default 20, or the rubric's)."""
    scale: Optional[float]
    """Points of raw score per unit of normalised evidence (default 8, or the rubric's)."""
    interval: bool
    """The bootstrap interval of the headline and of each pass, on by default; off skips the resampling, most of the time a score takes, and the result has no interval key."""
    against: Union[str, "os.PathLike[str]", Mapping[str, str], None]
    """Check every item's evidence against the judged work (a file's text, or a folder as a tree of files) before anything is counted."""
    unverified: Optional[str]
    """drop (the default) leaves out items whose evidence is not in the work; keep counts them, flagged."""
    require_evidence: bool
    """Leave out items that cite no evidence too."""
    require_quotes: bool
    """Count only verified items, leaving out located ones (a place and no quotation), not_checkable and no_evidence ones too."""
    max_unverified: Optional[float]
    """The gate: the share of checkable items whose evidence is not in the work must be at most this rate (0 to 1), overall and for each pass."""
    require_card: Optional[Mapping[str, str]]
    """The gate: the result's card must hold each value in its field (version, settings, rubric, prompt, schema or work)."""
# end of generated ScoringOptions

class OptionError(ValueError):
    """A bad scoring option."""

    kind: OptionErrorKind

def evaluate(
    input: Union[str, Sequence[Tuple[str, str]]], options: Optional[Mapping[str, Any]] = None
) -> Evaluation: ...
def scoring_options() -> List[Tuple[str, str, List[str], str, str]]: ...
def cache_open(dir: Union[str, "os.PathLike[str]"]) -> None: ...
def cache_lookup(
    dir: Union[str, "os.PathLike[str]"], prompt: str, schema: str, grader_json: str
) -> Tuple[Optional[str], Optional[str]]: ...
def cache_save(
    dir: Union[str, "os.PathLike[str]"], prompt: str, schema: str, grader_json: str, outcome_json: str
) -> Optional[str]: ...
def judge_verdict(
    graders: str,
    min_judges: Optional[int] = None,
    prompt: Optional[str] = None,
    options: Optional[Mapping[str, Any]] = None,
) -> Tuple[Optional[Evaluation], Dict[str, Any], str]: ...
def parse_rubric(
    text: str, name: Optional[str] = None
) -> Tuple[Optional[Rubric], List[Tuple[int, int, str, str, str]]]: ...
def calibrate(
    path: str,
    *,
    human_scale: str = "0:100",
    naive_scale: str = "0:100",
    rubric: Optional[Rubric] = None,
    folds: int = 5,
    min_agreement: Optional[float] = None,
) -> Tuple[Optional[str], List[str]]: ...
def retest(
    path: str,
    *,
    fail_under: Optional[float] = None,
    naive_scale: str = "0:100",
    by: Optional[str] = None,
    rubric: Optional[Rubric] = None,
    against: Optional[str] = None,
) -> Tuple[Optional[str], Optional[str], List[str]]: ...
