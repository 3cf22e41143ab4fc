// The options of `analyse`, the errors it throws (TypeErrors with exact messages, never a
// WebAssembly trap), the README's worked example and the package's manifest.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, PKG, pkg, cli } from "./helpers.mjs";

const ITEMS = "+5 every endpoint has a test\n-2 the build takes 9 minutes\n";

test("each option changes the result as its CLI flag does", () => {
  const base = pkg.analyse(ITEMS);
  assert.equal(base.mode, "pooled");
  assert.equal(pkg.analyse(ITEMS, { mode: "matrix", preset: "hackathon" }).mode, "matrix");
  assert.equal(pkg.analyse("## Working\n+3 a\n").mode, "feedback");
  const weighted = pkg.analyse("(+5, craft) a\n(-2, depth) b\n", { weights: { craft: 0.6, depth: 0.4 } });
  assert.deepEqual(weighted.criteria.map((c) => [c.name, c.weight]), [["craft", 0.6], ["depth", 0.4]]);
  assert.deepEqual(pkg.analyse("(+5, craft) a\n(-2, depth) b\n", { weights: "craft=0.6,depth=0.4" }), weighted);
  assert.equal(pkg.analyse("prose\n+3 a\n", { strict: true }).errors.length, 1);
  assert.equal(pkg.analyse("prose\n+3 a\n").errors.length, 0);
  assert.notEqual(pkg.analyse(ITEMS, { denominator: 2 }).confidence, base.confidence);
  assert.notEqual(pkg.analyse(ITEMS, { scale: 2 }).final_unrounded, base.final_unrounded);
  const gated = pkg.analyse(ITEMS, { failUnder: 70, minConfidence: 0.5, requireSelfCheck: true });
  assert.deepEqual(gated.gate, {
    fail_under: 70,
    min_confidence: 0.5,
    require_self_check: true,
    passed: false,
    misses: [
      "final 63 is under 70 (failUnder)",
      "confidence 0.10 is under 0.5 (minConfidence)",
      "the self-check needs matrix mode; this input was scored in pooled mode (requireSelfCheck)",
    ],
  });
  // Left-out options: undefined and null are both "not given"; no gate object without a threshold.
  assert.deepEqual(pkg.analyse(ITEMS, { mode: undefined, failUnder: null }), base);
  assert.deepEqual(pkg.analyse(ITEMS, null), base);
  assert.equal("gate" in base, false);
});

test("every miss of the gate names the options key, word for word", () => {
  const all = { failUnder: 70, minConfidence: 0.5, requireSelfCheck: true };
  const misses = (items, extra = {}) => pkg.analyse(items, { ...all, ...extra }).gate.misses;
  assert.deepEqual(misses("nothing to read\n"), [
    "there is no score to compare with failUnder",
    "there is no confidence to compare with minConfidence",
    "the self-check needs matrix mode; this input was scored in pooled mode (requireSelfCheck)",
  ]);
  assert.deepEqual(misses("(+3, craft) a\n(+3, depth) b\n", { mode: "matrix" }), [
    "overall 68 is under 70 (failUnder)",
    "confidence 0.05 is under 0.5 (minConfidence)",
    "the self-check fails: the criteria span 0 points, under 20 (requireSelfCheck)",
  ]);
  assert.deepEqual(misses("(+3, craft) a\n", { mode: "matrix", weights: "craft=0" }), [
    "there is no score to compare with failUnder",
    "there is no confidence to compare with minConfidence",
    "the weights cannot be used, so there is no self-check (requireSelfCheck)",
  ]);
  // combine names them the same way; the CLI's flags appear nowhere.
  const together = pkg.combine({ a: "+3 x\n", b: "-1 y\n" }, { failUnder: 90 });
  assert.deepEqual(together.gate.misses, ["final 59 is under 90 (failUnder)"]);
  assert.equal(JSON.stringify(together).includes("--"), false);
});

