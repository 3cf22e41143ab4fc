// The promptfoo example (examples/promptfoo/) run by the real promptfoo CLI (the version the
// root package.json pins) with its echo provider: no network, telemetry, update checks and the
// cache off. Each test's pass, score and reason must be what the assertion computes with the
// package directly. promptfoo 0.123.1 needs Node 22.22 or later: `cargo xtask test` passes
// one in PICKANUMBER_NODE22 (Node 22 from npm), or this Node is used when it is new enough.

import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, pack, run } from "./helpers.mjs";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
const NODE = process.env.PICKANUMBER_NODE22 ?? (major > 22 || (major === 22 && minor >= 22) ? process.execPath : null);
const PROMPTFOO = join(REPO, "node_modules/promptfoo/dist/src/entrypoint.js");

test("promptfoo runs the example's assertion and reports what it computed", async (t) => {
  assert.ok(NODE, "promptfoo needs Node 22.22+: set PICKANUMBER_NODE22 (cargo xtask test does)");
  const pinned = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).devDependencies.promptfoo;
  const installed = JSON.parse(readFileSync(join(REPO, "node_modules/promptfoo/package.json"), "utf8"));
  assert.equal(installed.version, pinned);
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-promptfoo-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const example = join(dir, "example");
  cpSync(join(REPO, "examples/promptfoo"), example, { recursive: true });
  const [tarball] = pack(dir);
  writeFileSync(join(example, "package.json"), JSON.stringify({ private: true, type: "module" }));
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], example);
  const env = {
    ...process.env,
    PROMPTFOO_DISABLE_TELEMETRY: "1",
    PROMPTFOO_DISABLE_UPDATE: "1",
    PROMPTFOO_DISABLE_SHARING: "1",
    PROMPTFOO_DISABLE_REMOTE_GENERATION: "1",
    PROMPTFOO_CACHE_ENABLED: "false",
    PROMPTFOO_CONFIG_DIR: join(dir, "promptfoo-home"),
  };
  const args = [PROMPTFOO, "eval", "-c", "promptfooconfig.yaml", "--no-cache", "--no-write", "--no-share", "--no-table", "--no-progress-bar", "-o", "results.json"];
  const out = spawnSync(NODE, args, { cwd: example, env, encoding: "utf8" });
  // promptfoo exits 100 when some test fails, which the example means to show.
  assert.ok([0, 100].includes(out.status), `promptfoo exit ${out.status}: ${out.stderr}${out.stdout}`);
  const results = JSON.parse(readFileSync(join(example, "results.json"), "utf8")).results.results;
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
