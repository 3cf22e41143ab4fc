#!/usr/bin/env python3
"""Scores a what-works evidence file and keeps its saved versions in ./_judge/SLUG.json.

The standard library alone (it runs under `python3 -S`). It reads the four-bucket JSON
{"working": [{"value": 3, "text": "..."}], "not_working": [...], "missing": [...],
"confusing": [...]} (also inside {"evidence": {...}}) and prints the scores object that
`pickanumber score --compat score-py` prints for the same file, digit for digit: the final
score rounds an exact half away from zero (80.5 -> 81), as pickanumber does.

    python3 scripts/score.py --input evidence.json
    python3 scripts/score.py --save --slug my-plan --title "My plan" --summary "First draft" --input evidence.json
    python3 scripts/score.py --load --slug my-plan

JUDGE_DIR names the folder of saved versions (default ./_judge). Exit status: 0 scored (or
loaded), 1 the evidence has an error (each named on stderr, nothing printed on stdout,
nothing saved), 2 a usage error or a file that cannot be read or written.

Input pickanumber refuses is refused here too: whatever this script cannot read exactly as
pickanumber reads it (item lines under "## Working" headings, for instance) is an error
that names `pickanumber score --compat score-py`, never a number.
"""

import decimal
import json
import math
import os
import sys
import tempfile
import time

try:
    import fcntl
except ImportError:  # not Unix: saves take no lock
    fcntl = None

# What each bucket allows, in the order the buckets are scored and stored.
BUCKETS = (
    ("working", (1, 2, 3, 5)),
    ("not_working", (-1, -2, -3, -5)),
    ("missing", (-1, -2, -3, -5)),
    ("confusing", (-1, -2, -3)),
)
IMPACTS = (5, 3, 2, 1, -1, -2, -3, -5)
# The formula's canonical settings.
CENTER, SCALE, DENOMINATOR, FLOOR, GAIN, TOP = 50.0, 8.0, 20.0, 0.75, 0.25, 100.0
# The limits pickanumber holds every input to.
MAX_ITEMS = 1000000
MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 127
MAX_SLUG = 100
I64_MIN, U64_MAX = -(2**63), 2**64 - 1
# Unicode's White_Space: what Rust's trim removes (Python's str.strip also removes \x1c-\x1f).
WHITE_SPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
PICKANUMBER = "pickanumber score --compat score-py"


class Refused(Exception):
    """Evidence that cannot be scored: the messages, and the exit status."""

    def __init__(self, messages, status=1):
        Exception.__init__(self, messages)
        self.messages = messages if isinstance(messages, list) else [messages]
        self.status = status


def signed(n):
    return "+%d" % n if n > 0 else "\u2212%d" % -n


def listed(values):
    return ", ".join(signed(v) for v in values)


class Decimal(float):
    """A JSON number written with a point or an exponent, with its text: a value counts as an
    impact only when its decimal text is exactly an integer (3.0, 5E0)."""

    def exact_integer(self):
        return decimal.Decimal(self.text) == decimal.Decimal(self.text).to_integral_value()


def _float(text):
    if not text.isascii():
        raise ValueError("the number %s is not ASCII digits" % text)
    value = Decimal(text)
    if math.isinf(value):
        raise ValueError("the number %s is out of range" % text)
    value.text = text
    return value


def _int(text):
    if not text.isascii():
        raise ValueError("the number %s is not ASCII digits" % text)
    value = int(text)
    if math.isinf(_float(text)):
        raise ValueError("the number %s is out of range" % text)
    return value


def _constant(name):
    raise ValueError("%s is not JSON" % name)


def parse_json(text):
    """JSON as pickanumber's reader takes it: no NaN or Infinity, no number out of the float
    range, no lone surrogate, nesting at most MAX_DEPTH deep."""
    try:
        value = json.loads(
            text, parse_float=_float, parse_int=_int, parse_constant=_constant
        )
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
            raise ValueError("a string holds a lone surrogate escape (\\ud800 to \\udfff)")
    return value


