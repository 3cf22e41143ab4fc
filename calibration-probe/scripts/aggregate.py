#!/usr/bin/env python3
"""Classifies how a judge model uses a rating scale, from a folder of repeated runs.

The standard library alone (it runs under `python3 -S`). It reads run-*.json files (each
{"scores": [7, 9, ...], "summary": "..."} or {"parse_failed": true, "error": "..."}, or a
bare list of numbers) and an items file ({"name": ..., "scale_min": 1, "scale_max": 10,
"items": [...]}, by default items.json beside this script's folder: the project's probe set),
and computes what `pickanumber probe` computes, to the same bytes:

    python3 scripts/aggregate.py --runs-dir runs --json       # aggregate.json on stdout
    python3 scripts/aggregate.py --runs-dir runs --out runs   # writes aggregate.json and REPORT.md

Exit status: 0 every run was read, 1 some run failed (each named on stderr; the outputs are
still written), 2 a usage error, a missing or invalid folder or items file, or a run file this
script does not read as pickanumber does (a run wrapped in a fenced block with prose around
it: run `pickanumber probe` for those).
"""

import math
import json
import os
import sys
import tempfile
from fractions import Fraction

MAX_RATING = 1000000000
MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 127
MAX_SCALE_POINTS = 1000
MAX_FAILED_PERCENT = 25
PICKANUMBER = "pickanumber probe"

# The rules, first match wins: (regime, [(metric, op, threshold)]).
RULES = [
    ("JITTERY", [("mean_per_item_std", ">=", 2.5)]),
    ("INFLATION_LIKELY", [("ceiling_rate", ">=", 0.25), ("floor_rate", "<", 0.05)]),
    ("DEFLATION_LIKELY", [("floor_rate", ">=", 0.25), ("ceiling_rate", "<", 0.05)]),
    ("PICKS_A_NUMBER", [("range", "<=", 2)]),
    ("CALIBRATED", [("range", ">=", 5), ("floor_rate", ">=", 0.05), ("ceiling_rate", "<", 0.35)]),
    ("AMBIGUOUS", []),
]

# What each regime means for the judging pipeline (the site's rule from regime to pipeline).
ADVICE = {
    "INFLATION_LIKELY": "the case the method was built for: run every stage, with the warnings "
    "against generosity at full strength",
    "DEFLATION_LIKELY": "run every stage, with the warnings against generosity toned down",
    "CALIBRATED": "the lighter touch (evidence items, the square root, the pull toward the "
    "centre), or every stage without the warnings against generosity",
    "AMBIGUOUS": "run every stage with the warnings at half strength, and flag any criterion "
    "whose positive-to-negative item ratio passes 2:1 either way",
    "PICKS_A_NUMBER": "change the model, or accept a weak signal",
    "JITTERY": "average three to five runs first, or change the model",
}


class Stop(Exception):
    """A usage or file error: the message, exit status 2."""


class Num:
    """A JSON number with its text, as pickanumber reads ratings from the text."""

    def __init__(self, text):
        if not text.isascii():
            raise ValueError("the number %s is not ASCII digits" % text)
        self.text = text


def _constant(name):
    raise ValueError("%s is not JSON" % name)


def parse_json(text):
    """JSON as pickanumber's reader takes it: numbers kept as text, no NaN or Infinity, no
    lone surrogate, nesting at most MAX_DEPTH deep. ValueError otherwise."""
    try:
        value = json.loads(text, parse_float=Num, parse_int=Num, parse_constant=_constant)
    except RecursionError:
        raise ValueError("lists and objects nest more than %d deep" % MAX_DEPTH)
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth > MAX_DEPTH:
                raise ValueError("lists and objects nest more than %d deep" % MAX_DEPTH)
            children = v.items() if isinstance(v, dict) else enumerate(v)
            for k, child in children:
                if isinstance(k, str):
                    stack.append((k, depth))
                stack.append((child, depth + 1))
        elif isinstance(v, str) and any("\ud800" <= c <= "\udfff" for c in v):
            raise ValueError("a string holds a lone surrogate escape")
    return value


