// Types of the `pickanumber` npm package: `analyse` returns the object `pickanumber score`
// prints as JSON, key for key.

/** How items combine: `auto` decides from the input; a result names the mode it was scored in. */
// generated from schema/result.schema.json: Mode
export type Mode = "auto" | "pooled" | "matrix" | "feedback";
// end of generated Mode

/** The input format the reader detected. */
// generated from schema/result.schema.json: Format
export type Format = "lines" | "json" | "feedback_json" | "spreadsheet" | "markdown_table";
// end of generated Format

/** The points of one item. */
// generated from schema/result.schema.json: Impact
export type Impact = 5 | 3 | 2 | 1 | -1 | -2 | -3 | -5;
// end of generated Impact

/** The four buckets of feedback mode, in the order they are processed. */
// generated from schema/result.schema.json: Bucket as BucketName
export type BucketName = "working" | "not_working" | "missing" | "confusing";
// end of generated Bucket

/** What checking an item's evidence against the work found. */
// generated from schema/result.schema.json: Status
export type Status = "verified" | "located" | "not_found" | "not_checkable" | "no_evidence";
// end of generated Status

/** How serious a diagnostic is: every diagnostic of a kind has the same severity. */
// generated from schema/result.schema.json: Severity
export type Severity = "error" | "warning" | "note";
// end of generated Severity

/** Krippendorff's reading of the passes' alpha. */
// generated from schema/result.schema.json: AlphaLevel
export type AlphaLevel = "reliable" | "tentative" | "unreliable";
// end of generated AlphaLevel

// generated from the scoring options table (site/result/src/table.rs): ScoringOptions
/** What is wrong with an option, on the `TypeError` it throws (its `kind`). */
export type OptionErrorKind =
  | "unknown_option"
  | "wrong_type"
  | "out_of_range"
  | "unknown_name"
  | "bad_weights"
  | "bad_rubric"
  | "bad_work"
  | "bad_card"
  | "needs_option"
  | "conflicting_options";

/** The scoring options of `analyse`, `combine` and `judge`. */
export interface ScoringOptions {
  /** How items combine; left out, auto decides from the input (buckets: feedback; criteria or weights: matrix; else pooled). */
  mode?: "auto" | "pooled" | "matrix" | "feedback" | null;
  /** Criteria and weights of a preset matrix. */
  preset?: "generic" | "hackathon" | null;
  /** Criterion weights, such as craft=0.6,depth=0.4 (divided by their sum if it is not 1). */
  weights?: string | Record<string, number> | null;
  /** Score against a rubric: its mode, weights and settings; items naming a criterion or perspective outside it are errors. Cannot be combined with mode, preset or weights. */
  rubric?: RubricSource | null;
  /** Read strictly, for pipelines: every line that is not an item, a heading, a weights line or blank is an error instead of a note. */
  strict?: boolean | null;
  /** The gate: the headline (the final; the overall in matrix mode) must be at least this score, else the gate misses. */
  failUnder?: number | null;
  /** The gate: the headline's confidence must be at least this (0 to 1). */
  minConfidence?: number | null;
  /** The gate: the matrix self-check must pass (criteria finals at least 20 points apart). */
  requireSelfCheck?: boolean | null;
  /** Items for full confidence: the density is the items divided by this (default 20, or the rubric's). */
  denominator?: number | null;
  /** Points of raw score per unit of normalised evidence (default 8, or the rubric's). */
  scale?: number | null;
  /** The bootstrap interval of the headline and of each pass, on by default; off skips the resampling, most of the time a score takes, and the result has no interval key. */
  interval?: boolean | null;
  /** Check every item's evidence against the judged work (a file's text, or a folder as a tree of files) before anything is counted. */
  against?: string | Record<string, string> | null;
  /** drop (the default) leaves out items whose evidence is not in the work; keep counts them, flagged. */
  unverified?: "drop" | "keep" | null;
  /** Leave out items that cite no evidence too. */
  requireEvidence?: boolean | null;
  /** Count only verified items, leaving out located ones (a place and no quotation), not_checkable and no_evidence ones too. */
  requireQuotes?: boolean | null;
  /** The gate: the share of checkable items whose evidence is not in the work must be at most this rate (0 to 1), overall and for each pass. */
  maxUnverified?: number | null;
  /** The gate: the result's card must hold each value in its field (version, settings, rubric, prompt, schema or work). */
  requireCard?: Record<string, string> | null;
}
// end of generated ScoringOptions

