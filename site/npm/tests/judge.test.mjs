// `judge(work, rubric, judges)`: the rubric's prompt with the work goes to every judge at once;
// each answer is read on its own; evidence is checked against the work; the passes combine. A
// judge that throws, times out or writes prose is named, never averaged in; invented evidence
// is left out with its judge's rate in the result.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { REPO, PKG, pkg } from "./helpers.mjs";

const RUBRIC = { path: join(REPO, "examples/rubrics/generic.toml") };
const WORK = [
  "The service validates every input before it is stored.",
  "Retries are capped at 3 with exponential backoff.",
  "The README has no section on configuration.",
  "",
].join("\n");

/** A judge's JSON answer: items as [perspective, text, quote, impact]. */
const answer = (...items) =>
  JSON.stringify({ items: items.map(([perspective, text, q, impact]) => ({ perspective, text, evidence: `"${q}"`, impact })) });

const GOOD = answer(
  ["requester", "inputs are validated", "validates every input", 3],
  ["production", "retries are bounded", "Retries are capped at 3", 2],
  ["end_user", "configuration is undocumented", "has no section on configuration", -2],
);
const AGREES = answer(
  ["sme", "inputs are checked before storage", "validates every input before it is stored", 3],
  ["production", "backoff is exponential", "exponential backoff", 2],
);
const HARSH = answer(
  ["adversary", "nothing says what is validated", "validates every input", -3],
  ["end_user", "no configuration docs", "The README has no section on configuration", -3],
);
const INVENTS = answer(
  ["requester", "inputs are validated", "validates every input", 3],
  ["sme", "all errors are logged", "every error is logged with its request id", 5],
);
const PROSE = "Overall this is solid work. I'd say +3 for validation and -1 for docs.\n";
const is = (text) => () => text;

test("two judges agreeing combine, each sent the prompt with the work and the schema", async () => {
  const seen = [];
  const result = await pkg.judge(WORK, RUBRIC, {
    claude: (prompt, schema) => (seen.push([prompt, schema]), GOOD),
    gpt: async () => AGREES,
  });
  assert.deepEqual(seen, [[pkg.rubricPrompt(RUBRIC, { work: WORK }), pkg.rubricSchema(RUBRIC)]]);
  assert.ok(seen[0][0].startsWith(pkg.rubricPrompt(RUBRIC)));
  assert.ok(seen[0][0].endsWith(`## The work\n\nThe work you judge is the text below, in full. Quote it exactly.\n\n\`\`\`text\n${WORK}\`\`\`\n`));
  const want = pkg.combine({ claude: GOOD, gpt: AGREES }, { rubric: RUBRIC, against: WORK });
  const { judges, gate, ...rest } = result;
  assert.deepEqual(rest, want);
  assert.deepEqual(gate, { fail_under: null, min_confidence: null, require_self_check: false, passed: true, misses: [], min_judges: 2 });
  assert.deepEqual(judges, {
    claude: { answer: GOOD, error: null, failure: null },
    gpt: { answer: AGREES, error: null, failure: null },
  });
});

test("files are shown after the brief under their paths, with numbered lines", () => {
  const files = pkg.rubricPrompt(RUBRIC, { work: { "src/app.py": "def f():\n    return 1\n" } });
  assert.ok(files.endsWith("### `src/app.py`\n\n```text\n1\tdef f():\n2\t    return 1\n```\n"), files);
  assert.throws(() => pkg.rubricPrompt(RUBRIC, { work: 3 }), {
    name: "TypeError",
    message: "work must be the judged text (a string) or { path: text }, not a number",
  });
});

test("disagreeing judges show their spread", async () => {
  const result = await pkg.judge(WORK, RUBRIC, { kind: is(GOOD), harsh: is(HARSH) });
  const finals = Object.fromEntries(result.passes.map((p) => [p.name, p.final]));
  assert.ok(finals.kind > 50 && finals.harsh < 50, JSON.stringify(finals));
  assert.equal(result.spread[0].spread, finals.kind - finals.harsh);
});

