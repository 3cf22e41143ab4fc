// Shared by the package's tests: where the built package and the CLI are, running the CLI,
// and a seeded random generator of inputs and options.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { random } from "./random.mjs";

/** The repository root. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** The built package (`cargo xtask package`). */
export const PKG = process.env.PICKANUMBER_NPM ?? join(REPO, "target/npm/pickanumber");
/** The CLI the package must agree with. */
export const CLI = process.env.PICKANUMBER_CLI ?? join(REPO, "target/debug/pickanumber");

for (const [what, path, how] of [
  ["the npm package", join(PKG, "index.js"), "cargo xtask package"],
  ["the CLI", CLI, "cargo build -p pickanumber-cli"],
]) {
  if (!existsSync(path)) throw new Error(`${what} is missing at ${path}: run \`${how}\` first`);
}

/** The package, imported from its folder. */
export const pkg = await import(pathToFileURL(join(PKG, "index.js")).href);

/** Runs `pickanumber args…` with `input` on stdin: `{ status, stdout, stderr }`. */
export function cli(args, input = "") {
  const out = spawnSync(CLI, args, { input, encoding: "utf8", maxBuffer: 1 << 26 });
  if (out.error) throw out.error;
  return out;
}

/** The CLI's flags for `analyse` options (weights as the `--weights` string). */
export function flags(options) {
  const out = [];
  const named = {
    mode: "--mode",
    preset: "--preset",
    weights: "--weights",
    failUnder: "--fail-under",
    minConfidence: "--min-confidence",
    denominator: "--denominator",
    scale: "--scale",
  };
  for (const [key, value] of Object.entries(options)) {
    if (named[key]) out.push(named[key], String(value));
    else if (key === "strict" && value) out.push("--strict");
    else if (key === "requireSelfCheck" && value) out.push("--require-self-check");
    else if (key === "interval" && value === false) out.push("--no-interval");
    else if (!["strict", "requireSelfCheck", "interval"].includes(key)) throw new Error(`no flag for ${key}`);
  }
  return out;
}

/** Each CLI flag of the gate and the options key the package's misses name instead. */
export const GATE_NAMES = [
  ["--fail-under", "failUnder"],
  ["--min-confidence", "minConfidence"],
  ["--require-self-check", "requireSelfCheck"],
];

/**
 * The CLI's result as the package words it: the gate's misses name the options keys
 * (`(failUnder)`) where the CLI names its flags (`(--fail-under)`); nothing else differs.
 */
export function asPackage(result) {
  if (result.gate) {
    result.gate.misses = result.gate.misses.map((m) =>
      GATE_NAMES.reduce((text, [flag, key]) => text.replaceAll(flag, key), m),
    );
  }
  return result;
}

export { random };

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const IMPACTS = ["+5", "+3", "+2", "+1", "-1", "-2", "-3", "-5", "−2", "−5"];
const ODD = ["+4", "0", "2", "+6", "-4", "+1.5", "3/5"];
const CRITERIA = ["craft", "depth", "problem_fit", "brief_fidelity", "trap_handling"];
const PERSPECTIVES = ["requester", "sme", "end_user", "production", "adversary"];
const WORDS = ["tests", "fail", "the build", "docs", "clear", "slow", "a trap", "ok", "x×3"];

function text(rng) {
  const n = 1 + Math.floor(rng() * 4);
  return Array.from({ length: n }, () => pick(rng, WORDS)).join(" ");
}

/** One line of the item-line format: items in their written forms, headings, noise. */
function line(rng) {
  const impact = rng() < 0.9 ? pick(rng, IMPACTS) : pick(rng, ODD);
  const c = pick(rng, CRITERIA);
  switch (Math.floor(rng() * 12)) {
    case 0: return `(${impact}) ${text(rng)}`;
    case 1: return `- **${impact}** ${text(rng)}`;
    case 2: return `- (${impact}, ${c}) ${text(rng)}`;
    case 3: return `(${impact}, ${pick(rng, PERSPECTIVES)} × ${c}) ${text(rng)}`;
    case 4: return `${impact}×${1 + Math.floor(rng() * 4)} ${text(rng)}`;
    case 5: return pick(rng, ["## Working", "## Not working", "## Missing", "## Confusing"]);
    case 6: return `## Criterion: ${c}`;
    case 7: return pick(rng, ["", "some prose", "weights: craft=0.6, depth=0.4", "7/10"]);
    default: return `${impact} ${text(rng)}`;
  }
}

/** JSON items as a model writes them under a schema, with odd impacts now and then. */
function jsonItems(rng) {
  const n = Math.floor(rng() * 8);
  const items = Array.from({ length: n }, () => {
    const item = { impact: rng() < 0.85 ? pick(rng, [5, 3, 2, 1, -1, -2, -3, -5]) : pick(rng, [4, "+3", 3.0, null]), text: text(rng) };
    if (rng() < 0.5) item.criterion = pick(rng, CRITERIA);
    if (rng() < 0.3) item.perspective = pick(rng, PERSPECTIVES);
    return item;
  });
  return JSON.stringify(rng() < 0.5 ? items : { items });
}

/** A random input: item lines (mostly), JSON items or a markdown table. */
export function input(rng) {
  const kind = rng();
  if (kind < 0.2) return jsonItems(rng);
  if (kind < 0.27) {
    const rows = Array.from({ length: 1 + Math.floor(rng() * 5) }, () => `| ${pick(rng, IMPACTS)} | ${pick(rng, CRITERIA)} | ${text(rng)} |`);
    return ["| impact | criterion | text |", "|---|---|---|", ...rows].join("\n") + "\n";
  }
  const n = Math.floor(rng() * 30);
  return Array.from({ length: n }, () => line(rng)).join("\n") + (rng() < 0.8 ? "\n" : "");
}

/** Random options of `analyse`, each one a CLI flag too. */
export function options(rng) {
  const o = {};
  if (rng() < 0.4) o.mode = pick(rng, ["auto", "pooled", "matrix", "feedback"]);
  if (rng() < 0.15) o.preset = pick(rng, ["generic", "hackathon"]);
  if (rng() < 0.15) o.weights = pick(rng, ["craft=0.6,depth=0.4", "craft=1", "problem_fit=0.3,craft=0.7"]);
  if (rng() < 0.2) o.strict = true;
  if (rng() < 0.2) o.failUnder = Math.round(rng() * 100);
  if (rng() < 0.15) o.minConfidence = Math.round(rng() * 100) / 100;
  if (rng() < 0.1) o.requireSelfCheck = true;
  if (rng() < 0.1) o.denominator = pick(rng, [12, 5, 0.5]);
  if (rng() < 0.1) o.scale = pick(rng, [6, 10, 2.5]);
  if (rng() < 0.1) o.interval = false;
  // Options another would leave unused are refused (options.test.mjs checks the message):
  // drop them, with no draw from rng, so the rest of the seeded stream stays the same.
  if (o.weights !== undefined) delete o.preset;
  if (o.mode === "pooled" || o.mode === "feedback") {
    delete o.preset;
    delete o.weights;
  }
  return o;
}

/** Runs a command in `cwd`, failing the test with its output when it fails. */
export function run(cmd, args, cwd) {
  const out = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  assert.equal(out.status, 0, `${cmd} ${args.join(" ")}: ${out.stderr}${out.stdout}`);
  return out.stdout;
}

/** `npm pack` of the built package into `dir`: the tarball's path and npm's report of it. */
export function pack(dir) {
  const [report] = JSON.parse(run("npm", ["pack", PKG, "--json", "--pack-destination", dir], dir));
  return [join(dir, report.filename), report];
}