/**
 * The options of {@link analyse}, {@link combine} and {@link report}: `pickanumber score`'s
 * flags, from the one table every front end reads. A bad option throws a `TypeError` with a
 * `kind` ({@link OptionErrorKind}).
 */
export type Options = ScoringOptions;

/** One option of the core's table, named as the options object spells it. */
export interface ScoringOption {
  name: keyof ScoringOptions;
  /** What its value is: `a score from 0 to 100, such as 70`. */
  what: string;
  /** The options it needs. */
  needs: (keyof ScoringOptions)[];
  help: string;
  /** The kind of error a bad value gives. */
  kind: OptionErrorKind;
}

/** The scoring options, from the core's one table, in its order. */
export const SCORING_OPTIONS: readonly ScoringOption[];

/**
 * Where a rubric comes from, told apart by its form: `{ path }` reads a file (Node only),
 * `{ text }` and a string are the file's text (TOML or JSON), an object with `subject` is the
 * rubric itself.
 */
export type RubricSource = { path: string } | { text: string } | string | Rubric;

/** A rubric as an object: the same structure as the rubric TOML file. */
export interface Rubric {
  subject: string;
  mode: "matrix" | "pooled";
  perspectives?: string[];
  criteria?: { name: string; weight: number; plus5: string; minus5: string }[];
  traps?: { description: string; impact: Impact }[];
  params?: Record<string, number | string>;
}

/** The pooled figures of one score. `final` is an integer when the settings round (the default). */
export interface Pooled {
  net_impact: number;
  total_items: number;
  normalized: number;
  raw: number;
  density: number;
  multiplier: number;
  final: number;
  final_unrounded: number;
  confidence: number;
}

/** One criterion of a matrix score. */
export interface Criterion extends Pooled {
  name: string;
  weight: number;
}

/** One bucket of feedback mode, with the pool of the buckets so far. */
export interface Bucket {
  bucket: BucketName;
  items: { impact: number; text: string }[];
  running: Pooled;
}

/** One judge's pass in a combined result, scored alone in the combined mode. */
export interface Pass {
  name: string;
  /** The line of its `## Pass:` heading, when the passes came in one text. */
  line: number | null;
  final: number | null;
  final_unrounded: number | null;
  confidence: number | null;
  /** The pass's bootstrap interval; null with no headline; absent with `interval: false`. */
  interval?: [number, number] | null;
  total_items: number;
  /** Matrix mode. */
  criteria?: { name: string; final: number; confidence: number; total_items: number }[];
  /** With `against`: this judge's evidence counts and invented-evidence rate. */
  evidence?: EvidenceCounts;
}

/** The lowest and highest final across the passes: the headline (criterion null) or one criterion's. */
export interface Spread {
  criterion: string | null;
  lowest: number;
  highest: number;
  spread: number;
  passes: number;
}

/** A cell where one pass nets above 0 and another below. */
export interface Disagreement {
  criterion: string | null;
  perspective: string | null;
  passes: { name: string; net: number }[];
}

/** An item counted once because another pass found the same observation. */
export interface Duplicate {
  pass: string;
  line: number | null;
  counted_from: { pass: string; line: number | null };
}

/** The gate's verdict, present when a threshold was given. */
export interface Gate {
  fail_under: number | null;
  min_confidence: number | null;
  require_self_check: boolean;
  /** Present when `maxUnverified` is given. */
  max_unverified?: number;
  passed: boolean;
  /** The checks that missed, as sentences naming the option: `final 62 is under 70 (failUnder)`. */
  misses: string[];
  /** Present when `requireCard` is given: each card field required, and its value. */
  require_card?: Record<string, string>;
}

/** One pass's grader on a {@link Card}: its name and the sampling parameters known. */
export interface Grader {
  name: string;
  model: string | null;
  temperature: number | null;
  max_tokens: number | null;
}

/** The calibration (`calibrate --out`) the settings came from. */
export interface Fit {
  /** sha256 of the gold set. */
  gold: string;
  /** sha256 of the fitted settings. */
  settings: string;
}