test("interval: false leaves every interval key out and changes nothing else", () => {
  const strip = (r) => {
    const { interval, ...rest } = r;
    if (rest.passes) rest.passes = rest.passes.map(({ interval: _, ...p }) => p);
    return rest;
  };
  const headed = "## Pass: a\n+3 x\n-1 y\n## Pass: b\n+2 z\n";
  for (const items of [ITEMS, "(+5, craft) a\n(-2, depth) b\n", "## Working\n+3 a\n", headed, "nothing\n"]) {
    const on = pkg.analyse(items);
    const off = pkg.analyse(items, { interval: false });
    assert.ok("interval" in on, items);
    assert.equal("interval" in off, false, items);
    assert.deepEqual(Object.keys(off), Object.keys(strip(on)), items);
    assert.deepEqual(off, strip(on), items);
    assert.deepEqual(pkg.analyse(items, { interval: true }), on, items);
  }
  const off = pkg.combine({ a: "+3 x\n", b: "-1 y\n" }, { interval: false });
  assert.equal("interval" in off, false);
  assert.ok(off.passes.every((p) => !("interval" in p)));
  assert.equal(pkg.report(ITEMS, { interval: false }).includes("Bootstrap interval"), false);
  assert.ok(pkg.report(ITEMS).includes("Bootstrap interval (90 %): "));
});

test("items may be a JSON value, read as its JSON text", () => {
  const items = [{ impact: 5, text: "a", criterion: "craft" }, { impact: -2, text: "b" }];
  assert.deepEqual(pkg.analyse(items), pkg.analyse(JSON.stringify(items)));
  assert.deepEqual(pkg.analyse({ items }), JSON.parse(cli(["score"], JSON.stringify({ items })).stdout));
});

