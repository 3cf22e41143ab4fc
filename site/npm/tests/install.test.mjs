// The package as a user gets it: `npm pack` of the built folder, `npm install` of that tarball
// into a fresh folder (no network: the tarball has no dependencies), then an ESM import by
// name from there (Node 18 too), its types checked by TypeScript; and the same module in
// headless Chromium, where it fetches its wasm, as it is and bundled by esbuild.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { PKG, REPO, pkg, pack, run } from "./helpers.mjs";

test("npm pack, npm install into a fresh folder, import by name", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-npm-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const [tarball, report] = pack(dir);
  const packed = report.files.map((f) => f.path).sort();
  assert.deepEqual(packed, ["README.md", "index.d.ts", "index.js", "package.json", "pickanumber_wasm.js", "pickanumber_wasm_bg.wasm"]);
  const app = join(dir, "app");
  run("mkdir", [app], dir);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], app);
  const script = `import { analyse, report, version } from "pickanumber";
const r = analyse("+5 a\\n-2 b\\n", { failUnder: 50 });
console.log(JSON.stringify({ final: r.final, passed: r.gate.passed, version, report: report("+3 a").length > 0 }));`;
  const out = JSON.parse(run(process.execPath, ["--input-type=module", "-e", script], app));
  assert.deepEqual(out, { final: 63, passed: true, version: pkg.version, report: true });
  // The oldest Node `engines` allows: `cargo xtask test` passes Node 18 from npm.
  const node18 = process.env.PICKANUMBER_NODE18 ?? (process.versions.node.startsWith("18.") ? process.execPath : null);
  assert.ok(node18, "set PICKANUMBER_NODE18 to a Node 18 binary (cargo xtask test does)");
  assert.match(run(node18, ["--version"], app), /^v18\./);
  assert.deepEqual(JSON.parse(run(node18, ["--input-type=module", "-e", script], app)), out);
  // The types, as a TypeScript user meets them: strict, Node's module resolution, and the
  // mistakes they must catch.
  writeFileSync(join(app, "check.ts"), `import { analyse, combine, report, rubricSchema, version } from "pickanumber";
import type { Options, Result } from "pickanumber";
const options: Options = { mode: "matrix", weights: { craft: 0.6 }, failUnder: 70, strict: true };
const r: Result = analyse("+3 a", options);
const final: number | null = r.final;
const passed: boolean | undefined = r.gate?.passed;
const lines: number[] = r.ignored;
const md: string = report({ items: [] }) + version;
const schema: Record<string, unknown> = rubricSchema("subject = 'x'");
const both: Result = combine({ a: "+3 x", b: [{ impact: -1, text: "y" }] }, { mode: "pooled" });
const first: string | undefined = both.passes?.[0].name;
const low: number | undefined = both.interval?.[0];
const quick: Result = analyse("+3 a", { interval: false });
const range: [number, number] | null | undefined = quick.interval;
// @ts-expect-error: interval is true or false
analyse("+3 a", { interval: "off" });
// @ts-expect-error: not a mode
analyse("+3 a", { mode: "grid" });
// @ts-expect-error: not an option
analyse("+3 a", { mod: "matrix" });
// @ts-expect-error: the headline may be null
const sure: number = r.final;
// @ts-expect-error: a pass needs items
combine([{ name: "a" }]);
export { final, passed, lines, md, schema, sure, first, low, range };
`);
  const tsc = join(REPO, "node_modules/typescript/bin/tsc");
  run(process.execPath, [tsc, "--noEmit", "--strict", "--module", "nodenext", "--target", "es2022", "check.ts"], app);
});

const CHROMIUM = "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const noChromium = !existsSync(CHROMIUM) && "no Chromium";

/**
 * What a page that imports `entry` (a path under `root`, which the server serves) says in
 * headless Chromium: `final N` from `analyse`, or `error …`. The page's HTML stays open until
 * its async module reports back on /done, so Chromium's load event (and with it --dump-dom's
 * exit) waits for the module's top-level await.
 */
async function inChromium(t, root, entry) {
  const script = `<!doctype html><title>t</title><script type="module" async>
let said;
try {
  const { analyse } = await import("/${entry}");
  said = "final " + analyse("+5 a\\n-2 b\\n").final;
} catch (e) {
  said = "error " + e;
}
fetch("/done?" + encodeURIComponent(said));
</script>`;
  let page;
  let said;
  const server = createServer((req, res) => {
    if (req.url === "/") {
      page = res;
      res.writeHead(200, { "content-type": TYPES[".html"] });
      return res.write(script);
    }
    if (req.url.startsWith("/done?")) {
      said = decodeURIComponent(req.url.slice(6));
      res.end();
      return page?.end("</html>\n");
    }
    const file = join(root, normalize(req.url));
    if (!existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(join(tmpdir(), "pickanumber-chromium-"));
  t.after(() => rmSync(profile, { recursive: true, force: true }));
  const args = ["--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${profile}`, "--dump-dom", url];
  await new Promise((ok) => {
    const child = spawn(CHROMIUM, args, { stdio: "ignore" });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on("close", () => {
      clearTimeout(timer);
      ok();
    });
  });
  return said;
}

test("the module in a browser fetches its wasm from beside it", { skip: noChromium }, async (t) => {
  assert.equal(await inChromium(t, PKG, "index.js"), "final 63");
});

test("bundled for browsers by esbuild, with the wasm beside the bundle", { skip: noChromium }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pickanumber-bundle-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "app.js"), `export { analyse } from ${JSON.stringify(join(PKG, "index.js"))};\n`);
  const esbuild = join(REPO, "node_modules/.bin/esbuild");
  run(esbuild, ["app.js", "--bundle", "--format=esm", "--platform=browser", "--log-level=warning", "--outfile=bundle.js"], dir);
  copyFileSync(join(PKG, "pickanumber_wasm_bg.wasm"), join(dir, "pickanumber_wasm_bg.wasm"));
  assert.equal(await inChromium(t, dir, "bundle.js"), "final 63");
});
