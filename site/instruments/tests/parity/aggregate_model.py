#!/usr/bin/env python3
"""A model of the calibration probe's aggregator, written from its description alone.

Sources: /work/shared/reference/instruments.md section 2 and pickanumber-facts.md section 1.8
(the repository's own description of `calibration-probe/scripts/aggregate.py`; none of its
code was read or copied). It computes, for every case in CASES, what that description says the
aggregator gives, and what `pickanumber probe` gives where the two differ on purpose (booleans
and numbers beyond +-1e9 are refused by pickanumber), then writes probe-cases.json next to
this file. The Rust test `tests/parity.rs` checks pickanumber against that file.

Run it with Python 3.11 or later (`statistics.stdev` is exact there):

    python3 site/instruments/tests/parity/aggregate_model.py          # rewrite probe-cases.json
    python3 site/instruments/tests/parity/aggregate_model.py --check  # fail if it would change

What the description fixes, and how this model reads it:
- successful run: not marked `parse_failed` (truthy) and has a `scores` list; a file that is
  not JSON is a failed run;
- per item i: the i-th entry of every successful run that has one, as written (no int());
  n, mean, sample std (0 when n = 1), min, max, range = max - min, mode; mean and std rounded
  to 4 decimals; mode = the most common value, ties to the first met (Counter.most_common);
- all ratings: every numeric entry (bool counts: Python's bool is an int), int() of each;
  the histogram counts those on the scale; ceiling/floor counted from the histogram over all
  ratings (the denominator keeps out-of-scale ones), 4 decimals; range = max - min;
- mean_per_item_std: the mean of the per-item std (as rounded for the per-item output) over
  items with n > 1, rounded to 4 decimals; absent when none. That the per-item values are
  averaged after their rounding is the reading pickanumber already made (metrics.rs); the
  description only says "mean of the per-item standard deviations ... rounded to 4 decimals";
- classifier in order: JITTERY, INFLATION_LIKELY, DEFLATION_LIKELY, PICKS_A_NUMBER,
  CALIBRATED, AMBIGUOUS (also with no ratings).
"""

import json
import statistics
import sys
from collections import Counter
from pathlib import Path

MAX_RATING = 1_000_000_000


def is_number(x):
    return isinstance(x, (int, float))