def kind(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Num):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "a list"
    return "an object"


# ---- ratings -------------------------------------------------------------------------------


class Rating:
    """A rating as written: an integer, or a float for a number with a point or exponent."""

    __slots__ = ("value", "is_int")

    def __init__(self, value, is_int):
        self.value, self.is_int = value, is_int

    def truncated(self):
        return self.value if self.is_int else int(math.trunc(self.value))

    def minus(self, other):
        if self.is_int and other.is_int:
            return Rating(self.value - other.value, True)
        return Rating(float(self.value) - float(other.value), False)

    def json(self):
        return self.value if self.is_int else float(self.value)


def truncate_text(text):
    """The integer part of a decimal text, or None past MAX_RATING: exact, on the text."""
    import decimal

    whole = int(decimal.Decimal(text).to_integral_value(rounding=decimal.ROUND_DOWN))
    return whole if abs(whole) <= MAX_RATING else None


def rating(text):
    """A JSON number's text -> (Rating, None) or (None, why the run fails)."""
    import decimal

    if truncate_text(text) is None:
        return None, "too large"
    if not any(c in text for c in ".eE"):
        return Rating(int(text), True), None
    d = decimal.Decimal(text)
    if d != 0 and -323 <= d.adjusted() + 1 <= -300:
        return None, "too small"
    value = float(text)
    if not math.isfinite(value) or abs(math.trunc(value)) > MAX_RATING:
        return None, "too large"
    return Rating(value, False), None


def truthy(v):
    if v is None:
        return False
    if isinstance(v, bool):
        return v
    if isinstance(v, Num):
        mantissa = v.text.replace("E", "e").split("e")[0]
        return any(c in "123456789" for c in mantissa)
    return len(v) > 0


