// pickanumber: the pickanumber formula as WebAssembly, for Node 18+ and browsers.
//
// Data flow: text (or a JSON value, or several judges' passes) + options → JSON text → the wasm core (the Rust crates the
// `pickanumber` CLI is built from) → the JSON text of the object `pickanumber score` prints →
// parsed here. The .wasm file sits next to this module: Node reads it with `fs`, a browser
// fetches it (top-level await, so importing this module is enough).

import init, {
  initSync,
  analyseJson,
  cacheDamaged,
  cacheEntry,
  cacheKey,
  cacheOutcome,
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
/** Node's `fs` (the judge loop's cache and runs file), `null` in a browser. */
let nodeFs = null;
if (typeof process === "object" && typeof process.versions?.node === "string") {
  // Not a literal, so a bundler building for browsers leaves Node's module alone.
  const fs = "node:fs";
  const { readFileSync } = await import(/* webpackIgnore: true */ fs);
  nodeFs = await import(/* webpackIgnore: true */ fs);
  initSync({ module: readFileSync(wasmUrl) });
  readText = (path) => readFileSync(path, "utf8");
} else {
  await init({ module_or_path: wasmUrl });
}

/**
 * The scoring options, from the core's one table: `{ name, what, needs, help, kind }` each,
 * named as the options object spells them (camelCase), in the table's order.
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
 * markdown `--report` prints; options `{ failUnder, naiveScale, by, rubric, against, report }` (see
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

/**
 * A judge's answer with what its call cost: return `new Answer(text, { usage: { inputTokens:
 * 1200, outputTokens: 80 } })` (text, or the parsed JSON object) from a judge whose SDK reports
 * its tokens; they appear in the result's `judges[name].usage`, its total `usage` and the
 * report's Cost section.
 */
export class Answer {
  constructor(value, { usage } = {}) {
    if (usage !== undefined) {
      const keys = usage !== null && typeof usage === "object" ? Object.keys(usage).sort().join(",") : "";
      if (keys !== "inputTokens,outputTokens") {
        throw new TypeError(`usage must be { inputTokens, outputTokens }, not ${describe(usage)}${keys ? ` with ${keys}` : ""}`);
      }
      for (const [k, n] of Object.entries(usage)) {
        if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`usage.${k} must be a whole number of tokens (0 or more), not ${describe(n)}`);
      }
    }
    this.value = value;
    this.usage = usage;
  }
}

/** A judge's answer as an outcome: its text, its parsed JSON, or what is wrong with it. */
function outcome(name, value) {
  if (value instanceof Answer) {
    const out = outcome(name, value.value);
    if (value.usage !== undefined && (out.kind === "answer" || out.kind === "parsed")) {
      out.usage = { input_tokens: value.usage.inputTokens, output_tokens: value.usage.outputTokens };
    }
    return out;
  }
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
  const panel = [];
  for (const [name, given] of Object.entries(judges)) {
    if (typeof given === "function") {
      panel.push({ name, fn: given, params: null });
    } else if (given !== null && typeof given === "object" && typeof given.call === "function") {
      panel.push({ name, fn: given.call, params: paramsOf(name, given) });
    } else {
      throw new TypeError(`judges.${name} is ${describe(given)}, not a function (prompt, schema) => answer or { call, model, temperature, maxTokens }`);
    }
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`options must be an object such as { mode: "matrix" }, not ${describe(options)}`);
  }
  const { timeoutMs = 300_000, cache, repeat = 1, runs, workId, ...rest } = options;
  for (const key of ["against", "rubric"]) {
    if (key in rest) throw new TypeError(`judge takes no options.${key}: the work and the rubric are its first two arguments`);
  }
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new TypeError(`options.timeoutMs must be a number of milliseconds greater than 0, not ${describe(timeoutMs)}`);
  }
  if (!Number.isSafeInteger(repeat) || repeat < 1 || repeat > 1000) {
    throw new TypeError(`options.repeat must be a whole number of runs from 1 to 1000, not ${describe(repeat)}`);
  }
  for (const [key, v] of [["cache", cache], ["runs", runs], ["workId", workId]]) {
    if (v !== undefined && (typeof v !== "string" || v.trim() === "")) {
      throw new TypeError(`options.${key} must be a non-empty string (a path${key === "workId" ? "'s id" : ""}), not ${describe(v)}`);
    }
  }
  if ((cache !== undefined || runs !== undefined) && nodeFs === null) {
    throw new TypeError("options.cache and options.runs need Node's file system: a browser has none");
  }
  if (rubric === undefined || rubric === null) {
    throw new TypeError("judge needs a rubric ({ path }, { text } or a rubric object): it writes the prompt");
  }
  // Read once (a `{ path }` is read here); the core calls below take it as it is.
  const loaded = rubricArg(rubric, "rubric");
  const prompt = promptWithWork(loaded, work);
  const schemaText = core(schemaOf, toJson({ rubric: loaded }, ""));
  const schema = JSON.parse(schemaText);
  if (cache !== undefined) openCache(cache); // a folder that cannot be written: before any call
  const verdicts = [];
  let firstError = null;
  for (let run = 1; run <= repeat; run++) {
    const damaged = [];
    const outcomes = await Promise.all(
      panel.map(async ({ name, fn, params }) => {
        const grader = cacheGrader(name, params, run);
        if (cache !== undefined) {
          const hit = lookup(cache, prompt, schemaText, grader, damaged);
          if (hit) return withParams({ ...hit, name }, params);
        }
        const o = withParams(await ask(name, fn, prompt, schema, timeoutMs), params);
        if (cache !== undefined) save(cache, prompt, schemaText, grader, o);
        return o;
      }),
    );
    const { verdict, report } = JSON.parse(
      core(judgeVerdict, JSON.stringify(outcomes), toJson({ ...rest, rubric: loaded, against: work, prompt }, "options")),
    );
    if (damaged.length > 0) verdict.cache_damaged = damaged;
    if (verdict.final === null) {
      const failures = Object.fromEntries(Object.entries(verdict.judges).map(([n, j]) => [n, j.error]));
      const answers = Object.fromEntries(Object.entries(verdict.judges).map(([n, j]) => [n, j.answer]));
      firstError ??= new JudgeError(failures, answers, verdict.gate.misses);
      continue;
    }
    Object.defineProperty(verdict, "report", { value: report, enumerable: false });
    verdicts.push(verdict);
  }
  if (verdicts.length === 0) throw firstError;
  if (runs !== undefined) writeRuns(runs, verdicts, workId);
  Object.defineProperty(verdicts[0], "runs", { value: verdicts, enumerable: false });
  return verdicts[0];
}

