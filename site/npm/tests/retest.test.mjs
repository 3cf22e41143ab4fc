// `retest` gives the object and the report `pickanumber retest` prints, and names a bad run.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO, cli, pkg } from "./helpers.mjs";

const RUNS = join(REPO, "examples/docs/retest-runs.jsonl");

test("the object and the report are the CLI's", () => {
  const text = readFileSync(RUNS, "utf8");
  const ours = pkg.retest(text, { failUnder: 60, naiveScale: "1:10", by: "probe" });
  const out = cli(["retest", RUNS, "--json", "--fail-under", "60", "--naive-scale", "1:10", "--by", "probe"]);
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(ours, JSON.parse(out.stdout));
  const report = cli(["retest", RUNS, "--report", "--fail-under", "60", "--naive-scale", "1:10"]);
  assert.equal(pkg.retest(text, { failUnder: 60, naiveScale: "1:10", report: true }), report.stdout);
});

test("a prose run and a bad option are named", () => {
  assert.throws(
    () => pkg.retest('{"work": "a", "output": "+1 x"}\n{"work": "a", "output": "fine by me"}\n'),
    {
      name: "TypeError",
      message:
        'line 2: work "a": the output gives no score: no items read: the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass; there is no score',
    },
  );
  assert.throws(() => pkg.retest(42), { name: "TypeError", message: /^runs must be the runs' JSON Lines text/ });
  assert.throws(() => pkg.retest("", { by: "work" }), { name: "TypeError", message: /^by must be a label's key/ });
});