def inexact_integer(value):
    """An integer outside -2**63 .. 2**64-1 in `value`, which pickanumber would rewrite as a
    float, or None."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool):
            continue
        if isinstance(v, int) and not I64_MIN <= v <= U64_MAX:
            return v
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


def quoted(text):
    return json.dumps(text, ensure_ascii=False)


def read_evidence(text, name, saving):
    """The evidence text -> (stored evidence, impacts), or Refused naming every bad item."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.lstrip(WHITE_SPACE).startswith("{"):
        return read_lines(text)
    try:
        top = parse_json(text)
    except ValueError as e:
        raise Refused("the evidence is not valid JSON: %s" % e)
    big = inexact_integer(top) if saving else None
    if big is not None:
        raise Refused(
            "%s: the integer %d is outside %d to %d, the integers pickanumber keeps exactly "
            "(it would be rewritten as a float); nothing was saved" % (name, big, I64_MIN, U64_MAX),
            2,
        )
    if not isinstance(top, dict):
        raise Refused("the evidence must be a JSON object of buckets")
    if "evidence" in top:
        top = top["evidence"]
        if not isinstance(top, dict):
            raise Refused('"evidence" must be an object of buckets')
    evidence, impacts, errors = {}, [], []
    for bucket, allowed in BUCKETS:
        items = top.get(bucket, [])
        evidence[bucket] = items
        if not isinstance(items, list):
            errors.append('"%s" must be a list of items' % bucket)
            continue
        for n, item in enumerate(items, 1):
            why = item_error(item, bucket, allowed)
            if why is None:
                impacts.append(int(item["value"]))
                continue
            text_of = item.get("text") if isinstance(item, dict) else None
            shown = quoted(text_of) if isinstance(text_of, str) else "no text"
            errors.append("%s item %d (%s): %s" % (bucket, n, shown, why))
    if not errors and len(impacts) > MAX_ITEMS:
        errors.append(
            "the evidence holds more than 1,000,000 items, the most one input may hold"
        )
    if errors:
        raise Refused(errors)
    for key, value in top.items():
        if key not in evidence:
            evidence[key] = value
    return evidence, impacts


HEADINGS = {"## Working": 0, "## Not working": 1, "## Missing": 2, "## Confusing": 3}
SIGNS = {"+": 1, "-": -1, "\u2212": -1}


def item_line(line):
    """`+3 text` -> (3, "text"), or None for a line outside the plain form this script reads."""
    if len(line) < 4 or line[0] not in SIGNS or line[1] not in "1235":
        return None
    if line[2] not in " \t":
        return None
    text = line[3:].strip(" \t")
    if text == "" or text[0] in ":\u2014\u2013-*_`" or (
        text[0] in "x\u00d7X" and text[1:2].isdigit()
    ):
        return None
    return SIGNS[line[0]] * int(line[1]), text


def read_lines(text):
    """Item lines under the four bucket headings (`## Working`, `## Not working`, `## Missing`,
    `## Confusing`), one plain item a line (`+3 text`, `-2 text`): what this script reads of
    the forms pickanumber reads. Any other line is refused, naming pickanumber."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    evidence = {bucket: [] for bucket, _ in BUCKETS}
    impacts, errors, bucket = [], [], None
    for n, raw in enumerate(lines, 1):
        line = raw[:-1] if raw.endswith("\r") else raw
        if any(c < " " and c != "\t" or c == "\x7f" for c in line):
            errors.append("line %d: a control character; %s reads such text" % (n, PICKANUMBER))
            continue
        plain = line.strip(" \t")
        if plain == "":
            continue
        if plain in HEADINGS:
            bucket = BUCKETS[HEADINGS[plain]]
            continue
        item = item_line(plain)
        if item is None or bucket is None:
            why = (
                "an item needs a bucket heading above it (## Working, ## Not working, "
                "## Missing, ## Confusing)"
                if item is not None
                else "this script reads bucket headings and plain item lines (+3 text) only; "
                "for other forms run " + PICKANUMBER
            )
            errors.append("line %d (%s): %s" % (n, quoted(plain), why))
            continue
        value, item_text = item
        name, allowed = bucket
        if value not in allowed:
            errors.append(
                "line %d in %s (%s): value %s is not allowed in %s: use %s"
                % (n, name, quoted(plain), signed(value), name, listed(allowed))
            )
            continue
        evidence[name].append({"value": value, "text": item_text})
        impacts.append(value)
    if not errors and not impacts:
        errors.append("no items read: the evidence holds no item under a bucket heading")
    if not errors and len(impacts) > MAX_ITEMS:
        errors.append(
            "the evidence holds more than 1,000,000 items, the most one input may hold"
        )
    if errors:
        raise Refused(errors)
    return evidence, impacts


def item_error(item, bucket, allowed):
    """Why one bucket item cannot be scored, naming what the bucket allows, or None."""
    also = "; allowed in %s: %s" % (bucket, listed(allowed))
    if not isinstance(item, dict):
        return 'an item must be an object with "value" and "text"' + also
    text = item.get("text")
    if text is not None and not isinstance(text, str):
        return '"text" must be a string' + also
    value = item.get("value")
    if value is None:
        return '"value" is missing (one of %s)' % listed(IMPACTS) + also
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return '"value" must be a number, one of %s' % listed(IMPACTS) + also
    shown = value.text if isinstance(value, Decimal) else str(value)
    if value not in IMPACTS or (isinstance(value, Decimal) and not value.exact_integer()):
        return "value %s is not one of %s" % (shown, listed(IMPACTS)) + also
    if value not in allowed:
        shown = value.text if isinstance(value, Decimal) else signed(value)
        return "value %s is not allowed in %s: use %s" % (shown, bucket, listed(allowed))
    return None


def round_half_away(x):
    """x to the nearest integer, an exact half away from zero (x is never negative here)."""
    whole = math.floor(x)
    return int(whole) + (1 if x - whole >= 0.5 else 0)


def decimals(x, places):
    """x rounded to `places` decimals on its exact binary value, as pickanumber prints it."""
    r = round(x, places)
    return 0.0 if r == 0 else r


def scores(impacts):
    """The scores object: the pooled formula, each step in the published order."""
    n, net = len(impacts), sum(impacts)
    normalized = net / math.sqrt(n) if n else 0.0
    raw = min(max(CENTER + normalized * SCALE, 0.0), TOP)
    density = n / DENOMINATOR
    confidence = min(max(density, 0.0), 1.0)
    multiplier = FLOOR + GAIN * confidence
    between = CENTER + (raw - CENTER) * multiplier
    unrounded = min(max(between, min(CENTER, raw)), max(CENTER, raw))
    return {
        "net_impact": net,
        "total_items": n,
        "normalized": decimals(normalized, 3),
        "raw_score": decimals(raw, 2),
        "density": decimals(density, 3),
        "multiplier": decimals(multiplier, 3),
        "final": round_half_away(unrounded),
        "confidence": decimals(confidence, 2),
    }


def dumps(value):
    return json.dumps(value, indent=2)


def read_bytes(path, name):
    """At most MAX_BYTES bytes of `path` (None: standard input)."""
    try:
        if path is None:
            stream = sys.stdin.buffer
            data = stream.read(MAX_BYTES + 1)
        else:
            if os.path.isdir(path):
                raise Refused("%s is a folder, not a file" % name, 2)
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise Refused("cannot read %s: %s" % (name, e.strerror or e), 2)
    if len(data) > MAX_BYTES:
        raise Refused("%s holds more than 64 MiB, the most this script reads" % name, 2)
    return data


def read_text(path):
    name = "standard input" if path is None else path
    data = read_bytes(path, name)
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as e:
        raise Refused(
            "%s is not UTF-8 text (invalid byte at offset %d)" % (name, e.start), 2
        )


def check_slug(slug):
    rule = (
        "a slug is lower-case letters a-z and digits, with single '-' between them "
        "(agent-hq-pricing)"
    )
    if slug == "":
        raise Refused("the slug is empty: " + rule, 2)
    if len(slug) > MAX_SLUG:
        raise Refused("the slug is longer than %d characters" % MAX_SLUG, 2)
    ok = all(c in "abcdefghijklmnopqrstuvwxyz0123456789-" for c in slug)
    if not ok or slug.startswith("-") or slug.endswith("-") or "--" in slug:
        raise Refused(rule, 2)
    return slug


def judge_dir():
    return os.environ.get("JUDGE_DIR") or "./_judge"


def read_document(path):
    """The judge document at `path`, None when there is none."""
    if os.path.lexists(path) and not os.path.exists(path):
        raise Refused("%s is a symbolic link to nothing" % path, 2)
    if os.path.exists(path) and not os.path.isfile(path):
        raise Refused("%s is not a regular file" % path, 2)
    if not os.path.exists(path):
        return None
    data = read_bytes(path, path)
    why = None
    try:
        doc = parse_json(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        doc, why = None, "invalid JSON: %s" % e
    if why is None and not isinstance(doc, dict):
        why = "it is not a JSON object"
    elif why is None and "versions" in doc and "passes" in doc:
        why = 'it has both a "versions" and a "passes" list ("passes" is the old name of "versions")'
    elif why is None and not any(isinstance(doc.get(k), list) for k in ("versions", "passes")):
        why = 'it has no "versions" list'
    if why:
        raise Refused("%s is not a judge document (%s); it was left unchanged" % (path, why), 2)
    big = inexact_integer(doc)
    if big is not None:
        raise Refused(
            "%s: the integer %d is outside %d to %d, the integers pickanumber keeps exactly; "
            "it was left unchanged" % (path, big, I64_MIN, U64_MAX),
            2,
        )
    return doc


def with_pass(doc, slug, title, summary, evidence, scored, stamp, path):
    if doc is None:
        doc = {
            "id": slug,
            "title": slug.replace("-", " ").title(),
            "created": stamp,
            "versions": [],
        }
    if "versions" not in doc:
        # An older document's list ("passes") takes the new name, in its place among the keys.
        doc = {("versions" if k == "passes" else k): v for k, v in doc.items()}
    if title is not None and title != slug:
        doc["title"] = title
    passes = doc["versions"]
    versions = [
        p["version"]
        for p in passes
        if isinstance(p, dict)
        and type(p.get("version")) is int
        and 0 <= p["version"] <= U64_MAX
    ]
    highest = max(versions + [len(passes)])
    if highest >= U64_MAX:
        raise Refused(
            "%s already holds version %d, the highest a version can be; it was "
            "left unchanged (save under a new slug)" % (path, highest),
            2,
        )
    version = highest + 1
    passes.append(
        {
            "version": version,
            "timestamp": stamp,
            "summary": summary,
            "evidence": evidence,
            "scores": scored,
        }
    )
    return doc, version, len(passes)


def write_atomic(real, text):
    """Replaces `real` with `text`: a temporary file in the same folder, flushed, renamed."""
    folder = os.path.dirname(real) or "."
    data = (text + "\n").encode("ascii")
    if len(data) > MAX_BYTES:
        raise Refused(
            "%s would hold %d bytes with this change, more than 64 MiB; it was left unchanged"
            % (real, len(data)),
            2,
        )
    if os.path.exists(real):
        mode = os.stat(real).st_mode & 0o7777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(real) + ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise Refused("cannot write %s: %s" % (real, e.strerror or e), 2)
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(slug, title, summary, evidence, scored):
    folder = judge_dir()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise Refused("cannot create %s: %s" % (folder, e.strerror or e), 2)
    path = os.path.join(folder, slug + ".json")
    real = os.path.realpath(path) if os.path.islink(path) else path
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if os.path.exists(real) and not os.access(real, os.W_OK):
        raise Refused(
            "%s is read-only; it was left unchanged (make it writable to save a version)" % real, 2
        )
    # A refused change creates no lock file: the document is checked once before locking.
    with_pass(read_document(path), slug, title, summary, evidence, scored, stamp, path)
    lock_path = os.path.join(os.path.dirname(real) or ".", "." + os.path.basename(real) + ".lock")
    try:
        lock = open(lock_path, "a")
    except OSError as e:
        raise Refused("cannot write %s: cannot lock %s: %s" % (real, lock_path, e.strerror or e), 2)
    with lock:
        if fcntl is not None:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        doc, version, total = with_pass(
            read_document(path), slug, title, summary, evidence, scored, stamp, path
        )
        write_atomic(real, dumps(doc))
    return {"scores": scored, "saved_to": path, "version": version, "versions_total": total}


USAGE = (
    "usage: score.py [--input FILE]\n"
    "       score.py --save --slug SLUG [--title T] [--summary S] [--input FILE]\n"
    "       score.py --load --slug SLUG"
)


def parse_args(argv):
    opts = {"input": None, "save": False, "load": False, "slug": None, "title": None,
            "summary": None}
    i = 0
    while i < len(argv):
        arg = argv[i]
        key, eq, inline = arg.partition("=")
        if arg in ("-h", "--help"):
            raise Refused(__doc__.strip() + "\n\n" + USAGE, 0)
        if key in ("--save", "--load") and not eq:
            opts[key[2:]] = True
        elif key in ("--input", "--slug", "--title", "--summary"):
            if eq:
                value = inline
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                raise Refused("%s needs a value\n%s" % (key, USAGE), 2)
            opts[key[2:]] = value
        elif key == "--compat":
            # pickanumber's flag for this behaviour, accepted so its command lines work here.
            if not eq and i + 1 < len(argv):
                i += 1
                inline = argv[i]
            if inline != "score-py":
                raise Refused("--compat takes score-py\n" + USAGE, 2)
        else:
            raise Refused("unknown argument %s\n%s" % (arg, USAGE), 2)
        i += 1
    if opts["save"] and opts["load"]:
        raise Refused("--save and --load cannot be used together\n" + USAGE, 2)
    if (opts["save"] or opts["load"]) and opts["slug"] is None:
        raise Refused("--%s needs --slug SLUG\n%s" % ("save" if opts["save"] else "load", USAGE), 2)
    if opts["slug"] is not None:
        check_slug(opts["slug"])
    return opts


def run(argv):
    """The command line -> (exit status, stdout text); Refused for every error."""
    opts = parse_args(argv)
    if opts["load"]:
        path = os.path.join(judge_dir(), opts["slug"] + ".json")
        doc = read_document(path)
        if doc is None:
            doc = {"error": "not_found", "slug": opts["slug"]}
        return dumps(doc) + "\n"
    text, name = read_text(opts["input"])
    if text.strip(WHITE_SPACE) == "":
        raise Refused("no evidence: %s is empty" % name, 2)
    evidence, impacts = read_evidence(text, name, opts["save"])
    scored = scores(impacts)
    if not opts["save"]:
        return dumps(scored) + "\n"
    return dumps(save(opts["slug"], opts["title"], opts["summary"] or "", evidence, scored)) + "\n"


def main(argv=None):
    try:
        out = run(sys.argv[1:] if argv is None else argv)
    except Refused as e:
        stream = sys.stdout if e.status == 0 else sys.stderr
        for m in e.messages:
            stream.write(("" if e.status == 0 else "score.py: error: ") + m + "\n")
        return e.status
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
