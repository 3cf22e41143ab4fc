// The bench's npm rows: 10,000 passes of 20 items scored through the npm package (`analyse`,
// the wasm core, the result parsed), with its bootstrap interval (the default) and without it
// (`interval: false`), against the same formula written as plain JavaScript, as
// score.py computes it (the JSON read with JSON.parse, then net, normalized, raw, density,
// multiplier, final). Also the package's size: the `npm pack` tarball and the wasm with
// brotli (quality 11) and gzip (level 9). Prints one JSON object.
//
// Run by `cargo xtask bench` after `cargo xtask package`; PICKANUMBER_NPM is the package
// folder. Seeded, so every run scores the same passes.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { random } from "../tests/random.mjs";

const PKG = process.env.PICKANUMBER_NPM;
if (!PKG) throw new Error("set PICKANUMBER_NPM to the package folder (target/npm/pickanumber)");
const { analyse } = await import(pathToFileURL(join(PKG, "index.js")).href);

const PASSES = 10_000;
const ITEMS = 20;
const RUNS = 5;
const IMPACTS = [5, 3, 2, 1, -1, -2, -3, -5];

/** score.py's steps on its JSON input; halves rounded away from zero, as pickanumber rounds. */
function plainFinal(json) {
  const items = JSON.parse(json).items;
  const n = items.length;
  let net = 0;
  for (const item of items) net += item.impact;
  const normalized = n ? net / Math.sqrt(n) : 0;
  const raw = Math.min(Math.max(50 + normalized * 8, 0), 100);
  const density = n / 20;
  const multiplier = 0.75 + 0.25 * Math.min(Math.max(density, 0), 1);
  const unrounded = 50 + (raw - 50) * multiplier;
  return Math.sign(unrounded) * Math.floor(Math.abs(unrounded) + 0.5);
}

const rng = random(26);
const passes = Array.from({ length: PASSES }, (_, p) => {
  const items = Array.from({ length: ITEMS }, (_, k) => ({
    impact: IMPACTS[Math.floor(rng() * IMPACTS.length)],
    text: `finding ${p}.${k}`,
  }));
  const text = items.map((i) => `${i.impact > 0 ? "+" : ""}${i.impact} ${i.text}\n`).join("");
  return [text, JSON.stringify({ items })];
});

const runs = {
  api: () => passes.map(([text]) => analyse(text).final),
  noInterval: () => passes.map(([text]) => analyse(text, { interval: false }).final),
  plain: () => passes.map(([, json]) => plainFinal(json)),
};
const seconds = { api: [], noInterval: [], plain: [] };
const finals = {};
for (let r = 0; r < RUNS; r++) {
  for (const [name, run] of Object.entries(runs)) {
    const started = process.hrtime.bigint();
    finals[name] = run();
    seconds[name].push(Number(process.hrtime.bigint() - started) / 1e9);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [api, off, plain] = [median(seconds.api), median(seconds.noInterval), median(seconds.plain)];

const wasm = readFileSync(join(PKG, "pickanumber_wasm_bg.wasm"));
const brotli = brotliCompressSync(wasm, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const pack = spawnSync("npm", ["pack", "--dry-run", "--json", PKG], { encoding: "utf8" });
if (pack.status !== 0) throw new Error(`npm pack --dry-run failed: ${pack.stderr}`);
const [packed] = JSON.parse(pack.stdout);

console.log(JSON.stringify({
  node: process.versions.node,
  passes: PASSES,
  items_per_pass: ITEMS,
  runs: RUNS,
  api_seconds: Number(api.toFixed(4)),
  api_no_interval_seconds: Number(off.toFixed(4)),
  plain_js_seconds: Number(plain.toFixed(4)),
  ratio: Number((api / plain).toFixed(3)),
  ratio_no_interval: Number((off / plain).toFixed(3)),
  finals_agree: finals.api.every((f, i) => f === finals.plain[i] && f === finals.noInterval[i]),
  tarball_bytes: packed.size,
  unpacked_bytes: packed.unpackedSize,
  wasm_bytes: wasm.length,
  wasm_brotli_bytes: brotli.length,
  wasm_gzip_bytes: gzipSync(wasm, { level: 9 }).length,
}));
