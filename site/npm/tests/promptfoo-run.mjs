// Shared by the promptfoo tests: the Node that runs promptfoo, the example copied into a
// scratch folder with the packed package installed as a project installs it, and one
// `promptfoo eval` of it with no network, telemetry, update checks, sharing or cache.
// promptfoo 0.123.1 needs Node 22.22 or later: `cargo xtask test` passes one in
// PICKANUMBER_NODE22 (Node 22 from npm), or this Node is used when it is new enough.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, pack, run } from "./helpers.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
/** The Node that runs promptfoo, or `null` when none is new enough. */
export const NODE = process.env.PICKANUMBER_NODE22 ?? (major > 22 || (major === 22 && minor >= 22) ? process.execPath : null);
/** The promptfoo the root package.json pins, installed in the repository's node_modules. */
export const PROMPTFOO = join(REPO, "node_modules/promptfoo");

/**
 * A scratch folder for test `t` (removed after it), with the packed package's tarball in it:
 * `{ dir, tarball }`. Fails first when no Node can run promptfoo.
 */
export function scratch(t, prefix) {
  assert.ok(NODE, "promptfoo needs Node 22.22+: set PICKANUMBER_NODE22 (cargo xtask test does)");
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const [tarball] = pack(dir);
  return { dir, tarball };
}

/** Installs `tarball` into the example folder `example`, as a project that uses it does. */
export function install(example, tarball) {
  writeFileSync(join(example, "package.json"), JSON.stringify({ private: true, type: "module" }));
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], example);
}

/**
 * Runs `promptfoo eval` of `example`'s promptfooconfig.yaml (its home in `dir`) and returns
 * its results in the config's order. promptfoo exits 100 when a test fails or errs, which the
 * examples mean to show; any other exit fails the test.
 */
export function evaluate(dir, example) {
  const env = {
    ...process.env,
    PROMPTFOO_DISABLE_TELEMETRY: "1",
    PROMPTFOO_DISABLE_UPDATE: "1",
    PROMPTFOO_DISABLE_SHARING: "1",
    PROMPTFOO_DISABLE_REMOTE_GENERATION: "1",
    PROMPTFOO_CACHE_ENABLED: "false",
    PROMPTFOO_CONFIG_DIR: join(dir, "promptfoo-home"),
  };
  const entry = join(PROMPTFOO, "dist/src/entrypoint.js");
  const args = [entry, "eval", "-c", "promptfooconfig.yaml", "--no-cache", "--no-write", "--no-share", "--no-table", "--no-progress-bar", "-o", "results.json"];
  const out = spawnSync(NODE, args, { cwd: example, env, encoding: "utf8" });
  assert.ok([0, 100].includes(out.status), `promptfoo exit ${out.status}: ${out.stderr}${out.stdout}`);
  const { results } = JSON.parse(readFileSync(join(example, "results.json"), "utf8")).results;
  return results.sort((a, b) => a.testIdx - b.testIdx);
}