/**
 * What produced a result: the version, and sha256 hashes (64 lowercase hexadecimal digits) of
 * the settings, the rubric in canonical form, the prompt, the schema and the work.
 */
export interface Card {
  tool: "pickanumber";
  version: string;
  settings: string;
  rubric: string | null;
  prompt: string | null;
  schema: string | null;
  work: string | null;
  graders: Grader[];
  fit: Fit | null;
}

/** The counts of each evidence status, with `against`: the whole input's, and each pass's. */
export interface EvidenceCounts {
  verified: number;
  /** Items that give places only, whose lines exist: what they say of them was not checked. */
  located: number;
  not_found: number;
  not_checkable: number;
  no_evidence: number;
  /** not_found / (verified + located + not_found); null when no item's evidence was checked. */
  invented_rate: number | null;
  /** Items left out of the score. */
  left_out: number;
}

/** Every written item's evidence checked against the work (`against`), a `×N` line once. */
export interface Evidence extends EvidenceCounts {
  /** What the work left unread (binary files, symlinks leading outside). */
  skipped: string[];
  items: {
    line: number;
    impact: number;
    text: string;
    status: Status;
    reason: string;
    /** For a quote not found: the closest passage of the work, when one is close. */
    closest: string | null;
    counted: boolean;
    /** How many items the entry stands for: the copies of a `×N` line, checked alike. */
    count: number;
  }[];
}

/**
 * What a diagnostic is about: a stable name a pipeline selects diagnostics by (the output
 * contract's list, with each kind's severity, is in docs/output.md and schema/result.schema.json).
 */
// generated from schema/result.schema.json: Kind
export type Kind =
  | "item"
  | "weights"
  | "params"
  | "ignored"
  | "unused_keys"
  | "criteria_set_aside"
  | "empty_criterion"
  | "weights_normalised"
  | "self_check"
  | "saturation"
  | "crowded_cell"
  | "thin_cell"
  | "nothing_read"
  | "strict"
  | "empty_input"
  | "fenced"
  | "report_mismatch"
  | "report_subset"
  | "pass"
  | "duplicate"
  | "evidence"
  | "work_skipped";
// end of generated Kind

/** One error, warning or note about the input. */
export interface Diagnostic {
  /** What it is about. */
  kind: Kind;
  /** How serious: every diagnostic of a kind has the same severity. */
  severity: Severity;
  /** The 1-based line it concerns, where there is one. */
  line?: number;
  /** The 1-based column, where the input format has one (JSON). */
  column?: number;
  /** What is wrong or worth knowing, without the line number. */
  message: string;
}

/**
 * The object `pickanumber score` prints. `final`, `final_unrounded` and `confidence` are the
 * headline (the overall in matrix mode), `null` when nothing was read or the weights cannot be
 * used; the other keys are present in the modes their comments name.
 */
export interface Result extends Partial<Omit<Pooled, "final" | "final_unrounded" | "confidence">> {
  /** The version of the output contract this object follows (1). */
  schema_version: number;
  mode: Exclude<Mode, "auto">;
  format: Format;
  final: number | null;
  final_unrounded: number | null;
  confidence: number | null;
  /** Feedback mode. */
  buckets?: Bucket[];
  /** Matrix mode, when the weights can be used. */
  overall?: number;
  overall_unrounded?: number;
  overall_confidence?: number;
  span?: number;
  self_check?: boolean;
  criteria?: Criterion[];
  /** Matrix mode, when the weights cannot be used: why. */
  weights_error?: string;
  /** Matrix mode: the pool of all items, for reference only. */
  pooled?: Pooled;
  /**
   * The 90 % bootstrap interval of the headline, `[low, high]`; null with no headline; absent
   * when the options say `interval: false`.
   */
  interval?: [number, number] | null;
  /** Combined passes ({@link combine}, or `## Pass:` headings): each pass alone. */
  passes?: Pass[];
  /** Combined passes: how far apart their finals are. */
  spread?: Spread[];
  /** Combined passes: cells where they net on opposite signs. */
  disagreements?: Disagreement[];
  /** Combined passes: Krippendorff's alpha over the criteria finals (matrix, 2+ passes, 3+ criteria). */
  alpha?: number | null;
  alpha_level?: AlphaLevel | null;
  /** Combined passes: the items counted once. */
  duplicates?: Duplicate[];
  /** The diagnostics of severity `"error"` (an item that cannot be read; every odd line under `strict`). */
  errors: Diagnostic[];
  /** Line numbers of lines that are not items. */
  ignored: number[];
  /** The diagnostics of severity `"warning"`: the score is computed, but the method's advice is not followed. */
  warnings: Diagnostic[];
  /** The diagnostics of severity `"note"`: remarks that change nothing. */
  notes: Diagnostic[];
  /** With `against`: every item's evidence checked, and the counts. */
  evidence?: Evidence;
  /** What produced the result: the version and the hashes of what decides the number. */
  card?: Card;
  /** Present when `failUnder`, `minConfidence`, `requireSelfCheck`, `maxUnverified` or `requireCard` is given. */
  gate?: Gate;
}

