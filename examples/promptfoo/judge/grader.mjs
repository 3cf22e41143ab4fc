// A scripted grading provider standing in for a model, so the example runs offline: it answers
// the `answer` of its config, or fails with its `error`. Swap it for real providers
// (openai:gpt-5, anthropic:messages:claude-sonnet-4-5, ...) in promptfooconfig.yaml.
export default class ScriptedGrader {
  constructor(options = {}) {
    this.config = options.config ?? {};
    this.label = options.label ?? "scripted";
  }

  id() {
    return `scripted:${this.label}`;
  }

  async callApi(prompt) {
    if (!prompt.includes("\n## The work\n")) return { error: "the prompt has no work to judge" };
    if (this.config.error) return { error: this.config.error };
    return { output: this.config.answer };
  }
}