test("huge weights are refused as the command line refuses them, never a number past 100", () => {
  for (const weights of [{ a: 1.5e308, b: 1 }, { a: 1e308, b: 1e308 }]) {
    assert.throws(() => pkg.analyse("(+3, a) x\n(+1, b) y\n", { weights, failUnder: 70 }), {
      name: "TypeError",
      message: /^options\.weights: weight for a "1\d{308}" cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0\.35 or 2e5$/,
    });
  }
  // Below the reading rule's limit, a sum past 1e300 is still the formula's error.
  const r = pkg.analyse("(+3, a) x\n(+1, b) y\n", { weights: { a: 1e22, b: 1 }, failUnder: 70 });
  assert.ok(r.final === null || r.final <= 100, JSON.stringify(r.final));
});
test("bad arguments throw a TypeError that names them", () => {
  const cases = [
    [() => pkg.analyse(42), "items must be text (item lines, JSON, a table) or a JSON object or array, not a number"],
    [() => pkg.analyse(null), "items must be text (item lines, JSON, a table) or a JSON object or array, not null"],
    [() => pkg.analyse(), "items must be text (item lines, JSON, a table) or a JSON object or array, not undefined"],
    [() => pkg.analyse(ITEMS, 5), 'options must be an object such as { mode: "matrix" }, not a number'],
    [() => pkg.analyse(ITEMS, "matrix"), 'options must be an object such as { mode: "matrix" }, not a string'],
    [() => pkg.analyse(ITEMS, [1]), 'options must be an object such as { mode: "matrix" }, not an array'],
    [() => pkg.analyse(ITEMS, { mod: "matrix" }), `unknown option "mod": the options are ${pkg.SCORING_OPTIONS.map((o) => o.name).join(", ")}`],
    [() => pkg.analyse(ITEMS, { mode: "grid" }), 'options.mode: "grid" is not one of auto, pooled, matrix, feedback'],
    [() => pkg.analyse(ITEMS, { preset: "x" }), 'options.preset: "x" is not one of generic, hackathon'],
    [() => pkg.analyse(ITEMS, { weights: { craft: "0.6" } }), 'options.weights.craft: must be a number, not a string ("0.6")'],
    [() => pkg.analyse(ITEMS, { weights: { "code quality": 1 } }), "options.weights: label \"code quality\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity"],
    [() => pkg.analyse(ITEMS, { weights: "craft" }), "options.weights: weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2"],
    [() => pkg.analyse(ITEMS, { strict: "yes" }), 'options.strict: must be true or false, not a string ("yes")'],
    [() => pkg.analyse(ITEMS, { failUnder: 170 }), "options.failUnder: 170 is not a score from 0 to 100, such as 70"],
    [() => pkg.analyse(ITEMS, { failUnder: NaN }), "options.failUnder: NaN is not a finite number"],
    [() => pkg.analyse(ITEMS, { minConfidence: Infinity }), "options.minConfidence: Infinity is not a finite number"],
    [() => pkg.analyse(ITEMS, { minConfidence: 2 }), "options.minConfidence: 2 is not a confidence from 0 to 1, such as 0.5"],
    [() => pkg.analyse(ITEMS, { requireSelfCheck: 1 }), "options.requireSelfCheck: must be true or false, not a number (1)"],
    [() => pkg.analyse(ITEMS, { interval: "off" }), 'options.interval: must be true or false, not a string ("off")'],
    [() => pkg.combine({ a: "+3 x" }, { interval: 0 }), "options.interval: must be true or false, not a number (0)"],
    [() => pkg.analyse(ITEMS, { denominator: 0 }), "options.denominator must be a number greater than 0, not 0"],
    [() => pkg.analyse(ITEMS, { scale: -1 }), "options.scale must be a number greater than 0, not -1"],
    [() => pkg.analyse(ITEMS, { failUnder: 70n }), "options.failUnder: must be a JSON value, not a bigint"],
    [() => pkg.analyse(ITEMS, { weights: { craft: () => 1 } }), "options.weights.craft: must be a JSON value, not a function"],
    [() => pkg.analyse(ITEMS, { rubric: 3 }), 'options.rubric: must be { path: "rubric.toml" }, { text: "…" }, a rubric object or a rubric\'s text, not a number (3)'],
    [() => pkg.analyse(ITEMS, { weights: { craft: "0,2" } }), "options.weights.craft: must be a number: use a decimal point: 0.2, not 0,2"],
    [() => pkg.analyse(ITEMS, { rubric: { path: "no/such/rubric.toml" } }), "options.rubric.path: cannot read no/such/rubric.toml: ENOENT: no such file or directory, open 'no/such/rubric.toml'"],
    [() => pkg.analyse(ITEMS, { rubric: { path: "a.toml", text: "x" } }), "options.rubric: give { path } or { text }, not both"],
    [() => pkg.analyse(ITEMS, { rubric: { path: 3 } }), "options.rubric.path: must be a file's path, not a number"],
    [() => pkg.rubricPrompt({ text: 'subject = "x"\nmode = "grid"\n' }), 'rubric: the rubric cannot be used:\nline 2, column 8: mode: "grid" is not one of pooled, matrix'],
    [() => pkg.analyse(ITEMS, { rubric: 'subject = "x"\nmode = "grid"\n' }), 'options.rubric: the rubric cannot be used:\nline 2, column 8: mode: "grid" is not one of pooled, matrix'],
    [() => pkg.combine("a"), "passes must be a list of { name, items } or an object { name: items }, not a string"],
    [() => pkg.combine([]), "passes: the list is empty: give one pass or more"],
    [() => pkg.combine([null]), "passes[0] must be an object { name, items }, not null"],
    [() => pkg.combine([{ items: "+3 a" }]), "passes[0]: a pass needs a name (a non-empty string)"],
    [() => pkg.combine([{ name: "a" }]), "passes[0].items must be text (item lines, JSON, a table) or a JSON object or array, not undefined"],
    [() => pkg.combine({ a: 3 }), "passes.a must be text (item lines, JSON, a table) or a JSON object or array, not a number"],
    [() => pkg.combine([{ name: "a", items: "+3 x" }, { name: "a", items: "-1 y" }]), "passes[1]: two passes are named a: give each pass its own name"],
    [() => pkg.combine({ a: "## Pass: x\n+3 y\n", b: "-1 z" }), "pass a holds ## Pass: headings: give a text with headings alone, or one pass per text"],
    [() => pkg.combine({ a: "+3 x" }, { mode: "grid" }), 'options.mode: "grid" is not one of auto, pooled, matrix, feedback'],
    [() => pkg.rubricPrompt(undefined), 'rubric must be { path: "rubric.toml" }, { text: "…" }, a rubric object or a rubric\'s text, not undefined'],
    [() => pkg.rubricSchema({ subject: "x", mode: "pooled", params: { denominator: 0 } }), "rubric: the rubric cannot be used:\nline 1, column 56: params.denominator: denominator must be a number greater than 0, not 0"],
    [() => pkg.rubricSchema({ subject: "x", mode: "pooled", params: { floor: 2, gain: 5 } }), "rubric: the rubric cannot be used:\nline 1, column 50: params.floor: floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not 2"],
    [() => pkg.analyse(ITEMS, { mode: "pooled", weights: { a: 1 } }), 'options.weights would not be used with options.mode "pooled": pooled mode scores no criteria; leave one of them out'],
    [() => pkg.analyse(ITEMS, { mode: "matrix", preset: "generic", weights: "a=1" }), "options.preset would not be used with options.weights: the weights replace the preset's; leave one of them out"],
    [() => pkg.analyse(ITEMS, { weights: "a=1,a=2,b=1" }), "options.weights: each criterion takes one weight, but a is given more than once"],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (e) => {
      assert.equal(e.constructor, TypeError, message);
      assert.equal(e.message, message);
      return true;
    });
  }
  const rubric = readFileSync(join(REPO, "examples/rubrics/pull-request.toml"), "utf8");
  assert.throws(() => pkg.analyse(ITEMS, { rubric, mode: "pooled" }), {
    name: "TypeError",
    message: "options.rubric cannot be combined with options.mode: the rubric sets the mode, the criteria and the weights; leave it out",
  });
  // The package still works after every error: nothing trapped inside the wasm.
  assert.equal(pkg.analyse(ITEMS).final, 63);
});

