// The judge example (examples/promptfoo/judge/) run by the real promptfoo CLI with the echo
// provider as the tested model and scripted grading providers (grader.mjs): no network,
// telemetry, update checks or cache. Each test's score is `judge`'s for the same answers, the
// reason names each pass, each grader left out and any invented evidence, and a test whose
// graders all fail is promptfoo's error naming each, never a score. promptfoo-run.mjs runs it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { REPO, pkg } from "./helpers.mjs";
import { PROMPTFOO, evaluate, install, scratch } from "./promptfoo-run.mjs";

/** The example's config, parsed the simple way its layout allows: each test's graders. */
function graders(config) {
  const vars = Object.fromEntries(
    [...config.matchAll(/^ {4}(\w+): &\w+ '(.*)'$/gm)].map(([, name, text]) => [name, text.replaceAll("''", "'")]),
  );
  return config.split(/^ {2}- description: /m).slice(1).map((block) => {
    const panel = [...block.matchAll(/label: (\w+), config: \{ (answer|error): ([^}]*) \}/g)];
    return {
      name: block.split("\n")[0],
      panel: panel.map(([, label, kind, value]) => {
        const v = value.trim();
        const text = v.startsWith("*") ? vars[v.slice(1)] : v.slice(1, -1).replaceAll("''", "'");
        return { label, kind, text };
      }),
    };
  });
}

test("promptfoo's grading providers judge the output and the formula scores their items", async (t) => {
  const { dir, tarball } = scratch(t, "pickanumber-promptfoo-judge-");
  for (const folder of ["promptfoo", "rubrics"]) {
    cpSync(join(REPO, "examples", folder), join(dir, "examples", folder), { recursive: true });
  }
  const example = join(dir, "examples/promptfoo/judge");
  install(example, tarball);
  // promptfoo as a project that runs it has it installed (the assertion imports it).
  mkdirSync(join(example, "node_modules"), { recursive: true });
  symlinkSync(PROMPTFOO, join(example, "node_modules/promptfoo"), "dir");
  const results = evaluate(dir, example);
  const config = readFileSync(join(example, "promptfooconfig.yaml"), "utf8");
  const work = config.match(/^ {4}work: \|\n((?: {6}.*\n)+)/m)[1].replaceAll(/^ {6}/gm, "").trimEnd();
  const rubric = { path: join(dir, "examples/rubrics/generic.toml") };
  const cases = graders(config);
  assert.deepEqual(results.map((r) => r.testCase.description), cases.map((c) => c.name));
  const byName = Object.fromEntries(results.map((r) => [r.testCase.description, r]));
  for (const { name, panel } of cases) {
    const r = byName[name];
    const judges = Object.fromEntries(
      panel.map(({ label, kind, text }) => [label, kind === "error" ? () => { throw new Error(text); } : () => text]),
    );
    let want;
    try {
      want = await pkg.judge(work, rubric, judges, { failUnder: 55 });
    } catch (e) {
      assert.ok(e instanceof pkg.JudgeError, `${name}: ${e}`);
      // No score: promptfoo's error names each grader.
      assert.equal(r.success, false, name);
      for (const label of Object.keys(e.failures)) assert.match(r.error, new RegExp(`\\n${label}: `), name);
      assert.match(r.error, /^JudgeError: no judge gave a score|no judge gave a score/, name);
      continue;
    }
    assert.equal(r.response.output, work, `${name}: the echo provider's output is the work`);
    const [graded] = r.gradingResult.componentResults;
    assert.equal(graded.score, want.final / 100, name);
    assert.equal(graded.pass, want.gate.passed, name);
    assert.equal(r.success, want.gate.passed, name);
    assert.deepEqual(graded.namedScores, Object.fromEntries(want.passes.map((p) => [p.name, p.final / 100])), name);
    assert.deepEqual(graded.metadata.graderOutputs, Object.fromEntries(Object.entries(want.judges).map(([n, j]) => [n, j.answer ?? ""])), name);
    const [low, high] = want.interval;
    assert.ok(graded.reason.startsWith(`final ${want.final}, interval (90 %) ${low} to ${high}, confidence `), graded.reason);
    assert.ok(graded.reason.includes(`passes: ${want.passes.map((p) => `${p.name} ${p.final}`).join(", ")}`), graded.reason);
    for (const [label, j] of Object.entries(want.judges)) {
      if (j.error) assert.ok(graded.reason.includes(`judge ${label} left out: ${j.error}`), graded.reason);
    }
  }
  const reasons = Object.fromEntries(
    results.filter((r) => r.gradingResult?.componentResults).map((r) => [r.testCase.description, r.gradingResult.componentResults[0].reason]),
  );
  assert.match(reasons["one grader fails and the other scores"], /judge gemini left out: Error: HTTP 529 overloaded/);
  assert.match(reasons["one grader writes prose instead of JSON"], /judge chatty left out: the answer is prose, not the items asked for/);
  // A grader left out fails the gate: by default every grader must score (minJudges).
  assert.match(reasons["one grader fails and the other scores"], /1 of 2 judges gave a score, under 2 \(minJudges\); left out: gemini$/);
  assert.match(reasons["one grader invents evidence"], /invented evidence left out: gpt 0\.50/);
  assert.match(reasons["two graders disagree"], /final \d+ is under 55 \(failUnder\)/);
  assert.deepEqual(results.map((r) => r.success), [true, false, false, false, true, false]);
});