/**
 * Scores evidence items with the pickanumber formula: the object `pickanumber score` prints.
 * `items` is text in any input format the CLI reads, or a JSON value (an `{ items: [...] }`
 * object) read as its JSON text.
 * @throws {TypeError} on bad options or a bad rubric, with a message naming the option.
 */
export function analyse(items: string | object, options?: Options): Result;

/**
 * Several judges' passes scored together, as `pickanumber combine`: a list of
 * `{ name, items }` or an object `{ name: items }` (in its key order); the headline is the
 * formula over every pass's items together, an observation two passes both found counting once.
 * @throws {TypeError} on bad passes or options: a missing or repeated name, a pass with
 * `## Pass:` headings beside others.
 */
export function combine(
  passes: { name: string; items: string | object }[] | Record<string, string | object>,
  options?: Options,
): Result;

/** The markdown report `pickanumber score --report` prints. @throws {TypeError} as {@link analyse}. */
export function report(items: string | object, options?: Options): string;

/**
 * The judge prompt of a rubric, as `pickanumber rubric prompt`; with `work`, followed by the
 * work under "## The work" (a text as it is, files under their paths with numbered lines): the
 * prompt {@link judge} sends. @throws {TypeError} with every error of the rubric.
 */
export function rubricPrompt(rubric: RubricSource, options?: { work?: Work }): string;

/** The judged work: its text, or `{ path: text }` for files. */
export type Work = string | Record<string, string>;

/**
 * A judge: given the prompt (markdown, the work at its end) and the JSON Schema of the answer,
 * returns the model's answer as text (or its parsed JSON), or a Promise of it. Wrap any SDK.
 */
export type Judge = (prompt: string, schema: Record<string, unknown>) => string | object | Answer | Promise<string | object | Answer>;

/** A judge with the settings of its call: they go on the result's card and into the cache's key. */
export interface JudgeModel {
  /** The judge itself. */
  call: Judge;
  /** The model's name. */
  model?: string;
  /** The sampling temperature. */
  temperature?: number;
  /** The most tokens the answer may have. */
  maxTokens?: number;
}

/** Tokens one call used, as a judge reports them. */
export interface TokenUsage {
  /** Tokens of the prompt. */
  inputTokens: number;
  /** Tokens of the answer. */
  outputTokens: number;
}

/** A judge's answer (text or parsed JSON) with what its call cost. */
export class Answer {
  constructor(value: string | object, options?: { usage?: TokenUsage });
  /** The answer. */
  readonly value: string | object;
  /** The tokens, when given. */
  readonly usage?: TokenUsage;
}

/** The options of {@link judge}: {@link combine}'s, how long each judge has, and how many must score. */
export interface JudgeOptions extends Omit<Options, "against" | "rubric"> {
  /** Milliseconds each judge has before it counts as failed (default 300000). */
  timeoutMs?: number;
  /** How many judges must give a score for the gate to pass, from 1 to the judges given (default: every one). */
  minJudges?: number;
  /**
   * A cache folder (Node): opened before any call (one that cannot be written is a TypeError
   * naming it); each judge's answer is looked up by prompt, schema, name and settings, a hit
   * used without a call (`cached: true`, no tokens), a miss stored (never a failure), a damaged
   * entry named in `cache_damaged` and its judge called again.
   */
  cache?: string;
  /** Runs the panel this many times (1 to 1000; with `cache`, the run is in the key). */
  repeat?: number;
  /** A runs file `retest` reads (Node): each run's scored answers appended as JSON lines, atomically. */
  runs?: string;
  /** The work's id in the runs file (default: the start of the card's work hash). */
  workId?: string;
}

