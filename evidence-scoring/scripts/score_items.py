#!/usr/bin/env python3
"""Scores evidence items: one pool, or a matrix of weighted criteria.

The standard library alone (it runs under `python3 -S`). It reads the JSON a judge writes
under the rubric's schema, {"items": [{"perspective": "sme", "criterion": "craft", "text":
"...", "evidence": "...", "impact": 3}, ...]} (or the list alone), and prints the figures that
`pickanumber score --no-interval` prints for the same file and options, under the same keys
and with the same values:

    python3 scripts/score_items.py items.json                          # pooled, or a matrix when items name criteria
    python3 scripts/score_items.py items.json --preset hackathon       # the hackathon judge's five criteria
    python3 scripts/score_items.py items.json --weights fit=0.6,risk=0.4
    python3 scripts/score_items.py items.json --mode pooled            # one pool, criteria ignored

Exit status: 0 scored, 1 the items or weights have an error (each named on stderr, nothing
printed on stdout), 2 a usage error, a file that cannot be read, or input this script does
not read as pickanumber does (item lines, impacts written as strings, names beyond ASCII
letters and digits): run `pickanumber score` for those.
"""

import json
import math
import sys

IMPACTS = (5, 3, 2, 1, -1, -2, -3, -5)
CENTER, SCALE, DENOMINATOR, FLOOR, GAIN, TOP, SPAN = 50.0, 8.0, 20.0, 0.75, 0.25, 100.0, 20.0
MAX_ITEMS = 1000000
MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 127
MAX_WEIGHT_SUM = 1e300
PRESETS = {
    "generic": [("brief_fidelity", "0.3"), ("trap_handling", "0.25"),
                ("production_correctness", "0.2"), ("domain_judgment", "0.15"),
                ("long_horizon_carry", "0.1")],
    "hackathon": [("problem_fit", "0.3"), ("craft", "0.2"), ("depth", "0.2"),
                  ("innovation", "0.15"), ("completeness", "0.15")],
}
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
PICKANUMBER = "pickanumber score"


class Refused(Exception):
    def __init__(self, messages, status=1):
        Exception.__init__(self, messages)
        self.messages = messages if isinstance(messages, list) else [messages]
        self.status = status


class Num:
    """A JSON number with its text."""

    def __init__(self, text):
        if not text.isascii():
            raise ValueError("the number %s is not ASCII digits" % text)
        self.text = text


def _constant(name):
    raise ValueError("%s is not JSON" % name)


def parse_json(text):
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


def signed(n):
    return "+%d" % n if n > 0 else "\u2212%d" % -n


def listed(values):
    return ", ".join(signed(v) for v in values)


def impact_of(v):
    """A JSON integer from the set, or the reason it is not one."""
    if not isinstance(v, Num):
        if isinstance(v, str):
            raise Refused(
                'an impact written as a string ("%s"): this script reads JSON integers; '
                "run %s" % (v, PICKANUMBER), 2)
        return None, '"impact" must be a number, one of %s' % listed(IMPACTS)
    if any(c in v.text for c in ".eE"):
        raise Refused(
            "an impact written as %s: this script reads whole numbers only; run %s"
            % (v.text, PICKANUMBER), 2)
    n = int(v.text)
    if n not in IMPACTS:
        return None, "impact %s is not one of %s" % (v.text, listed(IMPACTS))
    return n, None


def name_of(v, label):
    """An optional criterion or perspective name."""
    if v is None:
        return None, None
    if not isinstance(v, str):
        return None, '"%s" must be a string' % label
    if v == "" or not set(v) <= NAME_CHARS:
        if v and all(c.isalnum() or c in "_-" for c in v):
            raise Refused(
                "the %s %s is beyond ASCII letters and digits: run %s" % (label, json.dumps(v), PICKANUMBER), 2)
        return None, '%s label "%s" is not a name: use letters, digits, \'_\' or \'-\'' % (label, v)
    return v, None


