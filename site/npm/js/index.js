// pickanumber: the pickanumber formula as WebAssembly, for Node 18+ and browsers.
//
// Data flow: text (or a JSON value, or several judges' passes) + options → JSON text → the wasm core (the Rust crates the
// `pickanumber` CLI is built from) → the JSON text of the object `pickanumber score` prints →
// parsed here. The .wasm file sits next to this module: Node reads it with `fs`, a browser
// fetches it (top-level await, so importing this module is enough).

import init, {
  initSync,
  analyseJson,
  calibrateJson,
  combineJson,
  reportMarkdown,
  rubricPrompt as promptOf,
  rubricSchema as schemaOf,
  version as wasmVersion,
} from "./pickanumber_wasm.js";

const wasmUrl = new URL("./pickanumber_wasm_bg.wasm", import.meta.url);
/** Reads a text file (a rubric's `{ path }`), in Node; `null` in a browser, which has no files. */
let readText = null;
if (typeof process === "object" && typeof process.versions?.node === "string") {
  // Not a literal, so a bundler building for browsers leaves Node's module alone.
  const fs = "node:fs";
  const { readFileSync } = await import(/* webpackIgnore: true */ fs);
  initSync({ module: readFileSync(wasmUrl) });
  readText = (path) => readFileSync(path, "utf8");
} else {
  await init({ module_or_path: wasmUrl });
}

/** What a value is, for messages. */
function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * JSON text of `value`; a value JSON cannot hold exactly (NaN, Infinity, a function, a symbol,
 * a bigint) is a TypeError naming where it is, instead of the null or nothing JSON.stringify
 * would silently write.
 */
function toJson(value, root) {
  const paths = new WeakMap();
  return JSON.stringify(value, function (key, v) {
    const parent = paths.get(this);
    const path = key === "" ? root : parent ? `${parent}.${key}` : key;
    if (v !== null && typeof v === "object") paths.set(v, path);
    if (typeof v === "number" && !Number.isFinite(v)) {
      throw new TypeError(`${path}: ${v} is not a finite number`);
    }
    if (["function", "symbol", "bigint"].includes(typeof v)) {
      throw new TypeError(`${path}: must be a JSON value, not a ${typeof v}`);
    }
    return v;
  });
}

/**
 * A rubric as the core takes it. `{ path }` is read here, in Node, and passed on as
 * `{ path, text }` (the core names its errors by the path); `{ text }`, a rubric object and a
 * string (always the rubric's text, never a path) go on as they are. `where` names it in
 * messages.
 */
function rubricArg(rubric, where) {
  if (rubric === null || typeof rubric !== "object" || Array.isArray(rubric) || !("path" in rubric)) {
    return rubric;
  }
  const { path, ...rest } = rubric;
  if ("text" in rest) throw new TypeError(`${where}: give { path } or { text }, not both`);
  if (typeof path !== "string") {
    throw new TypeError(`${where}.path: must be a file's path, not ${describe(path)}`);
  }
  if (readText === null) {
    throw new TypeError(`${where}.path: a browser has no files to read; give { text } with the rubric's text`);
  }
  let text;
  try {
    text = readText(path);
  } catch (e) {
    throw new TypeError(`${where}.path: cannot read ${path}: ${e.message}`);
  }
  return { ...rest, path, text };
}

/** The options as the JSON text the core reads. */
function optionsJson(options) {
  if (options === undefined || options === null) return "{}";
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(
      `options must be an object such as { mode: "matrix" }, not ${describe(options)}`,
    );
  }
  if ("rubric" in options) {
    options = { ...options, rubric: rubricArg(options.rubric, "options.rubric") };
  }
  return toJson(options, "options");
}

/** The items as text: a string as it is, an object or array as its JSON; `what` names them. */
function itemsText(items, what = "items") {
  if (typeof items === "string") return items;
  if (items !== null && typeof items === "object") return toJson(items, what);
  throw new TypeError(
    `${what} must be text (item lines, JSON, a table) or a JSON object or array, not ${describe(items)}`,
  );
}

/** The passes as the core's `[{"name", "items"}]` JSON, from a list or a `{ name: items }` object. */
function passesJson(passes) {
  let list;
  if (Array.isArray(passes)) {
    list = passes.map((pass, i) => {
      if (pass === null || typeof pass !== "object" || Array.isArray(pass)) {
        throw new TypeError(`passes[${i}] must be an object { name, items }, not ${describe(pass)}`);
      }
      return { name: pass.name, items: itemsText(pass.items, `passes[${i}].items`) };
    });
  } else if (passes !== null && typeof passes === "object") {
    list = Object.entries(passes).map(([name, items]) => ({ name, items: itemsText(items, `passes.${name}`) }));
  } else {
    throw new TypeError(
      `passes must be a list of { name, items } or an object { name: items }, not ${describe(passes)}`,
    );
  }
  return toJson(list, "passes");
}

/** Calls the core; its errors (bad options, a bad rubric) come back as TypeErrors. */
function core(f, ...args) {
  try {
    return f(...args);
  } catch (e) {
    if (e instanceof Error && e.constructor === Error) throw new TypeError(e.message);
    throw e;
  }
}

/** Scores `items`: the object `pickanumber score` prints as JSON (see index.d.ts). */
export function analyse(items, options) {
  return JSON.parse(core(analyseJson, itemsText(items), optionsJson(options)));
}

/**
 * Several judges' passes scored together: the object `pickanumber combine` prints (the keys of
 * the mode, then passes, spread, disagreements, alpha, alpha_level and duplicates).
 */
export function combine(passes, options) {
  return JSON.parse(core(combineJson, passesJson(passes), optionsJson(options)));
}

/**
 * Calibrates against people: the card `pickanumber calibrate` prints for a gold set given as
 * JSON Lines text (outputs as text or lists of passes; a line's optional `work`, as text, checks
 * its output's evidence), with options
 * `{ humanScale, naiveScale, rubric, folds, minAgreement }` (see index.d.ts).
 */
export function calibrate(gold, options) {
  if (typeof gold !== "string") {
    throw new TypeError(`gold must be the gold set's JSON Lines text, not ${describe(gold)}`);
  }
  return JSON.parse(core(calibrateJson, gold, toJson(options ?? {}, "options")));
}

/** The markdown report `pickanumber score --report` prints. */
export function report(items, options) {
  return core(reportMarkdown, itemsText(items), optionsJson(options));
}

/** The rubric argument as the core's `{"rubric": …}` JSON. */
function rubricJson(rubric) {
  if (typeof rubric !== "string" && (rubric === null || typeof rubric !== "object")) {
    throw new TypeError(
      `rubric must be { path: "rubric.toml" }, { text: "…" }, a rubric object or a rubric's text, not ${describe(rubric)}`,
    );
  }
  return toJson({ rubric: rubricArg(rubric, "rubric") }, "");
}

/** The judge prompt of a rubric (markdown), as `pickanumber rubric prompt` prints it. */
export function rubricPrompt(rubric) {
  return core(promptOf, rubricJson(rubric));
}

/** The JSON Schema of the judge's output for a rubric, as an object. */
export function rubricSchema(rubric) {
  return JSON.parse(core(schemaOf, rubricJson(rubric)));
}

/** The package's version. */
export const version = wasmVersion();