/** Why a judge gave no score. */
export type FailureKind = "raised" | "timed_out" | "too_large" | "empty" | "prose" | "cut_off" | "not_items" | "all_left_out";

/** {@link judge}'s result: {@link combine}'s object, with the gate and each judge's raw answer. */
export interface Judgement extends Result {
  /** The gate: the thresholds, and at least `min_judges` judges scoring. */
  gate: Gate & { min_judges: number };
  /**
   * Each judge in the order given: its raw answer (`null` when it gave none), why it was left
   * out (`null` when it was not) and the failure's kind, with the answer's line and column
   * where the reader names one.
   */
  judges: Record<
    string,
    {
      answer: string | null;
      error: string | null;
      failure: { kind: FailureKind; line: number | null; column: number | null } | null;
      /** The judge's settings, when given as a {@link JudgeModel}. */
      params?: { model: string | null; temperature: number | null; max_tokens: number | null };
      /** The tokens its call used, when it returned an {@link Answer} with usage (zero for a cached answer). */
      usage?: { input_tokens: number; output_tokens: number };
      /** Whether its answer came from the cache. */
      cached?: boolean;
    }
  >;
  /** The tokens of every judge that reported them, added up. */
  usage?: { input_tokens: number; output_tokens: number };
  /** Each damaged cache entry, named (its judge was called again). */
  cache_damaged?: string[];
  /** The markdown report (not enumerable: not in the JSON). */
  readonly report: string;
  /** With `repeat`: every run's judgement, this one first (not enumerable). */
  readonly runs: Judgement[];
}

/** Thrown by {@link judge} when no judge gave a score. */
export class JudgeError extends Error {
  /** Each judge's name and why it gave no score. */
  failures: Record<string, string>;
  /** Each raw answer that came back (`null` for none). */
  answers: Record<string, string | null>;
  /** The gate's misses: no judge gave a score, and the thresholds that cannot be met. */
  misses: string[];
}

/**
 * Judges `work` with several judge models and scores their items with the formula: the
 * rubric's prompt with the work after it goes to every judge at once; each answer is read on
 * its own, strictly (prose, cut-off JSON, no items, another shape or a name the rubric lacks
 * leaves that judge out, named in `judges[name].error`; so do a throw, the timeout and an
 * answer over 64 MiB); items whose evidence is not in the work are left out; the passes are
 * combined as {@link combine} does, `against` the work; the gate misses when fewer than
 * `minJudges` judges scored.
 * @throws {JudgeError} when no judge gave a score; {TypeError} for bad arguments.
 */
export function judge(work: Work, rubric: RubricSource, judges: Record<string, Judge | JudgeModel>, options?: JudgeOptions): Promise<Judgement>;

/** The JSON Schema of the judge's output, as `pickanumber rubric schema` (parsed). @throws {TypeError} as {@link rubricPrompt}. */
export function rubricSchema(rubric: RubricSource): Record<string, unknown>;

/** The options of {@link calibrate}, every key optional. */
export interface CalibrateOptions {
  /** The scale of the human scores, `"LOW:HIGH"`, mapped onto 0–100 (default `"0:100"`). */
  humanScale?: string;
  /** The scale of the naive numbers (default `"0:100"`). */
  naiveScale?: string;
  /** A rubric's text (TOML or JSON): the outputs are scored with it, its settings the defaults to beat. */
  rubric?: string;
  /** Folds of the cross-validation (default 5, at least 2). */
  folds?: number;
  /** The verdict's minimum held-out Spearman's ρ (from −1 to 1). */
  minAgreement?: number;
}

/**
 * Calibrates against people, as `pickanumber calibrate`: `gold` is the gold set's JSON Lines
 * text (`{"id", "human", "output", "naive", "work"}` a line; outputs and works as text, outputs
 * also as lists of passes, no files; a work checks its output's evidence). The card: agreement under the defaults and held out, `fit.fitted` (`{ denominator,
 * scale }`), `verdict` with `minAgreement`. @throws {TypeError} naming every bad line (`line N: …`)
 * or option.
 */
