"""Writes score_py_parity.json: inputs for `pickanumber score --compat score-py` and the scores
object the what-works judge's score.py gives for each, computed here from the description of
score.py in the project's reference notes (instruments.md section 1): the formula, its key
order and decimals, Python's round() for `final`. Where pickanumber differs on purpose, the
case says how (`ours`) and why (`differs`). Run: python3 score_py_parity.py > score_py_parity.json
"""
import json
import math

ALLOWED = {"working": {1, 2, 3, 5}, "not_working": {-1, -2, -3, -5},
           "missing": {-1, -2, -3, -5}, "confusing": {-1, -2, -3}}


def scores(values, half_even=True):
    n = len(values)
    net = sum(values)
    normalized = net / math.sqrt(n) if n else 0.0
    raw = min(max(50 + normalized * 8, 0.0), 100.0)
    density = n / 20
    multiplier = 0.75 + 0.25 * min(density, 1.0)
    unrounded = 50 + (raw - 50) * multiplier
    final = round(unrounded) if half_even else int(math.floor(unrounded + 0.5))
    return {"net_impact": net, "total_items": n, "normalized": round(normalized, 3),
            "raw_score": round(raw, 2), "density": round(density, 3),
            "multiplier": round(multiplier, 3), "final": final,
            "confidence": round(min(density, 1.0), 2)}


def case(name, evidence, values, source, **extra):
    c = {"name": name, "input": evidence, "score_py": scores(values), "source": source}
    ours = scores(values, half_even=False)
    if ours != c["score_py"]:
        c["ours"] = ours
        c["differs"] = "final rounds an exact half away from zero (Python's round goes to the even neighbour)"
    c.update(extra)
    return c


SRC = "instruments.md §1 (score.py's formula, keys and decimals)"
cases = [
    case("one +5 working item: 80.5", json.dumps({"working": [{"value": 5, "text": "clear"}]}), [5], SRC),
    case("four buckets", json.dumps({"working": [{"value": 3, "text": "a"}, {"value": 2, "text": "b"}],
                                      "not_working": [{"value": -2, "text": "c"}],
                                      "missing": [{"value": -1, "text": "d"}],
                                      "confusing": [{"value": -3, "text": "e"}]}), [3, 2, -2, -1, -3], SRC),
    case("inside an evidence object, unknown keys ignored",
         json.dumps({"evidence": {"working": [{"value": 1, "text": "a", "note": "x"}]}, "meta": 1}), [1],
         SRC + ": the buckets may sit inside {\"evidence\": …}; unknown keys are ignored"),
    case("a missing bucket counts as empty", json.dumps({"missing": [{"value": -5, "text": "no tests"}]}), [-5],
         SRC + ": a missing bucket counts as empty"),
    case("3.0 and 5E0 are 3 and 5", '{"working": [{"value": 3.0, "text": "a"}, {"value": 5E0, "text": "b"}]}', [3, 5],
         SRC + ": Python compares 3.0 == 3, so 3.0 is in the allowed set"),
    case("25 items: density over 1", json.dumps({"working": [{"value": 1, "text": str(i)} for i in range(25)]}),
         [1] * 25, SRC + ": density is items / 20, not clamped; confidence is clamped"),
    case("a byte-order mark first", "\ufeff" + json.dumps({"working": [{"value": 2, "text": "a"}]}), [2],
         "issue 21: a BOM is skipped everywhere",
         score_py_note="score.py reads with json.load, which refuses a leading BOM; pickanumber skips it"),
]
errors = [
    {"name": "a string value", "input": '{"working": [{"value": "3", "text": "quoted"}]}',
     "error": "working item 1 (\"quoted\"): \"value\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not a string (\"3\"); allowed in working: +1, +2, +3, +5",
     "source": SRC + ": a value not in the bucket's allowed set stops the run; \"3\" is a string, not in {1, 2, 3, 5}"},
    {"name": "a boolean value", "input": '{"working": [{"value": true, "text": "yes"}]}',
     "error": "working item 1 (\"yes\"): \"value\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not true; allowed in working: +1, +2, +3, +5",
     "source": "a documented difference (README, score.py section): Python's True == 1 passes a membership test; pickanumber refuses a boolean"},
    {"name": "a value not allowed in its bucket", "input": '{"confusing": [{"value": -5, "text": "jargon"}]}',
     "error": "confusing item 1 (\"jargon\"): value −5 is not allowed in confusing: use −1, −2, −3",
     "source": SRC + ": confusing allows −1, −2, −3 only"},
]
print(json.dumps({"about": __doc__.strip(), "cases": cases, "errors": errors}, indent=2, ensure_ascii=False))