/** A judge's `{ model, temperature, maxTokens }`, checked, as the core's params. */
function paramsOf(name, given) {
  for (const key of Object.keys(given)) {
    if (!["call", "model", "temperature", "maxTokens"].includes(key)) {
      throw new TypeError(`judges.${name}.${key} is not a judge's key (call, model, temperature, maxTokens)`);
    }
  }
  const { model = null, temperature = null, maxTokens = null } = given;
  if (model !== null && typeof model !== "string") throw new TypeError(`judges.${name}.model must be a string, not ${describe(model)}`);
  if (temperature !== null && !Number.isFinite(temperature)) throw new TypeError(`judges.${name}.temperature must be a number, not ${describe(temperature)}`);
  if (maxTokens !== null && !(Number.isSafeInteger(maxTokens) && maxTokens >= 0)) {
    throw new TypeError(`judges.${name}.maxTokens must be a whole number, not ${describe(maxTokens)}`);
  }
  return { model, temperature, max_tokens: maxTokens };
}

/** The outcome with the judge's params, when it has them (a cached one's replaced). */
function withParams(o, params) {
  const { params: _, ...rest } = o;
  return params === null ? rest : { ...rest, params };
}

/** A judge's id in the cache key: its name (with the run after the first) and its params. */
function cacheGrader(name, params, run) {
  const p = params ?? { model: null, temperature: null, max_tokens: null };
  return JSON.stringify({ name: run === 1 ? name : `${name}#run${run}`, ...p });
}

/** Creates the cache folder and checks that it can be written, naming it if not. */
function openCache(dir) {
  const probe = `${dir}/.pickanumber-probe.${process.pid}.tmp`;
  try {
    nodeFs.mkdirSync(dir, { recursive: true });
    nodeFs.writeFileSync(probe, "");
    nodeFs.rmSync(probe);
  } catch (e) {
    throw new TypeError(`cache folder ${dir} cannot be written (${e.code ?? e.message}): give a folder you can write`);
  }
}

/** The cached outcome of a grader, or `null`; a damaged entry is named in `damaged`. */
function lookup(dir, prompt, schemaText, grader, damaged) {
  const key = cacheKey(prompt, schemaText, grader);
  const path = `${dir}/${key}.json`;
  let text;
  try {
    text = nodeFs.readFileSync(path, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") return null;
    damaged.push(cacheDamaged(path, e.code ?? e.message));
    return null;
  }
  try {
    return JSON.parse(cacheOutcome(text, key, grader));
  } catch (e) {
    damaged.push(cacheDamaged(path, e.message));
    return null;
  }
}

/** Stores an answer (never a failure): a temporary file renamed into place. */
function save(dir, prompt, schemaText, grader, o) {
  const entry = cacheEntry(prompt, schemaText, grader, JSON.stringify(o));
  if (entry === undefined || entry === null) return;
  const path = `${dir}/${cacheKey(prompt, schemaText, grader)}.json`;
  atomicWrite(path, entry, "cache entry");
}

/** Writes `text` to `path` through a temporary file beside it and a rename. */
function atomicWrite(path, text, what) {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    nodeFs.writeFileSync(temp, text);
    nodeFs.renameSync(temp, path);
  } catch (e) {
    try {
      nodeFs.rmSync(temp, { force: true });
    } catch {}
    throw new Error(`${what} ${path} cannot be written (${e.code ?? e.message})`);
  }
}

/** Appends each run's scored answers to the runs file `retest` reads (rewritten atomically). */
function writeRuns(path, verdicts, workId) {
  const lines = [];
  for (const v of verdicts) {
    const id = workId ?? (v.card?.work ?? "work").slice(0, 12);
    for (const [grader, j] of Object.entries(v.judges)) {
      if (j.error !== null || j.answer === null) continue;
      const row = { work: id, output: j.answer, grader };
      if (v.card?.rubric) row.rubric = v.card.rubric;
      lines.push(JSON.stringify(row));
    }
  }
  let old = "";
  try {
    old = nodeFs.readFileSync(path, "utf8");
  } catch (e) {
    if (e.code !== "ENOENT") throw new Error(`runs file ${path} cannot be read (${e.code ?? e.message})`);
  }
  if (old !== "" && !old.endsWith("\n")) old += "\n";
  atomicWrite(path, old + lines.map((l) => `${l}\n`).join(""), "runs file");
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
 * `defaultTest.options.provider`), and {@link judge}'s options (the scoring options, `timeoutMs`, …).
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
        // promptfoo's tokenUsage { prompt, completion }: the pass's tokens, where both are given.
        const used = response?.tokenUsage;
        if (Number.isSafeInteger(used?.prompt) && Number.isSafeInteger(used?.completion) && used.prompt >= 0 && used.completion >= 0) {
          return new Answer(response.output, { usage: { inputTokens: used.prompt, outputTokens: used.completion } });
        }
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
