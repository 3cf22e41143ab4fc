// The judge on record: the card says what the loop sent, the cache of answers calls no judge
// on a rerun, what each call cost, and `repeat` writing the runs file `retest` reads.

import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, pkg } from "./helpers.mjs";

const RUBRIC = { path: join(REPO, "examples/rubrics/generic.toml") };
const WORK = [
  "The service validates every input before it is stored.",
  "Retries are capped at 3 with exponential backoff.",
  "The README has no section on configuration.",
  "",
].join("\n");
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

/** A judge that counts its calls. */
function counted(text) {
  const fn = () => {
    fn.calls += 1;
    return text;
  };
  fn.calls = 0;
  return fn;
}

/** The result without what a cache hit changes on purpose (cached, the cost). */
function withoutCacheMarks(v) {
  const d = JSON.parse(JSON.stringify(v));
  delete d.usage;
  for (const j of Object.values(d.judges)) {
    delete j.cached;
    delete j.usage;
  }
  return d;
}

test("the card carries each judge's params and the hash of the prompt sent", async () => {
  let sent;
  const spy = (prompt) => {
    sent = prompt;
    return GOOD;
  };
  const v = await pkg.judge(WORK, RUBRIC, {
    claude: { call: spy, model: "claude-x", temperature: 0, maxTokens: 4096 },
    gpt: counted(AGREES),
  });
  assert.deepEqual(v.card.graders, [
    { name: "claude", model: "claude-x", temperature: 0, max_tokens: 4096 },
    { name: "gpt", model: null, temperature: null, max_tokens: null },
  ]);
  assert.equal(v.card.prompt, createHash("sha256").update(sent).digest("hex"));
});

test("a rerun with the cache calls no judge; a changed work calls them again", async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "pickanumber-cache-")), "c");
  const a = counted(GOOD);
  const b = counted(AGREES);
  const judges = { claude: { call: a, model: "claude-x" }, gpt: b };
  const first = await pkg.judge(WORK, RUBRIC, judges, { cache: dir });
  assert.deepEqual([a.calls, b.calls], [1, 1]);
  const again = await pkg.judge(WORK, RUBRIC, judges, { cache: dir });
  assert.deepEqual([a.calls, b.calls], [1, 1], "a rerun calls no judge");
  assert.deepEqual(withoutCacheMarks(again), withoutCacheMarks(first));
  assert.equal(again.judges.gpt.cached, true);
  assert.deepEqual(again.judges.gpt.usage, { input_tokens: 0, output_tokens: 0 });
  assert.match(again.report, /\* gpt: from the cache, costs nothing\n/);
  await pkg.judge(`${WORK}One more line.\n`, RUBRIC, judges, { cache: dir });
  assert.deepEqual([a.calls, b.calls], [2, 2], "a changed work calls every judge again");
});

test("a damaged entry is named and its judge called again", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-cache-"));
  const a = counted(GOOD);
  await pkg.judge(WORK, RUBRIC, { claude: a }, { cache: dir });
  const [entry] = readdirSync(dir).filter((f) => !f.startsWith("."));
  writeFileSync(join(dir, entry), '{"format": 1, "cut off');
  const v = await pkg.judge(WORK, RUBRIC, { claude: a }, { cache: dir });
  assert.equal(a.calls, 2);
  assert.equal(v.cache_damaged.length, 1);
  assert.ok(v.cache_damaged[0].startsWith(`the cache entry ${join(dir, entry)} is damaged (`), v.cache_damaged[0]);
  assert.ok(v.cache_damaged[0].endsWith("); it is ignored and the grader is called again"));
  await pkg.judge(WORK, RUBRIC, { claude: a }, { cache: dir });
  assert.equal(a.calls, 2, "the answer called again replaced the damaged entry");
});

test("a cache path that cannot be written is refused before any call", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-cache-"));
  const file = join(dir, "file");
  writeFileSync(file, "x");
  const a = counted(GOOD);
  await assert.rejects(pkg.judge(WORK, RUBRIC, { claude: a }, { cache: file }), {
    name: "TypeError",
    message: new RegExp(`^cache folder ${file} cannot be written \\(EEXIST\\): give a folder you can write$`),
  });
  if (process.getuid?.() !== 0) {
    const ro = join(dir, "ro");
    mkdirSync(ro);
    chmodSync(ro, 0o500);
    await assert.rejects(pkg.judge(WORK, RUBRIC, { claude: a }, { cache: ro }), { message: /^cache folder .* cannot be written/ });
  }
  assert.equal(a.calls, 0);
});

test("a pass with usage reports its tokens, per judge and in total", async () => {
  const v = await pkg.judge(WORK, RUBRIC, {
    claude: () => new pkg.Answer(GOOD, { usage: { inputTokens: 1200, outputTokens: 80 } }),
    gpt: async () => new pkg.Answer(JSON.parse(AGREES), { usage: { inputTokens: 1100, outputTokens: 60 } }),
  });
  assert.deepEqual(v.judges.claude.usage, { input_tokens: 1200, output_tokens: 80 });
  assert.deepEqual(v.usage, { input_tokens: 2300, output_tokens: 140 });
  assert.ok(
    v.report.endsWith("## Cost\n\n* claude: 1200 tokens in, 80 out\n* gpt: 1100 tokens in, 60 out\n* total: 2300 tokens in, 140 out\n"),
    v.report,
  );
  assert.throws(() => new pkg.Answer("x", { usage: { prompt: 3 } }), {
    message: "usage must be { inputTokens, outputTokens }, not an object with prompt",
  });
});

test("repeat writes a runs file that retest reads", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-runs-"));
  const scripted = [GOOD, AGREES, GOOD];
  let calls = 0;
  const claude = () => scripted[calls++ % 3];
  const runs = join(dir, "runs.jsonl");
  const v = await pkg.judge(WORK, RUBRIC, { claude }, { repeat: 3, runs, workId: "w1" });
  assert.equal(calls, 3);
  assert.equal(v.runs.length, 3);
  const lines = readFileSync(runs, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => [r.work, r.grader, r.output]), [["w1", "claude", GOOD], ["w1", "claude", AGREES], ["w1", "claude", GOOD]]);
  assert.ok(lines.every((r) => r.rubric === v.card.rubric));
  const r = pkg.retest(readFileSync(runs, "utf8"));
  assert.deepEqual(r.per_work[0].finals, v.runs.map((x) => x.final));
  await assert.rejects(pkg.judge(WORK, RUBRIC, { claude }, { repeat: 0 }), {
    message: "options.repeat must be a whole number of runs from 1 to 1000, not a number",
  });
});