test("a rubric object scores as its TOML text does", () => {
  const rubric = {
    subject: "pull request #1",
    mode: "matrix",
    criteria: [
      { name: "craft", weight: 0.6, plus5: "tests fail without the fix", minus5: "no tests" },
      { name: "depth", weight: 0.4, plus5: "edge cases named", minus5: "happy path only" },
    ],
    traps: [{ description: "a mocked database called an integration test", impact: -5 }],
  };
  const toml = `subject = "pull request #1"\nmode = "matrix"\n` +
    rubric.criteria.map((c) => `[[criteria]]\nname = "${c.name}"\nweight = ${c.weight}\nplus5 = "${c.plus5}"\nminus5 = "${c.minus5}"\n`).join("") +
    `[[traps]]\ndescription = "${rubric.traps[0].description}"\nimpact = -5\n`;
  const output = { items: [{ perspective: "sme", criterion: "craft", text: "t", evidence: "e", impact: 3 }] };
  assert.deepEqual(pkg.analyse(output, { rubric }), pkg.analyse(output, { rubric: toml }));
  assert.equal(pkg.rubricPrompt(rubric), pkg.rubricPrompt(toml));
  assert.match(pkg.report(output, { rubric }), /- \[ \] a mocked database called an integration test/);
});

test("a rubric is { path } or { text }, told apart by its key, and a string is always its text", () => {
  const path = join(REPO, "examples/rubrics/pull-request.toml");
  const text = readFileSync(path, "utf8");
  const output = { items: [{ perspective: "sme", criterion: "craft", text: "t", evidence: "e", impact: 3 }] };
  const want = pkg.analyse(output, { rubric: text });
  assert.deepEqual(pkg.analyse(output, { rubric: { path } }), want);
  assert.deepEqual(pkg.analyse(output, { rubric: { text } }), want);
  assert.equal(pkg.rubricPrompt({ path }), pkg.rubricPrompt(text));
  assert.deepEqual(pkg.rubricSchema({ path }), pkg.rubricSchema({ text }));
  assert.equal(pkg.report(output, { rubric: { path } }), pkg.report(output, { rubric: text }));
  // A file with errors: each is named by the path, line and column, as the CLI names them.
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-rubric-"));
  const broken = join(dir, "broken.toml");
  writeFileSync(broken, 'subject = "x"\nmode = "grid"\n');
  assert.throws(() => pkg.rubricPrompt({ path: broken }), {
    name: "TypeError",
    message: `rubric: the rubric cannot be used:\n${broken}:2:8: mode: "grid" is not one of pooled, matrix`,
  });
  rmSync(dir, { recursive: true, force: true });
  // A path given as a plain string is read as text (never tried as a file), and the error says
  // how to give a path.
  assert.throws(() => pkg.analyse(output, { rubric: "examples/rubrics/pull-request.toml" }), (e) => {
    assert.equal(e.constructor, TypeError);
    assert.ok(e.message.startsWith("options.rubric: the rubric cannot be used:\nline 1, column "), e.message);
    assert.ok(e.message.endsWith('\n(a string is the rubric\'s text, not a path: to read a file, give { path: "rubric.toml" })'), e.message);
    return true;
  });
});