def outcome(text):
    """A run file's text -> ("scored", [Rating]) or ("failed", why)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    for line in text.split("\n"):
        plain = line[: len(line) - len(line.lstrip(" "))][:3]
        rest = line[len(plain):]
        if rest.startswith("```") or rest.startswith("~~~"):
            raise Stop(
                "a run file holds a fenced block; this script reads run files that are JSON "
                "alone (run %s for runs wrapped in prose)" % PICKANUMBER
            )
    try:
        value = parse_json(text)
    except ValueError as e:
        return "failed", "not valid JSON: %s" % e
    if isinstance(value, list):
        return scores_of(value)
    if isinstance(value, dict):
        if truthy(value.get("parse_failed")):
            error = value.get("error")
            return "failed", "marked parse_failed" + (": " + error if isinstance(error, str) else "")
        scores = value.get("scores")
        if "scores" not in value:
            return "failed", 'no "scores" list'
        if not isinstance(scores, list):
            return "failed", '"scores" is %s, not a list of numbers' % kind(scores)
        return scores_of(scores)
    return "failed", "%s is not a run" % kind(value)


def scores_of(entries):
    out = []
    for position, entry in enumerate(entries, 1):
        if not isinstance(entry, Num):
            return "failed", "score %d is %s, not a number" % (position, kind(entry))
        r, why = rating(entry.text)
        if r is None:
            return "failed", "score %d is %s (%s)" % (position, entry.text, why)
        out.append(r)
    return "scored", out


# ---- the items file --------------------------------------------------------------------------


def read_items(path):
    if not os.path.exists(path):
        raise Stop("items file not found: %s" % path)
    data = read_bounded(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Stop("items file %s: not UTF-8 text" % path)
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = parse_json(text)
    except ValueError as e:
        raise Stop("items file %s: not valid JSON: %s" % (path, e))
    if not isinstance(value, dict):
        raise Stop("items file %s: %s is not an items file" % (path, kind(value)))
    name = value.get("name")
    if name is not None and not isinstance(name, str):
        raise Stop('items file %s: "name" is %s, not a string' % (path, kind(name)))

    def bound(key, default):
        if key not in value:
            return default
        v = value[key]
        if not isinstance(v, Num):
            raise Stop('items file %s: "%s" is %s, not a number' % (path, key, kind(v)))
        t = truncate_text(v.text)
        if t is None:
            raise Stop('items file %s: "%s" is out of range' % (path, key))
        return t

    lo, hi = bound("scale_min", 1), bound("scale_max", 10)
    if lo > hi:
        raise Stop("items file %s: scale_min %d is above scale_max %d" % (path, lo, hi))
    if hi - lo + 1 > MAX_SCALE_POINTS:
        raise Stop("items file %s: the scale has more than %d points" % (path, MAX_SCALE_POINTS))
    items = value.get("items")
    if items is None:
        items = []
    if not isinstance(items, list):
        raise Stop('items file %s: "items" is %s, not a list' % (path, kind(items)))
    for i, item in enumerate(items, 1):
        if not isinstance(item, str):
            raise Stop("items file %s: item %d is %s, not a string" % (path, i, kind(item)))
    return name, lo, hi, items


# ---- the runs folder ---------------------------------------------------------------------------


def read_bounded(path):
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise Stop("cannot read %s: %s" % (path, e.strerror or e))
    if len(data) > MAX_BYTES:
        raise Stop("%s holds more than 64 MiB, the most this script reads" % path)
    return data


def check_runs_dir(folder):
    if not os.path.exists(folder):
        raise Stop("runs folder not found: %s" % folder)
    if not os.path.isdir(folder):
        raise Stop("runs folder %s is not a folder" % folder)


def read_runs(folder):
    """[(label, ("scored", ratings) | ("failed", why))] in byte order of the names."""
    check_runs_dir(folder)
    names = [
        n for n in os.listdir(folder) if n.startswith("run-") and n.endswith(".json")
    ]
    odd = []
    for n in names:
        p = os.path.join(folder, n)
        if os.path.islink(p) and not os.path.exists(p):
            odd.append("%s is a symbolic link to nothing" % p)
        elif os.path.exists(p) and not os.path.isfile(p):
            odd.append("%s is not a regular file" % p)
    if odd:
        raise Stop("; ".join(sorted(odd)) + "; a run-*.json entry must be a regular file")
    if not names:
        raise Stop("no run-*.json files in %s" % folder)
    runs = []
    for n in sorted(names, key=lambda s: s.encode("utf-8", "surrogateescape")):
        data = read_bounded(os.path.join(folder, n))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            runs.append((n, ("failed", "not UTF-8 text, so not JSON")))
            continue
        runs.append((n, outcome(text)))
    return runs


# ---- numbers as pickanumber computes them ------------------------------------------------------


def round4(x):
    """x to 4 decimals on its exact binary value, ties to even, as the nearest double."""
    return round(Fraction(x) * 10000) / 10000.0


def two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def quick_two_sum(a, b):
    s = a + b
    return s, b - (s - a)


def split(a):
    t = 134217729.0 * a
    hi = t - (t - a)
    return hi, a - hi


def two_product(a, b):
    p = a * b
    ah, al = split(a)
    bh, bl = split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


class Dd:
    """A double-double: the probe's mean and standard deviation, step for step."""

    def __init__(self, hi, lo=0.0):
        self.hi, self.lo = hi, lo

    def add(self, o):
        s, e = two_sum(self.hi, o.hi)
        t, f = two_sum(self.lo, o.lo)
        s, e = quick_two_sum(s, e + t)
        hi, lo = quick_two_sum(s, e + f)
        return Dd(hi, lo)

    def neg(self):
        return Dd(-self.hi, -self.lo)

    def square(self):
        p, e = two_product(self.hi, self.hi)
        hi, lo = quick_two_sum(p, e + 2.0 * self.hi * self.lo)
        return Dd(hi, lo)

    def div(self, d):
        q1 = self.hi / d
        p, e = two_product(q1, d)
        r, f = two_sum(self.hi, -p)
        q2 = (r + (f - e + self.lo)) / d
        hi, lo = quick_two_sum(q1, q2)
        return Dd(hi, lo)

    def round(self):
        return self.hi + self.lo

    def sqrt(self):
        if self.hi <= 0.0:
            return 0.0
        s = math.sqrt(self.hi)
        p, e = two_product(s, s)
        r, f = two_sum(self.hi, -p)
        residual = r + (f - e + self.lo)
        return s + residual / (2.0 * s)


