// The npm half of the judge loop's differential test (site/python/tests/test_differential.py):
// reads `{ rubric, timeoutMs, panels: [{ work, options, graders: [{ name, kind, answer }] }] }`
// on stdin, runs every panel through the package's `judge` and through `promptfooJudge` with
// promptfoo's own `loadApiProvider` loading a scripted grading provider, all panels at once,
// and prints `{ npm: [verdict…], promptfoo: [verdict…] }`, each verdict the fields the test
// compares. Not a test file itself: the Python test runs it once with Node 22.

import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO, PKG } from "./helpers.mjs";

const pkg = await import(pathToFileURL(join(PKG, "index.js")).href);
const input = JSON.parse(readFileSync(0, "utf8"));

/** A grader that answers, throws or never answers, as its kind says. */
function grader({ kind, answer }) {
  if (kind === "raises") return () => { throw new Error(answer); };
  if (kind === "times_out") return () => new Promise(() => {});
  return () => answer;
}

/** The fields compared, from `judge`'s result or its JudgeError. */
function fields(result) {
  return {
    final: result.final,
    interval: result.interval ?? null,
    passes: result.passes.map((p) => [p.name, p.final]),
    failures: Object.fromEntries(Object.entries(result.judges).filter(([, j]) => j.error !== null).map(([n, j]) => [n, j.error])),
    passed: result.gate.passed,
    misses: result.gate.misses,
  };
}

function failed(e) {
  if (!(e instanceof pkg.JudgeError)) throw e;
  return { final: null, interval: null, passes: [], failures: e.failures, passed: false, misses: e.misses };
}

const rubric = { path: input.rubric };
const npm = await Promise.all(
  input.panels.map(({ work, options, graders }) =>
    pkg
      .judge(work, rubric, Object.fromEntries(graders.map((g) => [g.name, grader(g)])), { ...options, timeoutMs: input.timeoutMs })
      .then(fields, failed),
  ),
);

// promptfoo: its provider loader loads a scripted grading provider per grader.
const dir = mkdtempSync(join(tmpdir(), "pickanumber-differential-"));
const provider = join(dir, "grader.mjs");
writeFileSync(
  provider,
  `export default class Scripted {
  constructor(options = {}) { this.config = options.config ?? {}; this.label = options.label; }
  id() { return "scripted:" + this.label; }
  async callApi() {
    const { kind, answer } = this.config;
    if (kind === "raises") return { error: answer };
    if (kind === "times_out") return new Promise(() => {});
    return { output: answer };
  }
}
`,
);
const { loadApiProvider } = await import(pathToFileURL(join(REPO, "node_modules/promptfoo/dist/src/index.js")).href);
const assertion = pkg.promptfooJudge(loadApiProvider);
const promptfoo = await Promise.all(
  input.panels.map(async ({ work, options, graders }) => {
    const config = {
      rubric: input.rubric,
      timeoutMs: input.timeoutMs,
      ...options,
      providers: graders.map((g) => ({ id: `file://${provider}`, label: g.name, config: { kind: g.kind, answer: g.answer } })),
    };
    try {
      const r = await assertion(work, { config });
      return fields(r.metadata.pickanumber);
    } catch (e) {
      return failed(e);
    }
  }),
);
// Exits once the output is written (promptfoo's loader leaves handles open; the never-answering
// graders' promises too).
process.stdout.write(JSON.stringify({ npm, promptfoo }), () => process.exit(0));
