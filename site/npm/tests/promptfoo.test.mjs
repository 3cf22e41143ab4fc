// The promptfoo example (examples/promptfoo/) run by the real promptfoo CLI (the version the
// root package.json pins) with its echo provider (promptfoo-run.mjs runs it). Each test's
// pass, score and reason must be what the assertion computes with the package directly.

import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "./helpers.mjs";
import { PROMPTFOO, evaluate, install, scratch } from "./promptfoo-run.mjs";

test("promptfoo runs the example's assertion and reports what it computed", async (t) => {
  const pinned = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).devDependencies.promptfoo;
  const installed = JSON.parse(readFileSync(join(PROMPTFOO, "package.json"), "utf8"));
  assert.equal(installed.version, pinned);
  const { dir, tarball } = scratch(t, "pickanumber-promptfoo-");
  const example = join(dir, "example");
  cpSync(join(REPO, "examples/promptfoo"), example, { recursive: true });
  install(example, tarball);
  const results = evaluate(dir, example);
  const config = readFileSync(join(example, "promptfooconfig.yaml"), "utf8");
  assert.equal(results.length, (config.match(/^  - description:/gm) ?? []).length);
  const assertion = (await import(pathToFileURL(join(example, "assert.mjs")).href)).default;
  for (const r of results) {
    const [graded] = r.gradingResult.componentResults;
    const name = r.testCase.description;
    assert.ok(graded.assertion.config, `${name}: no config in the assertion`);
    const expected = assertion(r.response.output, { config: graded.assertion.config });
    assert.equal(r.success, expected.pass, name);
    assert.equal(graded.reason, expected.reason, name);
    assert.equal(graded.score, expected.score, name);
  }
  assert.deepEqual(results.map((r) => r.success), [true, false, false, false]);
  // Every example's items have a score, the one with an item error too: the assertion reports
  // the formula's score, never a 0 it made up.
  const scores = results.map((r) => r.gradingResult.componentResults[0].score);
  assert.ok(scores.every((s) => s > 0), `scores ${scores}`);
});
