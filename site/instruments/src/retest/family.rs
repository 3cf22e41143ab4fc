//! Model families: a grader may favour answers written by a model of its own family, so a
//! retest warns when the grader and the model under test share one, where both names are known.
//!
//! A name is cut into its parts at each `/` and `:` (a provider's prefix and a tag:
//! `openrouter/anthropic/claude-sonnet-4`, promptfoo's `openai:gpt-4o-mini`, Ollama's
//! `ollama:llama3:8b`), each read in lower case; a part's family is the first entry of
//! [`FAMILIES`] whose prefix starts it and is not followed by a letter (`o1-mini` is OpenAI's,
//! `command-r` Cohere's, `phi-4` Microsoft's, `opus` nobody's), and the name's family is that
//! of its last part that has one. A name none of whose parts a prefix starts has no known
//! family, and no warning is given for it.

/// Each family and the prefixes of its models' names.
pub const FAMILIES: [(&str, &[&str]); 10] = [
    (
        "OpenAI",
        &[
            "gpt",
            "chatgpt",
            "o1",
            "o3",
            "o4",
            "davinci",
            "text-davinci",
        ],
    ),
    ("Anthropic", &["claude"]),
    ("Google", &["gemini", "gemma", "palm", "bison"]),
    ("Meta", &["llama", "meta-llama", "codellama"]),
    (
        "Mistral",
        &[
            "mistral",
            "mixtral",
            "codestral",
            "ministral",
            "magistral",
            "pixtral",
        ],
    ),
    ("Alibaba", &["qwen", "qwq"]),
    ("DeepSeek", &["deepseek"]),
    ("xAI", &["grok"]),
    ("Cohere", &["command", "aya"]),
    ("Microsoft", &["phi"]),
];

/// The family of a model's name, when one of [`FAMILIES`] claims it.
///
/// ```
/// use pickanumber_instruments::retest::family::family;
/// assert_eq!(family("openai/gpt-4o-mini"), Some("OpenAI"));
/// assert_eq!(family("Claude-3-5-Sonnet"), Some("Anthropic"));
/// assert_eq!(family("o3"), Some("OpenAI"));
/// assert_eq!(family("phi-4"), Some("Microsoft"));
/// assert_eq!(family("philosopher-7b"), None);
/// assert_eq!(family("my-fine-tune"), None);
/// assert_eq!(family("openai:chat:gpt-4o-mini"), Some("OpenAI"));
/// assert_eq!(family("ollama:llama3:8b"), Some("Meta"));
/// assert_eq!(family("openrouter/mistralai/mixtral-8x7b"), Some("Mistral"));
/// ```
pub fn family(name: &str) -> Option<&'static str> {
    name.rsplit(['/', ':']).find_map(|part| {
        let part = part.trim().to_lowercase();
        FAMILIES.iter().find_map(|(family, prefixes)| {
            prefixes
                .iter()
                .any(|p| {
                    part.strip_prefix(p)
                        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphabetic()))
                })
                .then_some(*family)
        })
    })
}