def mean_and_std(xs):
    n = float(len(xs))
    total = Dd(0.0)
    for x in xs:
        total = total.add(Dd(x))
    mean = total.div(n)
    if len(xs) < 2:
        return mean.round(), 0.0
    squares = Dd(0.0)
    for x in xs:
        squares = squares.add(Dd(x).add(mean.neg()).square())
    return mean.round(), squares.div(n - 1.0).sqrt()


def mean_of_stored(xs):
    if not xs:
        return None
    covered = all(x == 0.0 or (math.isfinite(x) and 2.0**-14 <= x < 2.0**31) for x in xs)
    if not covered or len(xs) > 1 << 30:
        total = 0.0
        for x in xs:
            total += x
        return total / len(xs)
    return float(sum((Fraction(x) for x in xs), Fraction(0)) / len(xs))


def first_extreme(ratings, want_less):
    best = ratings[0]
    for r in ratings[1:]:
        if (r.value < best.value) if want_less else (r.value > best.value):
            best = r
    return best


def mode(values, key):
    """The most frequent value; a tie goes to the one met first. `values` are as written."""
    order = sorted(range(len(values)), key=lambda i: key(values[i]))
    best = None  # (count, first position, value)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and key(values[order[j + 1]]) == key(values[order[i]]):
            j += 1
        count, first = j - i + 1, order[i]
        if best is None or count > best[0] or (count == best[0] and first < best[1]):
            best = (count, first, values[order[i]])
        i = j + 1
    return best[2]


def item_stats(scores):
    mean, std = mean_and_std([float(r.value) for r in scores])
    lo, hi = first_extreme(scores, True), first_extreme(scores, False)
    return {
        "mean": round4(mean),
        "std": round4(std),
        "min": lo.json(),
        "max": hi.json(),
        "range": hi.minus(lo).json(),
        "mode": mode(scores, lambda r: r.value).json(),
    }