def load(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def successful(runs):
    """The scores lists of the successful runs, and the number of failed runs."""
    ok, failed = [], 0
    for text in runs:
        run = load(text)
        if not isinstance(run, dict) or run.get("parse_failed") or not isinstance(run.get("scores"), list):
            failed += 1
        else:
            ok.append(run["scores"])
    return ok, failed


def refused_by_pickanumber(scores):
    """pickanumber fails a run with a boolean, a non-number or a number beyond +-1e9."""
    for x in scores:
        if isinstance(x, bool) or not is_number(x) or abs(int(x)) > MAX_RATING:
            return True
    return False


def aggregate(runs, items, pickanumber=False):
    spec = json.loads(items)
    lo, hi = spec.get("scale_min", 1), spec.get("scale_max", 10)
    ok, failed = successful(runs)
    if pickanumber:
        kept = [s for s in ok if not refused_by_pickanumber(s)]
        failed += len(ok) - len(kept)
        ok = kept
    per_item = []
    for i, _ in enumerate(spec.get("items", [])):
        xs = [s[i] for s in ok if len(s) > i]
        entry = {"index": i + 1, "scores": xs, "n": len(xs)}
        if xs:
            entry.update(
                mean=round(statistics.mean(xs), 4),
                std=round(statistics.stdev(xs), 4) if len(xs) > 1 else 0.0,
                min=min(xs),
                max=max(xs),
                range=max(xs) - min(xs),
                mode=Counter(xs).most_common(1)[0][0],
            )
        per_item.append(entry)
    ratings = [int(x) for s in ok for x in s if is_number(x)]
    across = {}
    if ratings:
        histogram = {k: 0 for k in range(lo, hi + 1)}
        for r in ratings:
            if r in histogram:
                histogram[r] += 1
        ceiling = sum(c for k, c in histogram.items() if k >= hi - 1)
        floor = sum(c for k, c in histogram.items() if k <= lo + 1)
        n = len(ratings)
        across = {
            "n_total_scores": n,
            "mean": round(statistics.mean(ratings), 4),
            "median": statistics.median(ratings),
            "mode": Counter(ratings).most_common(1)[0][0],
            "min": min(ratings),
            "max": max(ratings),
            "range": max(ratings) - min(ratings),
            "std": round(statistics.stdev(ratings), 4) if n > 1 else 0.0,
            "histogram": {str(k): c for k, c in histogram.items()},
            "ceiling_count": ceiling,
            "ceiling_rate": round(ceiling / n, 4),
            "floor_count": floor,
            "floor_rate": round(floor / n, 4),
        }
    spreads = [p["std"] for p in per_item if p["n"] > 1]
    mean_std = round(statistics.mean(spreads), 4) if spreads else None
    return {
        "successful_runs": len(ok),
        "failed_runs": failed,
        "per_item": per_item,
        "across_runs": across,
        "mean_per_item_std": mean_std,
        "regime_guess": classify(across, mean_std),
    }


def classify(across, mean_std):
    if not across:
        return "AMBIGUOUS"
    ceiling, floor, rng = across["ceiling_rate"], across["floor_rate"], across["range"]
    if mean_std is not None and mean_std >= 2.5:
        return "JITTERY"
    if ceiling >= 0.25 and floor < 0.05:
        return "INFLATION_LIKELY"
    if floor >= 0.25 and ceiling < 0.05:
        return "DEFLATION_LIKELY"
    if rng <= 2:
        return "PICKS_A_NUMBER"
    if rng >= 5 and floor >= 0.05 and ceiling < 0.35:
        return "CALIBRATED"
    return "AMBIGUOUS"


def items(n, **scale):
    return json.dumps({"name": "parity", **scale, "items": [f"item {i + 1}" for i in range(n)]})


def run(*scores):
    return json.dumps({"scores": list(scores), "summary": "s"})


# Each case: runs (the text of each run file, in order), the items file, and a note on what
# it checks. `hand` records figures worked out by hand; the model must agree with them.
CASES = [
    {
        "name": "issue-21: [1] and [4.6] on one item",
        "note": "per-item std on the raw ratings (2.5456, JITTERY); truncating first gives 2.1213 and DEFLATION_LIKELY",
        "runs": [run(1), run(4.6)],
        "items": items(1),
        "hand": "mean (1 + 4.6) / 2 = 2.8; std |4.6 - 1| / sqrt(2) = 2.54558 -> 2.5456; min 1, max 4.6, "
        "range 4.6 - 1 = 3.5999999999999996 in doubles; all ratings int(): 1, 4 -> floor 1/2 = 0.5, "
        "ceiling 0, range 3; mean_per_item_std 2.5456 >= 2.5 -> JITTERY",
        "hand_figures": {"per_item_std": [2.5456], "mean_per_item_std": 2.5456, "regime_guess": "JITTERY"},
    },
    {
        "name": "fractions near the top truncate below the ceiling",
        "note": "8.9 is 8 across runs (not >= 9): per item the means sit near 9, the ceiling counts none of them",
        "runs": [run(8.9, 8.5, 9.2), run(8.95, 8.7, 9.9), run(8.99, 8.6, 9.5)],
        "items": items(3),
    },
    {
        "name": "negative fractions truncate toward zero, out of the 1-10 scale",
        "note": "-0.5 -> 0 and 0.9 -> 0 are outside the histogram but in the rates' denominator and the range",
        "runs": [run(-0.5, 1.5, 2.2), run(0.9, 1.0, 2), run(1, 1.9, 10.5)],
        "items": items(3),
    },
    {
        "name": "out-of-scale integers",
        "note": "0, 11 and 15 widen the range and the denominator, not the histogram",
        "runs": [run(0, 5, 11), run(15, 5, 10), run(1, 6, 10)],
        "items": items(3),
    },
    {
        "name": "4 and 4.0 are one value for the mode, the first met names it",
        "note": "min keeps the first minimal (4.0), max the first maximal, mode 4.0 with count 2",
        "runs": [run(4.0), run(5), run(4), run(5.0), run(4)],
        "items": items(1),
    },
    {
        "name": "std exactly 2.5 after rounding is JITTERY",
        "note": "ratings 1 and 4.5355339: the std is 2.4999999958, below 2.5, but it is rounded to 4 "
        "decimals (2.5) before the rule compares it, so JITTERY",
        "runs": [run(1), run(4.5355339)],
        "items": items(1),
    },
    {
        "name": "the mean of rounded per-item stds",
        "note": "item stds 0.7071 and 1.4142; their mean as stored doubles is 1.06064999... -> 1.0606",
        "runs": [run(1, 1), run(2, 3)],
        "items": items(2),
    },
    {
        "name": "failed runs: marked, not JSON, no scores list",
        "note": "three failed runs, two successful ones",
        "runs": [
            run(9, 9),
            json.dumps({"parse_failed": True, "error": "prose"}),
            '{"scores": [9, 9',
            json.dumps({"summary": "no scores"}),
            run(10, 9.5),
        ],
        "items": items(2),
    },
    {
        "name": "short and long runs",
        "note": "a run past the last item counts in all ratings only; a short run leaves items unrated",
        "runs": [run(3, 4, 5, 6), run(2.5), run(3, 4.25)],
        "items": items(3),
    },
    {
        "name": "another scale: 0 to 4",
        "note": "ceiling counts 3 and 4, floor 0 and 1; 4.9 truncates to 4",
        "runs": [run(0.5, 4.9, 2), run(1, 4, 2.5), run(0, 3.2, 2)],
        "items": items(3, scale_min=0, scale_max=4),
    },
    {
        "name": "calibrated spread with fractions",
        "note": "wide range, floor >= 0.05, ceiling < 0.35",
        "runs": [run(1.5, 3, 5.5, 7, 9.5), run(2, 3.5, 5, 7.5, 9), run(1, 4, 6, 6.5, 8)],
        "items": items(5),
    },
    {
        "name": "a boolean rating (an intended difference)",
        "note": "aggregate.py counts true as 1 (bool is an int); pickanumber fails that run with "
        "'score 1 is true, not a number'",
        "runs": [run(True, 4), run(3, 4), run(2, 5)],
        "items": items(2),
    },
    {
        "name": "a rating beyond 1e9 (an intended difference)",
        "note": "aggregate.py keeps 2e9; pickanumber fails that run "
        "('ratings must lie between -1000000000 and 1000000000')",
        "runs": [run(2e9, 4), run(3, 4), run(2, 5)],
        "items": items(2),
    },
]


def build():
    out = []
    for case in CASES:
        original = aggregate(case["runs"], case["items"])
        ours = aggregate(case["runs"], case["items"], pickanumber=True)
        entry = {
            "name": case["name"],
            "note": case["note"],
            "source": "tests/parity/aggregate_model.py, a model of aggregate.py written from "
            "instruments.md section 2 and pickanumber-facts.md section 1.8",
            "runs": case["runs"],
            "items": case["items"],
            "expected": ours,
        }
        if "hand" in case:
            entry["source"] += "; also worked out by hand: " + case["hand"]
            hand = case["hand_figures"]
            assert [p["std"] for p in ours["per_item"]] == hand["per_item_std"], case["name"]
            assert ours["mean_per_item_std"] == hand["mean_per_item_std"], case["name"]
            assert ours["regime_guess"] == hand["regime_guess"], case["name"]
        if original != ours:
            entry["aggregate_py"] = original
        out.append(entry)
    return json.dumps({"cases": out}, indent=2) + "\n"


def main():
    if sys.version_info < (3, 11):
        sys.exit("needs Python 3.11 or later (statistics.stdev is exact from 3.11)")
    path = Path(__file__).with_name("probe-cases.json")
    text = build()
    if "--check" in sys.argv[1:]:
        if path.read_text() != text:
            sys.exit(f"{path} is out of date: rerun without --check")
        print(f"{path}: up to date, {len(CASES)} cases")
        return
    path.write_text(text)
    print(f"wrote {path}: {len(CASES)} cases")


if __name__ == "__main__":
    main()
