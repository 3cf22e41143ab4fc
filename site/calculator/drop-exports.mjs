// Trunk's post-build hook: removes from a wasm file the exports of wasm-streams' classes
// (IntoUnderlyingSource, IntoUnderlyingByteSource, IntoUnderlyingSink), which Leptos pulls in
// through server_fn's `browser` feature and which no island uses: nothing constructs them, so
// their glue classes are never called. binaryen's wasm-metadce removes the exports and the code
// only they reach; wasm-opt runs again after it. Usage: node drop-exports.mjs FILE.wasm
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const file = process.argv[2];
const names = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name);
const unused = (name) => /^(__wbg_)?intounderlying/.test(name);
if (names.some(unused)) {
  const graph = [{ name: 'root', root: true, reaches: names.filter((n) => !unused(n)).map((n) => `e:${n}`) }]
    .concat(names.map((n) => ({ name: `e:${n}`, export: n })));
  const dir = mkdtempSync(join(tmpdir(), 'drop-exports-'));
  try {
    writeFileSync(join(dir, 'graph.json'), JSON.stringify(graph));
    execFileSync('wasm-metadce', ['--graph-file', join(dir, 'graph.json'), file, '-o', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