test("the README's worked example gives the numbers it states", () => {
  const readme = readFileSync(join(REPO, "site/npm/README.md"), "utf8");
  const r = pkg.analyse(ITEMS);
  assert.ok(readme.includes(`analyse(${JSON.stringify(ITEMS)})`), "the README's items");
  assert.ok(readme.includes(`result.final;      // ${r.final}: `), `final ${r.final}`);
  assert.ok(readme.includes(`result.confidence; // ${r.confidence}: two items`), `confidence ${r.confidence}`);
  assert.equal(r.total_items, 2);
});

/** The property names of each interface in index.d.ts. */
function declared() {
  const dts = readFileSync(join(PKG, "index.d.ts"), "utf8");
  const out = {};
  for (const [, name, body] of dts.matchAll(/^export interface (\w+)[^{]*\{([\s\S]*?)^\}/gm)) {
    out[name] = new Set([...body.matchAll(/^  (\w+)\??:/gm)].map((m) => m[1]));
  }
  return out;
}

test("index.d.ts declares every key the results have, and no key they never have", () => {
  const types = declared();
  const results = [
    pkg.analyse(ITEMS, { failUnder: 10 }),
    pkg.analyse("## Working\n+3 a\n## Missing\n-2 b\n"),
    pkg.analyse("(+5, craft) a\n(-2, depth) b\n", { mode: "matrix" }),
    pkg.analyse("(+5, craft) a\n", { mode: "matrix", weights: { craft: -1 } }),
    pkg.analyse("nothing here\n2 unsigned\n"),
    pkg.combine({ a: "(+3, craft) a\n(-2, depth) b\n(+1, speed) z\n", b: "(+5, craft) a\n(+1, depth) c\n(-1, speed) q\n" }),

    pkg.analyse('+3 "a b" found\n-1 "zz" invented\n', { against: "a b c", failUnder: 10, maxUnverified: 0.5, requireCard: { version: "0.0.0" } }),
    pkg.combine({ a: '(+3, craft) "a b" x\n(-1, depth) y\n', b: '(+1, craft) "zz" z\n(+2, depth) w\n' }, { against: "a b c" }),
  ];
  const seen = new Set(results.flatMap(Object.keys));
  const top = new Set([...types.Result, ...types.Pooled]);
  assert.deepEqual([...seen].filter((k) => !top.has(k)), []);
  assert.deepEqual([...types.Result].filter((k) => !seen.has(k)), []);
  const nested = [
    ["Criterion", results[2].criteria[0]],
    ["Bucket", results[1].buckets[0]],
    ["Gate", results[6].gate],
    ["Pooled", results[2].pooled],
    ["Pass", results[7].passes[0]],
    ["Spread", results[5].spread[0]],
    ["Disagreement", results[5].disagreements[0]],
    ["Duplicate", results[5].duplicates[0]],
  ];
  for (const [name, value] of nested) {
    const allowed = new Set([...types[name], ...(name === "Criterion" ? types.Pooled : [])]);
    assert.deepEqual(Object.keys(value).filter((k) => !allowed.has(k)), [], name);
    assert.deepEqual([...types[name]].filter((k) => !(k in value)), [], name);
  }
  const evidence = new Set([...types.Evidence, ...types.EvidenceCounts]);
  assert.deepEqual(Object.keys(results[6].evidence).filter((k) => !evidence.has(k)), [], "Evidence");
  assert.deepEqual([...evidence].filter((k) => !(k in results[6].evidence)), [], "Evidence");
  assert.ok(results[3].weights_error, "a weights error");
  assert.ok(results[4].errors.length > 0, "an input with an error");
  const diagnostics = results.flatMap((r) => [...r.errors, ...r.warnings, ...r.notes]);
  for (const d of diagnostics) {
    assert.deepEqual(Object.keys(d).filter((k) => !types.Diagnostic.has(k)), [], "Diagnostic");
    assert.equal(typeof d.message, "string");
    assert.equal(typeof d.kind, "string");
  }
  assert.ok(diagnostics.some((d) => d.line !== undefined), "a diagnostic with a line");
});

test("the manifest: name, version, ESM, types, Node 18, files", () => {
  const manifest = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8"));
  const cargo = readFileSync(join(REPO, "site/npm/Cargo.toml"), "utf8");
  const version = cargo.match(/^version = "([^"]+)"/m)[1];
  assert.equal(manifest.name, "pickanumber");
  assert.equal(manifest.version, version);
  assert.equal(pkg.version, version);
  assert.equal(manifest.type, "module");
  assert.equal(manifest.engines.node, ">=18");
  assert.deepEqual(manifest.exports["."], { types: "./index.d.ts", default: "./index.js" });
  const site = readFileSync(join(REPO, "site.toml"), "utf8").match(/^repository = "([^"]+)"/m)[1];
  assert.equal(manifest.repository.url, `git+${site}.git`);
});

