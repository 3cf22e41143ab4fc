// The package's results against the CLI's JSON: the repository's examples and seeded random
// inputs with random options, compared key for key after parsing; and the markdown report.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, pkg, cli, flags, random, input, options, asPackage } from "./helpers.mjs";

/** The CLI's JSON for `text` under `opts`, and the package's, for one comparison. */
function both(text, opts = {}, extra = []) {
  const out = cli(["score", ...flags(opts), ...extra], text);
  assert.ok([0, 1, 3].includes(out.status), `CLI exit ${out.status}: ${out.stderr}`);
  return [asPackage(JSON.parse(out.stdout)), out.status];
}

/** Every evidence block of the site's pages and the examples, and the example item files. */
function examples() {
  const out = [];
  const dirs = [join(REPO, "content"), join(REPO, "examples")];
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (name.endsWith(".txt")) out.push([name, readFileSync(file, "utf8")]);
      if (!name.endsWith(".md")) continue;
      const blocks = readFileSync(file, "utf8").split(/^```evidence[^\n]*\n/m).slice(1);
      blocks.forEach((b, i) => out.push([`${name} block ${i + 1}`, b.split(/^```/m)[0]]));
    }
  }
  return out;
}

test("the examples score as the CLI scores them", () => {
  const found = examples();
  assert.ok(found.length >= 10, `only ${found.length} examples found`);
  for (const [name, text] of found) {
    for (const opts of [{}, { mode: "pooled" }, { mode: "matrix", preset: "generic" }]) {
      const [expected] = both(text, opts);
      assert.deepEqual(pkg.analyse(text, opts), expected, `${name} ${JSON.stringify(opts)}`);
    }
  }
});

test("500 seeded random inputs and options score as the CLI scores them", () => {
  const rng = random(20261124);
  const statuses = new Set();
  for (let i = 0; i < 500; i++) {
    const text = input(rng);
    const opts = options(rng);
    const [expected, status] = both(text, opts);
    statuses.add(status);
    assert.deepEqual(pkg.analyse(text, opts), expected, `case ${i}: ${JSON.stringify({ text, opts })}`);
  }
  // The generator reaches clean inputs, inputs with errors and missed gates.
  assert.deepEqual([...statuses].sort(), [0, 1, 3]);
});

test("100 seeded random sets of passes combine as pickanumber combine does", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-combine-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const rng = random(424242);
  const statuses = new Set();
  for (let i = 0; i < 100; i++) {
    const passes = Array.from({ length: 1 + Math.floor(rng() * 4) }, (_, k) => ({ name: `judge${k}`, items: input(rng) }));
    const opts = options(rng);
    const files = passes.map((p) => {
      const file = join(dir, `${i}-${p.name}.txt`);
      writeFileSync(file, p.items);
      return `${p.name}=${file}`;
    });
    const out = cli(["combine", ...flags(opts), ...files]);
    assert.ok([0, 1, 3].includes(out.status), `case ${i}: CLI exit ${out.status}: ${out.stderr}`);
    statuses.add(out.status);
    const expected = asPackage(JSON.parse(out.stdout));
    assert.deepEqual(pkg.combine(passes, opts), expected, `case ${i}: ${JSON.stringify({ passes, opts })}`);
    const byName = Object.fromEntries(passes.map((p) => [p.name, p.items]));
    assert.deepEqual(pkg.combine(byName, opts), expected, `case ${i} (object)`);
  }
  assert.deepEqual([...statuses].sort(), [0, 1, 3]);
  // One text with ## Pass: headings is several passes, as the CLI reads one such file.
  const headed = "## Pass: a\n(+3, craft) x\n## Pass: b\n(-1, craft) y\n";
  writeFileSync(join(dir, "headed.txt"), headed);
  const expected = JSON.parse(cli(["combine", join(dir, "headed.txt")]).stdout);
  assert.deepEqual(pkg.combine([{ name: "headed", items: headed }]), expected);
  assert.deepEqual(pkg.analyse(headed), expected);
});

test("a rubric scores a judge's output as score --rubric does", () => {
  const file = join(REPO, "examples/rubrics/pull-request.toml");
  const rubric = readFileSync(file, "utf8");
  const rng = random(7);
  for (let i = 0; i < 40; i++) {
    const items = Array.from({ length: Math.floor(rng() * 12) }, () => ({
      perspective: ["requester", "sme", "end_user", "production", "adversary", "ceo"][Math.floor(rng() * 6)],
      criterion: ["craft", "depth", "speed"][Math.floor(rng() * 3)],
      text: "an observation",
      evidence: "file.rs:12",
      impact: [5, 3, 2, 1, -1, -2, -3, -5][Math.floor(rng() * 8)],
    }));
    const text = JSON.stringify({ items });
    const out = cli(["score", "--rubric", file], text);
    assert.deepEqual(pkg.analyse(text, { rubric }), JSON.parse(out.stdout), `case ${i}`);
    assert.deepEqual(pkg.analyse({ items }, { rubric }), JSON.parse(out.stdout), `case ${i} (object)`);
    const report = cli(["score", "--rubric", file, "--report"], text);
    assert.equal(pkg.report(text, { rubric }), report.stdout, `case ${i} (report)`);
  }
});

test("the markdown report is the CLI's --report", () => {
  const rng = random(99);
  for (let i = 0; i < 60; i++) {
    const text = input(rng);
    const opts = options(rng);
    const out = cli(["score", "--report", ...flags(opts)], text);
    assert.equal(pkg.report(text, opts), out.stdout, `case ${i}: ${JSON.stringify({ text, opts })}`);
  }
});

test("a rubric's prompt and schema are the CLI's", () => {
  for (const name of readdirSync(join(REPO, "examples/rubrics"))) {
    const file = join(REPO, "examples/rubrics", name);
    const rubric = readFileSync(file, "utf8");
    assert.equal(pkg.rubricPrompt(rubric), cli(["rubric", "prompt", file]).stdout, name);
    assert.deepEqual(pkg.rubricSchema(rubric), JSON.parse(cli(["rubric", "schema", file]).stdout), name);
  }
});
