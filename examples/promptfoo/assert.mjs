// A promptfoo assertion that scores a model's evidence items with pickanumber: the model lists
// signed items, the formula (not the model) gives the score, and the assertion passes when the
// score and its confidence clear the thresholds in the assertion's `config`.
//
// config: failUnder (default 70) and any other option of pickanumber's `analyse` (its
// SCORING_OPTIONS: mode, preset, weights, rubric, the gate's other thresholds, …).

import { analyse } from "pickanumber";

export default function pickanumberAssert(output, context) {
  const { failUnder = 70, ...options } = context.config ?? {};
  const items = typeof output === "string" ? output : JSON.stringify(output);
  const result = analyse(items, { ...options, failUnder });
  const errors = result.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message));
  if (errors.length > 0) {
    // The formula's score of the items it read; 0 (promptfoo's score of a failure) only when it
    // read none, so there is no score.
    const score = result.final === null ? 0 : result.final / 100;
    return { pass: false, score, reason: `the items have errors: ${errors.join("; ")}` };
  }
  const score = result.final / 100;
  const headline = `final ${result.final}, confidence ${result.confidence.toFixed(2)}`;
  if (!result.gate.passed) {
    return { pass: false, score, reason: `${headline}: ${result.gate.misses.join("; ")}` };
  }
  return { pass: true, score, reason: headline };
}