test("against: an item whose evidence is not in the work is left out, and each item has its status", () => {
  const items =
    '+3 refused: "if (!text) throw new Error(\'empty\')" (parse.js:2)\n' +
    '+5 validated: "validate(schema, text)" (parse.js:88)\n' +
    "+2 reads well\n";
  const source = "export function parse(text) {\n  if (!text) throw new Error('empty');\n  return text;\n}\n";
  assert.equal(pkg.analyse(items, { interval: false }).total_items, 3);
  const r = pkg.analyse(items, { interval: false, against: { "src/parse.js": source } });
  assert.equal(r.total_items, 2);
  assert.deepEqual(r.evidence.items.map((i) => i.status), ["verified", "not_found", "no_evidence"]);
  assert.equal(r.evidence.invented_rate, 0.5);
  assert.deepEqual(r.warnings, [
    {
      kind: "evidence",
      severity: "warning",
      line: 2,
      message: "evidence not in the work, item not counted: parse.js:88 is beyond the end of src/parse.js (4 lines)",
    },
  ]);
  const text = pkg.analyse('+3 "return text"\n+1 "never written"', { interval: false, against: source });
  assert.deepEqual(text.evidence.items.map((i) => i.status), ["verified", "not_found"]);
  assert.equal(pkg.analyse(items, { interval: false, against: source, unverified: "keep" }).total_items, 3);
  const gated = pkg.analyse(items, { interval: false, against: { "parse.js": source }, maxUnverified: 0.2 });
  assert.deepEqual(gated.gate.misses, [
    "1 of 2 checkable items cite evidence not in the work (0.500), over 0.2 (maxUnverified)",
  ]);
  assert.throws(() => pkg.analyse(items, { maxUnverified: 0.2 }), {
    name: "TypeError",
    message: "options.maxUnverified: needs options.against (the work to check the evidence against)",
  });
  assert.throws(() => pkg.analyse(items, { against: 3 }), {
    name: "TypeError",
    message: "options.against: must be the work's text or { path: text }, not a number (3)",
  });
});

