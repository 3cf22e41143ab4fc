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
  judgeVerdict,
  reportMarkdown,
  retestJson,
  rubricPrompt as promptOf,
  rubricSchema as schemaOf,
  scoringOptionsJson,
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

/**
 * The scoring options, from the core's one table: `{ name, what, needs, help, kind }` each,
 * named as the options object spells them (`failUnder`), in the table's order.
 */
export const SCORING_OPTIONS = Object.freeze(JSON.parse(scoringOptionsJson()));

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

/**
 * Calls the core; its errors (bad options, a bad rubric) come back as TypeErrors, an option's
 * with the stable `kind` of the core's table (`out_of_range`, `needs_option`, …).
 */
function core(f, ...args) {
  try {
    return f(...args);
  } catch (e) {
    if (!(e instanceof Error && e.constructor === Error)) throw e;
    if (e.message.startsWith('{"optionError":')) {
      const { kind, message } = JSON.parse(e.message).optionError;
      throw Object.assign(new TypeError(message), { kind });
    }
    throw new TypeError(e.message);
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

/**
 * How steady the judge is: the object `pickanumber retest --json` prints for runs given as
 * JSON Lines text (one judging a line, at least two a work), or with `{ report: true }` the
 * markdown `--report` prints; options `{ failUnder, naiveScale, by, rubric, report }` (see
 * index.d.ts).
 */
export function retest(runs, options) {
  if (typeof runs !== "string") {
    throw new TypeError(`runs must be the runs' JSON Lines text, not ${describe(runs)}`);
  }
  const text = core(retestJson, runs, toJson(options ?? {}, "options"));
  return options?.report === true ? text : JSON.parse(text);
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

/**
 * The judge prompt of a rubric (markdown), as `pickanumber rubric prompt` prints it; with
 * `{ work }` (the judged text, or `{ path: text }` for files), followed by the work under
 * "## The work": the prompt `judge` sends.
 */
export function rubricPrompt(rubric, { work } = {}) {
  if (work === undefined) return core(promptOf, rubricJson(rubric));
  return promptWithWork(rubricArg(rubric, "rubric"), work);
}

/** The prompt of a rubric already read (`rubricArg`) with the work after it. */
function promptWithWork(rubric, work) {
  if (typeof work !== "string" && (work === null || typeof work !== "object" || Array.isArray(work))) {
    throw new TypeError(`work must be the judged text (a string) or { path: text }, not ${describe(work)}`);
  }
  return core(promptOf, toJson({ rubric, work }, ""));
}

/**
 * Raised by `judge` when no judge gave a score: `failures` names each judge and why, `answers`
 * keeps each raw answer, `misses` the gate's reasons.
 */
export class JudgeError extends Error {
  constructor(failures, answers, misses = []) {
    const lines = Object.entries(failures).map(([name, why]) => `${name}: ${why}`);
    super(`no judge gave a score:\n${lines.join("\n")}`);
    this.name = "JudgeError";
    this.failures = failures;
    this.answers = answers;
    this.misses = misses;
  }
}

/** The most bytes one answer may hold (64 MiB): a larger one is named, not read. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Our clock, in milliseconds. */
const now = () => globalThis.performance?.now() ?? Date.now();

/** A text's size in UTF-8 bytes, counted only when it could be over the limit. */
function byteSize(text) {
  if (text.length * 3 <= MAX_ANSWER_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

/**
 * One judge's call under our clock: its outcome as the core takes it. A judge that has not
 * answered when the timer fires is `timed_out`, and so is a synchronous judge busy for longer
 * than the timeout (it cannot be pre-empted, but its late answer is not read).
 */
async function ask(name, fn, prompt, schema, timeoutMs) {
  const timedOut = { name, kind: "timed_out", seconds: timeoutMs / 1000 };
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(timedOut), timeoutMs);
  });
  const raised = (e) => ({
    name,
    kind: "raised",
    type: e instanceof Error ? e.name : typeof e,
    message: e instanceof Error ? e.message : String(e),
  });
  // A judge's synchronous part (all of a synchronous judge) is timed from its call to its
  // return: one busy for longer than the timeout is timed out, though nothing could interrupt
  // it. An awaited answer races the timer, which Node runs before the answer's callback once
  // both are due.
  const answer = Promise.resolve().then(() => {
    const called = now();
    const late = () => now() - called > timeoutMs;
    let value;
    try {
      value = fn(prompt, schema);
    } catch (e) {
      return late() ? timedOut : raised(e);
    }
    if (late()) return timedOut;
    if (typeof value?.then !== "function") return outcome(name, value);
    return Promise.resolve(value).then((v) => outcome(name, v), raised);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A judge's answer as an outcome: its text, its parsed JSON, or what is wrong with it. */
function outcome(name, value) {
  if (typeof value === "string") {
    const bytes = byteSize(value);
    return bytes > MAX_ANSWER_BYTES ? { name, kind: "too_large", bytes } : { name, kind: "answer", text: value };
  }
  if (value !== null && typeof value === "object") {
    try {
      return { name, kind: "parsed", value: JSON.parse(toJson(value, "answer")) };
    } catch (e) {
      return { name, kind: "raised", type: "TypeError", message: `returned JSON that cannot be read: ${e.message}` };
    }
  }
  return { name, kind: "raised", type: "TypeError", message: `returned ${describe(value)}, not the answer's text` };
}

/**
 * Judges `work` with several judge models and scores their items with the formula: the
 * rubric's prompt with the work after it goes to every judge at once under our clock, and
 * each judge's outcome (its answer, what it threw, the timeout) goes to the core's verdict,
 * the one the Python package and the CLI's `combine --outcomes` give: each answer read
 * strictly, the evidence checked against the work, the passes combined, the gate with the
 * `minJudges` rule (by default every judge must score), each judge left out named (see
 * index.d.ts).
 */
export async function judge(work, rubric, judges, options = {}) {
  if (judges === null || typeof judges !== "object" || Array.isArray(judges) || Object.keys(judges).length === 0) {
    throw new TypeError("judges must be a non-empty object { name: (prompt, schema) => answer }, one pass per judge");
  }
  for (const [name, fn] of Object.entries(judges)) {
    if (typeof fn !== "function") {
      throw new TypeError(`judges.${name} is ${describe(fn)}, not a function (prompt, schema) => answer`);
    }
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`options must be an object such as { failUnder: 60 }, not ${describe(options)}`);
  }
  const { timeoutMs = 300_000, ...rest } = options;
  for (const key of ["against", "rubric"]) {
    if (key in rest) throw new TypeError(`judge takes no options.${key}: the work and the rubric are its first two arguments`);
  }
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new TypeError(`options.timeoutMs must be a number of milliseconds greater than 0, not ${describe(timeoutMs)}`);
  }
  if (rubric === undefined || rubric === null) {
    throw new TypeError("judge needs a rubric ({ path }, { text } or a rubric object): it writes the prompt");
  }
  // Read once (a `{ path }` is read here); the core calls below take it as it is.
  const loaded = rubricArg(rubric, "rubric");
  const prompt = promptWithWork(loaded, work);
  const schema = JSON.parse(core(schemaOf, toJson({ rubric: loaded }, "")));
  const names = Object.keys(judges);
  const outcomes = await Promise.all(names.map((n) => ask(n, judges[n], prompt, schema, timeoutMs)));
  const { verdict } = JSON.parse(
    core(judgeVerdict, JSON.stringify(outcomes), toJson({ ...rest, rubric: loaded, against: work }, "options")),
  );
  if (verdict.final === null) {
    const failures = Object.fromEntries(Object.entries(verdict.judges).map(([n, j]) => [n, j.error]));
    const answers = Object.fromEntries(Object.entries(verdict.judges).map(([n, j]) => [n, j.answer]));
    throw new JudgeError(failures, answers, verdict.gate.misses);
  }
  return verdict;
}

/** The JSON Schema of the judge's output for a rubric, as an object. */
export function rubricSchema(rubric) {
  return JSON.parse(core(schemaOf, rubricJson(rubric)));
}

/** The package's version. */
export const version = wasmVersion();

/**
 * A promptfoo assertion that has grading providers judge the output and scores their items
 * with the formula: one pass per provider, the output as the work. `loadApiProvider` is
 * promptfoo's own (`import { loadApiProvider } from "promptfoo"`), so this package does not
 * depend on promptfoo. The assertion's `config`: `rubric` (a rubric file's path, from the
 * folder promptfoo runs in), `providers` (ids such as `openai:gpt-5`, or `{ id, label,
 * config }` as in promptfooconfig's `providers`; without it, the test's grading provider,
 * `defaultTest.options.provider`), and {@link judge}'s options (`failUnder`, `timeoutMs`, …).
 * See index.d.ts.
 */
export function promptfooJudge(loadApiProvider) {
  if (typeof loadApiProvider !== "function") {
    throw new TypeError('promptfooJudge takes promptfoo\'s loadApiProvider: import { loadApiProvider } from "promptfoo"');
  }
  const loaded = new Map();
  const load = (id, options) => {
    const key = toJson([id, options], "provider");
    if (!loaded.has(key)) loaded.set(key, loadApiProvider(id, { options, basePath: globalThis.process?.cwd() }));
    return loaded.get(key);
  };
  return async function pickanumberJudge(output, context) {
    const { providers, rubric, ...options } = context?.config ?? {};
    const listed = providers ?? context?.test?.options?.provider;
    if (listed === undefined || listed === null || (Array.isArray(listed) && listed.length === 0)) {
      throw new TypeError(
        "config.providers: list the grading providers (ids such as openai:gpt-5, or { id, label, config }), or set defaultTest.options.provider",
      );
    }
    if (typeof rubric !== "string") {
      throw new TypeError(`config.rubric: must be the rubric file's path, not ${describe(rubric)}`);
    }
    const judges = {};
    for (const [i, entry] of [].concat(listed).entries()) {
      let provider;
      let base;
      if (typeof entry?.callApi === "function") {
        // A provider promptfoo has already loaded (a grading provider it resolved).
        provider = entry;
        base = entry.label ?? (typeof entry.id === "function" ? entry.id() : String(entry.id));
      } else {
        const { id, label, ...rest } = typeof entry === "string" ? { id: entry } : entry ?? {};
        if (typeof id !== "string") {
          throw new TypeError(`config.providers[${i}]: must be a provider id or { id, label, config }, not ${describe(entry)}`);
        }
        provider = await load(id, label === undefined ? rest : { ...rest, label });
        base = label ?? id;
      }
      let name = base;
      for (let n = 2; name in judges; n++) name = `${base}#${n}`;
      judges[name] = async (prompt) => {
        const response = await provider.callApi(prompt);
        if (response?.error) throw new Error(response.error);
        return response?.output;
      };
    }
    const work = typeof output === "string" ? output : toJson(output, "output");
    const result = await judge(work, { path: rubric }, judges, options);
    const interval = result.interval ? `, interval (90 %) ${result.interval[0]} to ${result.interval[1]}` : "";
    const parts = [`final ${result.final}${interval}, confidence ${result.confidence.toFixed(2)}`];
    parts.push(`passes: ${result.passes.map((p) => `${p.name} ${p.final ?? "none"}`).join(", ")}`);
    const invented = result.passes.filter((p) => p.evidence?.invented_rate > 0);
    if (invented.length > 0) {
      parts.push(`invented evidence left out: ${invented.map((p) => `${p.name} ${p.evidence.invented_rate.toFixed(2)}`).join(", ")}`);
    }
    for (const [name, j] of Object.entries(result.judges)) {
      if (j.error !== null) parts.push(`judge ${name} left out: ${j.error}`);
    }
    if (!result.gate.passed) parts.push(...result.gate.misses);
    return {
      pass: result.gate.passed,
      score: result.final / 100,
      reason: parts.join("; "),
      namedScores: Object.fromEntries(result.passes.filter((p) => p.final !== null).map((p) => [p.name, p.final / 100])),
      metadata: {
        graderOutputs: Object.fromEntries(Object.entries(result.judges).map(([n, j]) => [n, j.answer ?? ""])),
        pickanumber: result,
      },
    };
  };
}