test("a failing judge and a prose judge are named; the other still scores", async () => {
  const result = await pkg.judge(WORK, RUBRIC, {
    claude: is(GOOD),
    gemini: async () => {
      throw new Error("HTTP 529 overloaded");
    },
    chatty: is(PROSE),
  });
  assert.deepEqual(result.passes.map((p) => p.name), ["claude"]);
  assert.equal(result.final, pkg.combine({ claude: GOOD }, { rubric: RUBRIC, against: WORK }).final);
  assert.deepEqual(result.judges.gemini, {
    answer: null,
    error: "Error: HTTP 529 overloaded",
    failure: { kind: "raised", line: null, column: null },
  });
  assert.match(result.judges.chatty.error, /^the answer is prose, not the items asked for \(line 1: /);
  assert.equal(result.gate.passed, false);
  assert.deepEqual(result.gate.misses, ["1 of 3 judges gave a score, under 3 (minJudges); left out: gemini, chatty"]);
  assert.equal(result.judges.chatty.answer, PROSE);
});

test("invented evidence is left out and its judge's rate reported", async () => {
  const result = await pkg.judge(WORK, RUBRIC, { claude: is(GOOD), inventor: is(INVENTS) });
  const inventor = result.passes.find((p) => p.name === "inventor");
  assert.equal(inventor.evidence.invented_rate, 0.5);
  assert.equal(inventor.evidence.left_out, 1);
  assert.ok(result.evidence.items.some((i) => i.status === "not_found" && !i.counted));
  const all = answer(["sme", "all errors are logged", "every error is logged", 5]);
  const named = await pkg.judge(WORK, RUBRIC, { claude: is(GOOD), inventor: is(all) });
  assert.equal(
    named.judges.inventor.error,
    'every item it gave was left out: its evidence is not in the work (line 1: "every error is logged" is not in the work)',
  );
  assert.deepEqual(named.passes.map((p) => p.name), ["claude"]);
});

test("when every judge fails, the error names each; a slow judge times out", async () => {
  await assert.rejects(
    pkg.judge(WORK, RUBRIC, { a: () => { throw new RangeError("quota"); }, b: is("no JSON here") }),
    (e) => {
      assert.ok(e instanceof pkg.JudgeError);
      assert.deepEqual(Object.keys(e.failures), ["a", "b"]);
      assert.match(e.message, /^no judge gave a score:\na: RangeError: quota\nb: the answer is prose, not the items asked for/);
      assert.deepEqual(e.misses, ["no judge gave a score (2 left out: a, b)"]);
      return true;
    },
  );
  const started = Date.now();
  const result = await pkg.judge(WORK, RUBRIC, { a: is(GOOD), slow: () => new Promise(() => {}) }, { timeoutMs: 200 });
  assert.ok(Date.now() - started < 5000);
  assert.equal(result.judges.slow.error, "no answer within the timeout of 0.2 s");
});

test("the cases of the judge loop's verdict: each failure named with its reason, the good judge still scoring", async () => {
  const cut = GOOD.slice(0, 100);
  const busyMs = 1500;
  const invents = {
    items: [
      { perspective: "sme", text: "errors are logged", evidence: '"every error is logged"', impact: 3 },
      { perspective: "sme", text: "metrics exist", evidence: '"exports Prometheus metrics"', impact: 2 },
      { perspective: "production", text: "alerts fire", evidence: '"pages the on-call engineer"', impact: 2 },
    ],
  };
  const started = Date.now();
  const result = await pkg.judge(
    WORK,
    RUBRIC,
    {
      good: is(GOOD),
      upstream: async () => {
        const e = new Error("upstream 504 from the gateway");
        e.name = "TimeoutError";
        throw e;
      },
      // A busy synchronous judge cannot be interrupted; its answer, late, is not read.
      busy: () => {
        const until = Date.now() + busyMs;
        while (Date.now() < until);
        return GOOD;
      },
      never: () => new Promise(() => {}),
      big: () => "x".repeat(70 * 1024 * 1024),
      empty: is("[]"),
      emptyObject: () => ({ items: [] }),
      cut: is(cut),
      parsed: () => invents,
    },
    { timeoutMs: 500, failUnder: 60 },
  );
  assert.ok(Date.now() - started < busyMs + 3000);
  assert.deepEqual(result.passes.map((p) => p.name), ["good"]);
  assert.equal(result.final, pkg.combine({ good: GOOD }, { rubric: RUBRIC, against: WORK }).final);
  const errors = Object.fromEntries(Object.entries(result.judges).map(([n, j]) => [n, [j.failure?.kind ?? null, j.error]]));
  assert.deepEqual(errors.upstream, ["raised", "TimeoutError: upstream 504 from the gateway"]);
  assert.deepEqual(errors.busy, ["timed_out", "no answer within the timeout of 0.5 s"]);
  assert.deepEqual(errors.never, ["timed_out", "no answer within the timeout of 0.5 s"]);
  assert.deepEqual(errors.big, ["too_large", "the answer is 73400320 bytes, over 64 MiB, the most pickanumber reads from one input"]);
  assert.deepEqual(errors.empty, ["empty", "the answer holds no items (an empty list): no evidence is no score, not the centre of the scale"]);
  assert.deepEqual(errors.emptyObject, errors.empty);
  assert.equal(errors.cut[0], "cut_off");
  assert.match(errors.cut[1], /^the answer is cut off: its JSON stops at line 1, column \d+ \(invalid JSON: /);
  assert.equal(result.judges.cut.failure.line, 1);
  assert.equal(errors.parsed[0], "all_left_out");
  assert.equal(errors.parsed[1].match(/" is not in the work/g).length, 3);
  assert.equal(result.gate.passed, false);
  assert.deepEqual(result.gate.misses, [
    "1 of 9 judges gave a score, under 9 (minJudges); left out: upstream, busy, never, big, empty, emptyObject, cut, parsed",
  ]);
  const relaxed = await pkg.judge(WORK, RUBRIC, { good: is(GOOD), empty: is("[]") }, { minJudges: 1, failUnder: 60 });
  assert.equal(relaxed.gate.passed, true);
  await assert.rejects(pkg.judge(WORK, RUBRIC, { good: is(GOOD) }, { minJudges: 2 }), {
    name: "TypeError",
    message: "minJudges 2 is not a number of graders from 1 to 1 (the graders given)",
  });
});

test("options reach combine; bad arguments say what is expected", async () => {
  const gated = await pkg.judge(WORK, RUBRIC, { a: is(GOOD) }, { failUnder: 95 });
  assert.equal(gated.gate.passed, false);
  const parsed = await pkg.judge(WORK, RUBRIC, { a: () => JSON.parse(GOOD) });
  assert.equal(parsed.judges.a.error, null);
  for (const [args, message] of [
    [[WORK, RUBRIC, {}], /^judges must be a non-empty object/],
    [[WORK, RUBRIC, { a: "gpt-5" }], /^judges\.a is a string, not a function/],
    [[WORK, null, { a: is(GOOD) }], /^judge needs a rubric/],
    [[WORK, RUBRIC, { a: is(GOOD) }, { against: "x" }], /^judge takes no options\.against/],
    [[WORK, RUBRIC, { a: is(GOOD) }, { timeoutMs: 0 }], /^options\.timeoutMs must be/],
    [[42, RUBRIC, { a: is(GOOD) }], /^work must be the judged text/],
  ]) {
    await assert.rejects(pkg.judge(...args), { name: "TypeError", message });
  }
});

test("index.d.ts types judge as a TypeScript user meets it", (t) => {
  const app = mkdtempSync(join(tmpdir(), "pickanumber-judge-types-"));
  t.after(() => rmSync(app, { recursive: true, force: true }));
  mkdirSync(join(app, "node_modules"));
  symlinkSync(PKG, join(app, "node_modules/pickanumber"), "dir");
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  writeFileSync(join(app, "check.ts"), `import { judge, rubricPrompt, JudgeError } from "pickanumber";
import type { Judge, Judgement } from "pickanumber";
const claude: Judge = async (prompt, schema) => JSON.stringify({ items: [], prompt, schema });
const j: Promise<Judgement> = judge({ "a.py": "x = 1" }, { path: "r.toml" }, { claude, gpt: () => "{}" }, { timeoutMs: 1000, failUnder: 60 });
j.then((r) => r.judges.claude.error?.length, (e) => e instanceof JudgeError && e.failures.claude);
const p: string = rubricPrompt("subject = 'x'", { work: "the text" });
// @ts-expect-error: the work is the first argument, not an option
judge("w", "subject = 'x'", { claude }, { against: "w" });
// @ts-expect-error: a judge is a function
judge("w", "subject = 'x'", { claude: "anthropic/claude" });
// promptfoo's loadApiProvider (its signature, as promptfoo 0.123 declares it) fits where
// promptfooJudge takes it; promptfoo's own types are not checked here.
import { promptfooJudge } from "pickanumber";
declare function loadApiProvider(providerPath: string, context?: { options?: { id?: string; label?: string; config?: any }; basePath?: string; env?: Record<string, string> }): Promise<{ id(): string; callApi(prompt: string, context?: object): Promise<{ output?: any; error?: string; cached?: boolean }> }>;
const assertion = promptfooJudge(loadApiProvider);
assertion("out", { config: { rubric: "r.toml", providers: ["openai:gpt-5"] } }).then((g) => g.namedScores);
export { p };
`);
  const tsc = join(REPO, "node_modules/typescript/bin/tsc");
  const out = spawnSync(process.execPath, [tsc, "--noEmit", "--strict", "--module", "nodenext", "--target", "es2022", "check.ts"], { cwd: app, encoding: "utf8" });
  assert.equal(out.status, 0, out.stdout + out.stderr);
});
