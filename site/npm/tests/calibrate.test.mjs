// `calibrate` gives the card `pickanumber calibrate` prints, and names a bad line.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO, cli, pkg } from "./helpers.mjs";

const GOLD = join(REPO, "examples/calibrate/gold.jsonl");

test("the card is the CLI's", () => {
  const card = pkg.calibrate(readFileSync(GOLD, "utf8"), {
    humanScale: "1:10",
    naiveScale: "1:10",
    minAgreement: 0.5,
  });
  const out = cli(["calibrate", GOLD, "--human-scale", "1:10", "--naive-scale", "1:10", "--min-agreement", "0.5"]);
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(card, JSON.parse(out.stdout));
  assert.deepEqual(Object.keys(card.fit.fitted), ["denominator", "scale"]);
});

test("a bad line and a bad option are named", () => {
  assert.throws(
    () => pkg.calibrate('{"id": "a", "human": 120, "output": "+3 ok"}\n'),
    { name: "TypeError", message: 'line 1: subject "a": "human" is 120, outside the scale 0:100 (--human-scale)' },
  );
  assert.throws(() => pkg.calibrate(42), { name: "TypeError", message: /^gold must be the gold set's JSON Lines text/ });
});