def read_items(text):
    """The items document -> [(impact, criterion)], or Refused naming each bad item."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.lstrip(" \t\r\n").startswith(("{", "[")):
        raise Refused("this script reads JSON items; for item lines run %s" % PICKANUMBER, 2)
    try:
        doc = parse_json(text)
    except ValueError as e:
        raise Refused("invalid JSON: %s" % e)
    if isinstance(doc, dict):
        if "weights" in doc or any(k in doc for k in ("working", "not_working", "missing", "confusing", "evidence")):
            raise Refused(
                'this script reads {"items": [...]} without "weights" or buckets; give '
                "--weights, or run %s" % PICKANUMBER, 2)
        if "items" not in doc:
            raise Refused('a JSON object needs "items" (a list of items)')
        doc = doc["items"]
        if not isinstance(doc, list):
            raise Refused('"items" must be a list of objects')
    if not isinstance(doc, list):
        raise Refused("the JSON must be a list of items or {\"items\": [...]}")
    items, errors = [], []
    for n, item in enumerate(doc, 1):
        if not isinstance(item, dict):
            errors.append('item %d: an item must be an object with "impact"' % n)
            continue
        why = None
        for key in ("text", "description", "evidence"):
            if item.get(key) is not None and not isinstance(item.get(key), str):
                why = why or '"%s" must be a string' % key
        criterion, bad_c = name_of(item.get("criterion"), "criterion")
        _, bad_p = name_of(item.get("perspective"), "perspective")
        impact, bad_i = (None, '"impact" is missing (one of %s)' % listed(IMPACTS)) \
            if item.get("impact") is None else impact_of(item["impact"])
        why = why or bad_i or bad_c or bad_p
        if why:
            errors.append("item %d: %s" % (n, why))
        else:
            items.append((impact, criterion))
    if not errors and len(items) > MAX_ITEMS:
        errors.append("the input holds more than 1,000,000 items")
    if errors:
        raise Refused(errors)
    return items


def read_weights(text):
    """`a=0.3,b=0.2` -> [(name, weight)]; plain decimals only."""
    out = []
    for part in text.split(","):
        name, eq, value = part.strip().partition("=")
        name, value = name.strip(), value.strip()
        digits = value.replace(".", "", 1)
        if not eq or not name or not set(name) <= NAME_CHARS or not digits.isdigit() or not digits.isascii():
            raise Refused(
                "--weights %s: this script reads name=decimal pairs such as craft=0.6,depth=0.4 "
                "(names of ASCII letters, digits, '_' or '-'); run %s for others" % (text, PICKANUMBER), 2)
        if len(digits.strip("0")) > 15:
            raise Refused("--weights: %s has more digits than this script reads; run %s" % (value, PICKANUMBER), 2)
        out.append((name, float(value)))
    return out


def pooled(impacts):
    """The pooled formula, each step in the published order, unrounded but the final."""
    n, net = len(impacts), sum(impacts)
    normalized = net / math.sqrt(n) if n else 0.0
    raw = min(max(CENTER + normalized * SCALE, 0.0), TOP)
    density = n / DENOMINATOR
    confidence = min(max(density, 0.0), 1.0)
    multiplier = FLOOR + GAIN * confidence
    between = CENTER + (raw - CENTER) * multiplier
    unrounded = min(max(between, min(CENTER, raw)), max(CENTER, raw))
    return {
        "net_impact": net, "total_items": n, "normalized": normalized, "raw": raw,
        "density": density, "multiplier": multiplier, "final": half_away(unrounded),
        "final_unrounded": unrounded, "confidence": confidence,
    }


def half_away(x):
    whole = math.floor(abs(x))
    r = int(whole) + (1 if abs(x) - whole >= 0.5 else 0)
    return r if x >= 0 else -r


def matrix(items, weights):
    errors = ["item %d: in matrix mode every item needs a criterion" % (i + 1)
              for i, (_, c) in enumerate(items) if c is None]
    if errors:
        raise Refused(errors)
    names = [c for _, c in items]
    if weights:
        given = [w for w, _ in weights]
        missing = sorted(set(names) - set(given))
        if missing:
            raise Refused("weights are given for some criteria only: add a weight for %s" % ", ".join(missing))
        twice = sorted({w for w in given if given.count(w) > 1})
        if twice:
            raise Refused("each criterion takes one weight, but %s given more than once" % ", ".join(twice))
        if any(not (w > 0) for _, w in weights):
            raise Refused("weights must be greater than 0")
        if sum(w for _, w in weights) > MAX_WEIGHT_SUM:
            raise Refused("the weights sum to too much")
        columns = weights
    else:
        if not names:
            raise Refused("no criteria: label items with a criterion or give weights")
        seen = []
        for c in names:
            if c not in seen:
                seen.append(c)
        columns = [(c, 1.0) for c in seen]
    total = 0.0
    for _, w in columns:
        total += w
    criteria = []
    for name, w in columns:
        p = pooled([i for i, c in items if c == name])
        criteria.append(dict([("name", name), ("weight", w / total)] + list(p.items())))
    mean = 0.0
    for c, (_, w) in zip(criteria, columns):
        mean += float(c["final"]) * w
    mean = mean / total
    finals = [float(c["final"]) for c in criteria]
    unrounded = min(max(mean, min(finals)), max(finals))
    confidence = 1.0
    for c in criteria:
        confidence = min(confidence, c["confidence"])
    span = max(finals) - min(finals)
    overall = half_away(unrounded)
    return {
        "mode": "matrix", "final": overall, "final_unrounded": unrounded, "confidence": confidence,
        "overall": overall, "overall_unrounded": unrounded, "overall_confidence": confidence,
        "span": span, "self_check": span >= SPAN, "criteria": criteria,
        "pooled": pooled([i for i, _ in items]),
    }


USAGE = "usage: score_items.py FILE [--mode pooled|matrix] [--preset generic|hackathon | --weights a=0.3,b=0.2]"


def run(argv):
    path, mode, weights = None, None, None
    i = 0
    while i < len(argv):
        key, eq, value = argv[i].partition("=")
        if key in ("-h", "--help"):
            raise Refused(__doc__.strip() + "\n\n" + USAGE, 0)
        if key in ("--mode", "--preset", "--weights"):
            if not eq:
                i += 1
                if i >= len(argv):
                    raise Refused("%s needs a value\n%s" % (key, USAGE), 2)
                value = argv[i]
            if weights is not None and key != "--mode":
                raise Refused("give --preset or --weights, not both\n" + USAGE, 2)
            if key == "--mode":
                if value not in ("pooled", "matrix"):
                    raise Refused("--mode is pooled or matrix\n" + USAGE, 2)
                mode = value
            elif key == "--preset":
                if value not in PRESETS:
                    raise Refused("--preset is generic or hackathon\n" + USAGE, 2)
                weights = [(n, float(w)) for n, w in PRESETS[value]]
            else:
                weights = read_weights(value)
        elif argv[i].startswith("-") or path is not None:
            raise Refused("unknown argument %s\n%s" % (argv[i], USAGE), 2)
        else:
            path = argv[i]
        i += 1
    if path is None:
        raise Refused("give the items file\n" + USAGE, 2)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise Refused("cannot read %s: %s" % (path, e.strerror or e), 2)
    if len(data) > MAX_BYTES:
        raise Refused("%s holds more than 64 MiB" % path, 2)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Refused("%s is not UTF-8 text (invalid byte at offset %d)" % (path, e.start), 2)
    items = read_items(text)
    if mode is None:
        mode = "matrix" if weights or any(c is not None for _, c in items) else "pooled"
    if mode == "pooled":
        return dict([("mode", "pooled")] + list(pooled([i for i, _ in items]).items()))
    return matrix(items, weights or [])


def main(argv=None):
    try:
        out = run(sys.argv[1:] if argv is None else argv)
    except Refused as e:
        stream = sys.stdout if e.status == 0 else sys.stderr
        for m in e.messages:
            stream.write(("" if e.status == 0 else "score_items.py: error: ") + m + "\n")
        return e.status
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