test("promptfooJudge refuses what is not promptfoo's loadApiProvider, and a config without graders", async () => {
  assert.throws(() => pkg.promptfooJudge(undefined), { name: "TypeError", message: /promptfoo's loadApiProvider/ });
  const assertion = pkg.promptfooJudge(async () => ({ callApi: async () => ({ output: "{}" }) }));
  await assert.rejects(assertion("work", { config: { rubric: "r.toml" } }), { name: "TypeError", message: /^config\.providers: list the grading providers/ });
  await assert.rejects(assertion("work", { config: { providers: ["echo"] } }), { name: "TypeError", message: "config.rubric: must be the rubric file's path, not undefined" });
  await assert.rejects(assertion("work", { config: { rubric: "r.toml", providers: [{ label: "x" }] } }), {
    name: "TypeError",
    message: "config.providers[0]: must be a provider id or { id, label, config }, not an object",
  });
});

test("without config.providers, the test's grading provider is the one grader, loaded or not", async () => {
  const rubric = join(REPO, "examples/rubrics/generic.toml");
  const answer = JSON.stringify({ items: [{ perspective: "sme", text: "inputs are checked", evidence: '"validates every input"', impact: 3 }] });
  const work = "The service validates every input.";
  const seen = [];
  const assertion = pkg.promptfooJudge(async (id) => (seen.push(id), { callApi: async () => ({ output: answer }) }));
  const byId = await assertion(work, { config: { rubric }, test: { options: { provider: "openai:gpt-5" } } });
  assert.deepEqual(seen, ["openai:gpt-5"]);
  assert.deepEqual(Object.keys(byId.namedScores), ["openai:gpt-5"]);
  const loaded = { id: () => "anthropic:claude", callApi: async () => ({ output: answer }) };
  const byProvider = await assertion(work, { config: { rubric }, test: { options: { provider: loaded } } });
  assert.deepEqual(Object.keys(byProvider.namedScores), ["anthropic:claude"]);
  assert.equal(byProvider.score, byId.score);
});

test("a grading provider's tokenUsage is its pass's tokens in the result", async () => {
  const rubric = join(REPO, "examples/rubrics/generic.toml");
  const answer = JSON.stringify({ items: [{ perspective: "sme", text: "inputs are checked", evidence: '"validates every input"', impact: 3 }] });
  const provider = { id: () => "openai:gpt-5", callApi: async () => ({ output: answer, tokenUsage: { prompt: 900, completion: 40, total: 940 } }) };
  const out = await pkg.promptfooJudge(async () => provider)("The service validates every input.", {
    config: { rubric },
    test: { options: { provider } },
  });
  assert.deepEqual(out.metadata.pickanumber.judges["openai:gpt-5"].usage, { input_tokens: 900, output_tokens: 40 });
  assert.deepEqual(out.metadata.pickanumber.usage, { input_tokens: 900, output_tokens: 40 });
});