export function calibrate(gold: string, options?: CalibrateOptions): Record<string, unknown>;

/** The options of {@link retest}, every key optional. */
export interface RetestOptions {
  /** The gate: a work flips when some of its runs' finals are under it and some are not (0 to 100). */
  failUnder?: number | null;
  /** The scale of the naive numbers, `"LOW:HIGH"`, mapped onto 0–100 (default `"0:100"`). */
  naiveScale?: string;
  /** Group the runs by this key's label (such as `"probe"`) and report the shift of the final between the groups. */
  by?: string | null;
  /** A rubric's text (TOML or JSON): every answer is scored with it. */
  rubric?: string;
  /** The judged work (its text, or `{ path: text }`) the evidence of every run that names none of its own (`"against"`) is checked against, as `score`'s `against`. */
  against?: string | Record<string, string> | null;
  /** `true`: return the markdown report instead of the object. */
  report?: boolean;
}

/** A figure of {@link retest} with its bootstrap interval over the works it covers. */
export interface RetestFigure {
  value: number | null;
  low: number | null;
  high: number | null;
  works: number;
}

/** What {@link retest} returns: the object `pickanumber retest --json` prints. */
export interface Retest {
  runs: number;
  works: number;
  fail_under: number | null;
  naive_scale: string;
  level: number;
  resamples: number;
  final_sd: RetestFigure;
  naive_sd: RetestFigure | null;
  flip_rate: RetestFigure | null;
  naive_flip_rate: RetestFigure | null;
  by: { key: string; groups: unknown[]; shifts: unknown[] } | null;
  warnings: string[];
  /** How many runs were checked against a work, and their items' evidence counts. */
  evidence: { runs_checked: number; runs_unchecked: number; verified: number; located: number; not_found: number; not_checkable: number; no_evidence: number; invented_rate: number | null };
  per_work: Record<string, unknown>[];
}

/**
 * How steady the judge is, as `pickanumber retest`: `runs` is JSON Lines text (`{"work",
 * "output", "naive", "probe", "grader", "model", "against"}` a line, at least two runs a work;
 * a run's `against` text is the work its evidence is checked against). Per work
 * every run's final, their spread and whether they straddle `failUnder`; overall `final_sd`,
 * `naive_sd`, `flip_rate` and `naive_flip_rate` with bootstrap intervals over the works.
 * @throws {TypeError} naming every bad run (`line N: work "ID": …`) or option.
 */
export function retest(runs: string, options: RetestOptions & { report: true }): string;
export function retest(runs: string, options?: RetestOptions & { report?: false }): Retest;

/** The package's version. */
export const version: string;

/** What a promptfoo assertion returns: promptfoo's `GradingResult`, as far as it is used. */
export interface PromptfooGrade {
  pass: boolean;
  /** The headline / 100. */
  score: number;
  /** The final and confidence, each pass's final, invented evidence, each grader left out, the gate's misses. */
  reason: string;
  /** Each pass's final / 100, by pass name (promptfoo shows them as metrics). */
  namedScores: Record<string, number>;
  /** `graderOutputs`: each grader's raw answer; `pickanumber`: {@link judge}'s whole result. */
  metadata: { graderOutputs: Record<string, string>; pickanumber: Judgement };
}

/**
 * A promptfoo assertion (`type: javascript`, `value: file://judge.mjs`) in which promptfoo's
 * grading providers judge the output under a rubric and the formula scores their items: one
 * pass per provider, the output as the work. Give it promptfoo's own `loadApiProvider`
 * (`import { loadApiProvider } from "promptfoo"`). The assertion's `config`: `rubric` (a
 * rubric file's path), `providers` (provider ids, or `{ id, label, config }`; without it, the
 * test's grading provider, `defaultTest.options.provider`) and {@link judge}'s options. When no
 * grader gives a score it throws {@link JudgeError}, which promptfoo records as the test's
 * error.
 */
export function promptfooJudge(
  loadApiProvider: (id: string, context?: { options?: Record<string, unknown>; basePath?: string }) => Promise<{
    callApi(prompt: string): Promise<{ output?: unknown; error?: string }>;
  }>,
): (output: string | object, context: { config?: Record<string, unknown>; test?: { options?: { provider?: unknown } } }) => Promise<PromptfooGrade>;