def across(all_ratings, lo, hi):
    if not all_ratings:
        return None
    counts = [0] * (hi - lo + 1)
    for r in all_ratings:
        if lo <= r <= hi:
            counts[r - lo] += 1
    ceiling = sum(c for k, c in enumerate(counts) if lo + k >= hi - 1)
    floor = sum(c for k, c in enumerate(counts) if lo + k <= lo + 1)
    n = len(all_ratings)
    ordered = sorted(all_ratings)
    if n % 2 == 1:
        median = ordered[n // 2]
    else:
        median = (float(ordered[n // 2 - 1]) + float(ordered[n // 2])) / 2.0
    total = sum(all_ratings)
    if n < 2:
        std = 0.0
    else:
        spread = n * sum(x * x for x in all_ratings) - total * total
        std = math.sqrt(float(spread) / float(n * (n - 1)))
    return {
        "n_total_scores": n,
        "mean": round4(float(total) / float(n)),
        "median": median,
        "mode": mode(all_ratings, lambda x: x),
        "min": ordered[0],
        "max": ordered[-1],
        "range": ordered[-1] - ordered[0],
        "std": round4(std),
        "histogram": {str(lo + k): c for k, c in enumerate(counts)},
        "ceiling_count": ceiling,
        "ceiling_rate": round4(float(ceiling) / float(n)),
        "floor_count": floor,
        "floor_rate": round4(float(floor) / float(n)),
    }


def classify(metrics):
    for regime, conditions in RULES:
        if metrics is None:
            if conditions:
                continue
            return regime
        values = [metrics.get(m) for m, _, _ in conditions]
        if any(v is None for v in values):
            continue
        ok = all(
            (v >= t) if op == ">=" else (v < t) if op == "<" else (v <= t)
            for v, (_, op, t) in zip(values, conditions)
        )
        if ok:
            return regime
    return "AMBIGUOUS"


def aggregate(spec, runs):
    name, lo, hi, items = spec
    scored = [o[1] for _, o in runs if o[0] == "scored"]
    per_item = []
    for i, text in enumerate(items):
        scores = [s[i] for s in scored if len(s) > i]
        entry = {"index": i + 1, "item_text": text, "scores": [r.json() for r in scores],
                 "n": len(scores)}
        if scores:
            entry.update(item_stats(scores))
        per_item.append(entry)
    all_ratings = [r.truncated() for s in scored for r in s]
    dist = across(all_ratings, lo, hi)
    spreads = [p["std"] for p in per_item if p["n"] > 1]
    mps = mean_of_stored(spreads)
    mps = None if mps is None else round4(mps)
    metrics = None
    if dist is not None:
        metrics = {"ceiling_rate": dist["ceiling_rate"], "floor_rate": dist["floor_rate"],
                   "range": dist["range"], "mean_per_item_std": mps}
    return {
        "items_name": name,
        "scale_min": lo,
        "scale_max": hi,
        "aggregate": {
            "successful_runs": len(scored),
            "failed_runs": len(runs) - len(scored),
            "n_items": len(items),
            "per_item": per_item,
            "across_runs": {} if dist is None else dist,
            "mean_per_item_std": mps,
            "regime_guess": classify(metrics),
        },
    }


# ---- JSON text as pickanumber writes it ---------------------------------------------------------


def float_text(x):
    """A double as pickanumber writes it: the shortest digits that read back, in its layout
    (`7.5`, `0.00001`, `1e-7`, `1.5e16`)."""
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    sign = "-" if x < 0 else ""
    mantissa, _, exp = repr(abs(x)).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    k = (int(exp) if exp else 0) - len(frac)  # the value is int(digits) * 10^k
    stripped = digits.rstrip("0")
    k += len(digits) - len(stripped)
    digits = stripped
    length = len(digits)
    kk = length + k
    if 0 <= k and kk <= 16:
        return sign + digits + "0" * k + ".0"
    if 0 < kk <= 16:
        return sign + digits[:kk] + "." + digits[kk:]
    if -5 < kk <= 0:
        return sign + "0." + "0" * -kk + digits
    if length == 1:
        return sign + digits + "e" + str(kk - 1)
    return sign + digits[0] + "." + digits[1:] + "e" + str(kk - 1)


def string_text(s):
    out = ['"']
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif c == "\b":
            out.append("\\b")
        elif c == "\f":
            out.append("\\f")
        elif c < " ":
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def dumps(v, depth=0):
    pad = "  " * (depth + 1)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return float_text(v)
    if isinstance(v, str):
        return string_text(v)
    if isinstance(v, list):
        if not v:
            return "[]"
        inner = (",\n").join(pad + dumps(x, depth + 1) for x in v)
        return "[\n" + inner + "\n" + "  " * depth + "]"
    if not v:
        return "{}"
    inner = (",\n").join(pad + string_text(k) + ": " + dumps(x, depth + 1) for k, x in v.items())
    return "{\n" + inner + "\n" + "  " * depth + "}"


# ---- the outputs --------------------------------------------------------------------------------


def announced(doc):
    a = doc["aggregate"]
    total = a["successful_runs"] + a["failed_runs"]
    if a["successful_runs"] == 0 or a["failed_runs"] * 100 > total * MAX_FAILED_PERCENT:
        return None
    return a["regime_guess"]


def report(doc, failures):
    a, regime = doc["aggregate"], announced(doc)
    runs = a["successful_runs"] + a["failed_runs"]
    lines = ["# Calibration probe", ""]
    if regime is None:
        lines.append(
            "**Regime: none.** %d of %d runs were read; a regime is named only when at least "
            "one run was read and at most %d%% failed." % (a["successful_runs"], runs, MAX_FAILED_PERCENT)
        )
    else:
        lines.append("**Regime: %s** (%d runs read, %d failed)." % (regime, a["successful_runs"], a["failed_runs"]))
        lines += ["", "What to do: " + ADVICE[regime] + "."]
    d = a["across_runs"]
    if d:
        lines += ["", "## The four metrics", "",
                  "| metric | value |", "|---|---|",
                  "| ceiling_rate (ratings ≥ %d) | %s |" % (doc["scale_max"] - 1, float_text(d["ceiling_rate"])),
                  "| floor_rate (ratings ≤ %d) | %s |" % (doc["scale_min"] + 1, float_text(d["floor_rate"])),
                  "| range | %d |" % d["range"],
                  "| mean_per_item_std | %s |" % ("absent" if a["mean_per_item_std"] is None else float_text(a["mean_per_item_std"])),
                  "", "## Histogram", "", "| rating | count |", "|---|---|"]
        lines += ["| %s | %d |" % (k, c) for k, c in d["histogram"].items()]
    varied = sorted((p for p in a["per_item"] if p.get("std", 0) > 0), key=lambda p: -p["std"])[:5]
    if varied:
        lines += ["", "## The most variable items", ""]
        lines += ["- item %d (std %s): %s" % (p["index"], float_text(p["std"]), p["item_text"]) for p in varied]
    if failures:
        lines += ["", "## Failed runs", ""] + ["- %s: %s" % f for f in failures]
    return "\n".join(lines) + "\n"


def write_atomic(path, text):
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise Stop("cannot write %s: %s" % (path, e.strerror or e))


USAGE = "usage: aggregate.py --runs-dir DIR [--items FILE] (--json | --out DIR)"


def parse_args(argv):
    opts = {"runs-dir": None, "items": None, "out": None, "json": False}
    i = 0
    while i < len(argv):
        key, eq, inline = argv[i].partition("=")
        if key in ("-h", "--help"):
            sys.stdout.write(__doc__.strip() + "\n\n" + USAGE + "\n")
            sys.exit(0)
        if key == "--json" and not eq:
            opts["json"] = True
        elif key in ("--runs-dir", "--items", "--out"):
            if not eq:
                i += 1
                if i >= len(argv):
                    raise Stop("%s needs a value\n%s" % (key, USAGE))
                inline = argv[i]
            opts[key[2:]] = inline
        else:
            raise Stop("unknown argument %s\n%s" % (argv[i], USAGE))
        i += 1
    if opts["runs-dir"] is None:
        raise Stop("--runs-dir is required\n" + USAGE)
    if opts["json"] == (opts["out"] is not None):
        raise Stop("give either --json or --out DIR\n" + USAGE)
    return opts


def main(argv=None):
    try:
        opts = parse_args(sys.argv[1:] if argv is None else argv)
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        if opts["items"] is None:
            spec = read_items(os.path.join(here, "items.json"))
            runs = read_runs(opts["runs-dir"])
        else:
            check_runs_dir(opts["runs-dir"])
            spec = read_items(opts["items"])
            runs = read_runs(opts["runs-dir"])
        doc = aggregate(spec, runs)
        text = dumps(doc) + "\n"
        failures = [(label, o[1]) for label, o in runs if o[0] == "failed"]
        if opts["json"]:
            for label, why in failures:
                sys.stderr.write("aggregate.py: failed %s: %s\n" % (label, why))
            sys.stdout.write(text)
        else:
            out = opts["out"]
            try:
                os.makedirs(out, exist_ok=True)
            except OSError as e:
                raise Stop("cannot write %s: %s" % (out, e.strerror or e))
            write_atomic(os.path.join(out, "aggregate.json"), text)
            write_atomic(os.path.join(out, "REPORT.md"), report(doc, failures))
            a = doc["aggregate"]
            regime = announced(doc)
            sys.stdout.write(
                "Regime: %s\nRuns: %d read, %d failed\n"
                % (regime or "none (too few runs were read)", a["successful_runs"], a["failed_runs"])
            )
            for label, why in failures:
                sys.stdout.write("failed %s: %s\n" % (label, why))
            sys.stdout.write("Wrote %s and %s\n" % (os.path.join(out, "aggregate.json"), os.path.join(out, "REPORT.md")))
    except Stop as e:
        sys.stderr.write("aggregate.py: error: %s\n" % e)
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
