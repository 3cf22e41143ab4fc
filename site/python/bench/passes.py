"""The bench's Python rows: 10,000 passes of 20 items scored through the package, with its
bootstrap interval (the default) and without it (``interval=False``), against the same
formula written as plain Python, as score.py computes it (JSON read with json.loads, then
net, normalized, raw, density, multiplier, final). Prints one JSON object: the median time of
each over RUNS runs, the ratios to plain Python, and whether every final agreed.

Run by `cargo xtask bench` with the release wheel installed; seeded, so every run scores the
same passes.
"""

import json
import math
import random
import statistics
import sys
import time

import pickanumber

PASSES, ITEMS, RUNS = 10_000, 20, 5
IMPACTS = [5, 3, 2, 1, -1, -2, -3, -5]


def plain_final(evidence_json: str) -> int:
    """score.py's steps on its JSON input; halves rounded away from zero, as pickanumber
    rounds (score.py's round() would take halves to even)."""
    items = json.loads(evidence_json)["items"]
    n = len(items)
    net = sum(item["impact"] for item in items)
    normalized = net / math.sqrt(n) if n else 0.0
    raw = min(max(50 + normalized * 8, 0.0), 100.0)
    density = n / 20
    multiplier = 0.75 + 0.25 * min(max(density, 0.0), 1.0)
    unrounded = 50 + (raw - 50) * multiplier
    return int(math.floor(unrounded + 0.5)) if unrounded >= 0 else -int(math.floor(-unrounded + 0.5))


def main() -> None:
    rng = random.Random(26)
    passes = []
    for p in range(PASSES):
        items = [(rng.choice(IMPACTS), f"finding {p}.{k}") for k in range(ITEMS)]
        text = "".join(f"{i:+d} {t}\n" for i, t in items)
        doc = json.dumps({"items": [{"impact": i, "text": t} for i, t in items]})
        passes.append((text, doc))

    def through_api():
        return [pickanumber.analyse(text).final for text, _ in passes]

    def without_interval():
        return [pickanumber.analyse(text, interval=False).final for text, _ in passes]

    def plain():
        return [plain_final(doc) for _, doc in passes]

    timings = {"api": [], "no_interval": [], "plain": []}
    finals = {}
    for _ in range(RUNS):
        for name, run in (("api", through_api), ("no_interval", without_interval), ("plain", plain)):
            started = time.perf_counter()
            finals[name] = run()
            timings[name].append(time.perf_counter() - started)
    api, py = statistics.median(timings["api"]), statistics.median(timings["plain"])
    off = statistics.median(timings["no_interval"])
    json.dump(
        {
            "passes": PASSES,
            "items_per_pass": ITEMS,
            "runs": RUNS,
            "api_seconds": round(api, 4),
            "api_no_interval_seconds": round(off, 4),
            "plain_python_seconds": round(py, 4),
            "ratio": round(api / py, 3),
            "ratio_no_interval": round(off / py, 3),
            "finals_agree": finals["api"] == finals["plain"] == finals["no_interval"],
        },
        sys.stdout,
    )
    print()


if __name__ == "__main__":
    main()