// Every option of the core's table is taken by the package as the command line takes it: a
// good value accepted by both, a bad one refused by both with the same sentence after the
// option's name, and with the table's kind here (the Python package's tests do the same).
test("every option of the table is taken as the command line takes it", () => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-table-"));
  try {
    const work = join(dir, "work.md");
    writeFileSync(work, "the tests pass\n");
    const rubric = join(REPO, "examples/rubrics/pull-request.toml");
    const flag = (name) => "--" + name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    const bad = { out_of_range: "-1", unknown_name: "zzz", bad_weights: "craft" };
    assert.deepEqual(
      pkg.SCORING_OPTIONS.map((o) => o.name),
      ["mode", "preset", "weights", "rubric", "strict", "failUnder", "minConfidence", "requireSelfCheck", "denominator", "scale", "interval", "against", "unverified", "requireEvidence", "requireQuotes", "maxUnverified", "requireCard"],
    );
    for (const o of pkg.SCORING_OPTIONS) {
      const extra = o.needs.includes("against") ? { against: "the tests pass\n" } : {};
      const extraArgs = o.needs.includes("against") ? ["--against", work] : [];
      let args;
      let value;
      if (o.what === "true or false") {
        value = o.name !== "interval";
        args = [o.name === "interval" ? "--no-interval" : flag(o.name)];
      } else if (o.kind === "bad_rubric") {
        [args, value] = [["--rubric", rubric], { path: rubric }];
      } else if (o.kind === "bad_work") {
        [args, value] = [["--against", work], "the tests pass\n"];
      } else if (o.kind === "bad_card") {
        [args, value] = [["--require-card", `version=${pkg.version}`], { version: pkg.version }];
      } else {
        value = { mode: "pooled", preset: "generic", unverified: "keep", weights: "a=1" }[o.name];
        value ??= o.kind === "out_of_range" ? 0.5 : 2;
        args = [`${flag(o.name)}=${value}`];
      }
      assert.notEqual(cli(["score", ...args, ...extraArgs], ITEMS).status, 2, o.name);
      pkg.analyse(ITEMS, { [o.name]: value, ...extra });
      if (!(o.kind in bad)) continue;
      // No input: a usage error exits before reading any.
      const out = cli(["score", `${flag(o.name)}=${bad[o.kind]}`, ...extraArgs]);
      assert.equal(out.status, 2, o.name);
      // error: invalid value 'V' for '--name <N>': DETAIL
      const detail = out.stderr.slice(out.stderr.indexOf("': ") + 3).split("\n")[0];
      const given = o.kind === "out_of_range" ? Number(bad[o.kind]) : bad[o.kind];
      assert.throws(
        () => pkg.analyse(ITEMS, { [o.name]: given, ...extra }),
        (e) => {
          assert.ok(e instanceof TypeError);
          assert.equal(e.kind, o.kind, o.name);
          // A setting's sentence starts with its own name: `options.denominator must be …`.
          const named = detail.startsWith(o.name) ? `options.${detail}` : `options.${o.name}: ${detail}`;
          assert.equal(e.message, named, o.name);
          return true;
        },
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every result carries the CLI's card, and requireCard pins a field of it", () => {
  const r = pkg.analyse(ITEMS);
  assert.deepEqual(r.card, JSON.parse(cli(["score"], ITEMS).stdout).card);
  assert.match(r.card.settings, /^[0-9a-f]{64}$/);
  const ok = pkg.analyse(ITEMS, { requireCard: { settings: r.card.settings.toUpperCase() } });
  assert.equal(ok.gate.passed, true);
  assert.deepEqual(ok.gate.require_card, { settings: r.card.settings });
  const miss = pkg.analyse(ITEMS, { denominator: 10, requireCard: { settings: r.card.settings } });
  assert.equal(miss.gate.passed, false);
  assert.equal(
    miss.gate.misses[0],
    `card settings is ${miss.card.settings.slice(0, 12)}…, not the ${r.card.settings.slice(0, 12)}… required (requireCard)`,
  );
  assert.throws(
    () => pkg.analyse(ITEMS, { requireCard: { rubrik: "00" } }),
    { name: "TypeError", message: 'options.requireCard: "rubrik=00": rubrik is not a card field; give one of version, settings, rubric, prompt, schema, work as FIELD=VALUE' },
  );
  assert.throws(() => pkg.analyse(ITEMS, { requireCard: "rubric=00" }), /options\.requireCard: must be card fields mapped to their values/);
});
