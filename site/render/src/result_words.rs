//! The words of a computed result, `[result]` and `[report]` of `content/layout.toml`, read
//! from the `--root` and checked: `[result]` → [`ResultWords`] (no word with `<`, `>` or `&`:
//! [`markup_in`]) → lent to the view crate as a
//! [`view::ResultView`] for the calculator's static panel and the evidence blocks; `[report]`
//! → [`ReportWords`], read only to be checked (each sentence's slots), since only the command
//! line, the packages and the calculator's second module print the report, with the words the
//! view crate compiled in.

use crate::sentences::Text;
use pickanumber_view::words as view;

/// `[result]`: see [`view::ResultView`], whose fields say what each word is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ResultWords {
    pub final_score: String,
    pub overall: String,
    pub feedback_score: String,
    pub nothing_read: String,
    pub confidence: String,
    pub net_impact: String,
    pub items: String,
    pub normalized: String,
    pub raw: String,
    pub density: String,
    pub multiplier: String,
    pub final_unrounded: String,
    pub criterion: String,
    pub weight: String,
    pub net: String,
    pub bucket: String,
    pub score_so_far: String,
    pub action_list: String,
    pub actions: [String; 4],
    pub pass: String,
    pub interval: String,
    pub spread: String,
    pub headline: String,
    pub alpha: String,
    pub to: String,
    pub pool_reference: String,
}

/// Why a word of `[result]` in `text` (the whole layout file, already read) cannot stand in
/// the result's markup as written: the byte offset of the first one holding `<`, `>` or `&`,
/// and the message ([`pickanumber_view::markup_free::refusal`], the rule `build.rs` applies
/// too). `None` also when `text` does not parse, which the caller reports with its line.
pub fn markup_in(text: &str) -> Option<(usize, String)> {
    /// The `[result]` table, each value with its place in the file.
    #[derive(serde::Deserialize)]
    struct Spans {
        #[serde(default)]
        result: std::collections::BTreeMap<String, toml::Spanned<toml::Value>>,
    }
    let spans: Spans = toml::from_str(text).ok()?;
    spans.result.iter().find_map(|(key, value)| {
        let texts: Vec<&str> = match value.get_ref() {
            toml::Value::Array(list) => list.iter().filter_map(toml::Value::as_str).collect(),
            other => other.as_str().into_iter().collect(),
        };
        let message = pickanumber_view::markup_free::refusal(key, texts)?;
        Some((value.span().start, message))
    })
}

/// The strings of a list, borrowed.
fn each<const N: usize>(list: &[String; N]) -> [&str; N] {
    std::array::from_fn(|i| list[i].as_str())
}

impl ResultWords {
    /// The words as the view crate takes them.
    pub fn view(&self) -> view::ResultView<'_> {
        view::ResultView {
            final_score: &self.final_score,
            overall: &self.overall,
            feedback_score: &self.feedback_score,
            nothing_read: &self.nothing_read,
            confidence: &self.confidence,
            net_impact: &self.net_impact,
            items: &self.items,
            normalized: &self.normalized,
            raw: &self.raw,
            density: &self.density,
            multiplier: &self.multiplier,
            final_unrounded: &self.final_unrounded,
            criterion: &self.criterion,
            weight: &self.weight,
            net: &self.net,
            bucket: &self.bucket,
            score_so_far: &self.score_so_far,
            action_list: &self.action_list,
            actions: each(&self.actions),
            pass: &self.pass,
            interval: &self.interval,
            spread: &self.spread,
            headline: &self.headline,
            alpha: &self.alpha,
            to: &self.to,
            pool_reference: &self.pool_reference,
        }
    }
}

crate::slots!(
    /// The headline's context: `{mode}`, `{items}`, `{format}`.
    Context,
    false,
    ["mode", "items", "format"]
);

crate::slots!(
    /// The headline: `{label}`, `{score}`, `{confidence}`, `{context}`.
    HeadlineLine,
    false,
    ["label", "score", "confidence", "context"]
);

crate::slots!(
    /// A line with the headline's context: `{context}`.
    WithContext,
    false,
    ["context"]
);

crate::slots!(
    /// The interval: `{level}`, `{low}`, `{high}`, `{resamples}`.
    IntervalSentence,
    false,
    ["level", "low", "high", "resamples"]
);

crate::slots!(
    /// Why the weights cannot be used: `{error}`.
    WeightsError,
    false,
    ["error"]
);

crate::slots!(
    /// The pool under a matrix: `{final}`, `{confidence}`.
    PoolLine,
    false,
    ["final", "confidence"]
);

crate::slots!(
    /// α: `{alpha}`, `{level}`, `{reliable}`, `{tentative}`.
    AlphaLine,
    false,
    ["alpha", "level", "reliable", "tentative"]
);

crate::slots!(
    /// One disagreeing cell: `{cell}`, `{nets}`.
    CellLine,
    false,
    ["cell", "nets"]
);

/// `[report]`: see [`view::ReportView`], whose fields say what each word is. Checked here;
/// the report is printed with the words the view crate compiled in.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ReportWords {
    pub title: String,
    pub context: Text<Context>,
    pub headline: Text<HeadlineLine>,
    pub no_score: Text<WithContext>,
    pub no_overall: Text<WithContext>,
    pub interval: Text<IntervalSentence>,
    pub criteria: String,
    pub weight_used: String,
    pub weights_unusable: Text<WeightsError>,
    pub pool: Text<PoolLine>,
    pub buckets: String,
    pub actions: String,
    pub no_text: String,
    pub math: String,
    pub pool_math: String,
    pub diagnostics: String,
    pub all_items: String,
    pub passes: String,
    pub none: String,
    pub spread_columns: [String; 5],
    pub headlines: String,
    pub alpha: Text<AlphaLine>,
    pub agreement: String,
    pub disagreements: String,
    pub disagreement: Text<CellLine>,
}

#[cfg(test)]
mod tests {
    use super::markup_in;

    #[test]
    fn markup_is_found_at_its_value_however_the_key_is_spaced() {
        let text = "[labels]\nraw = \"a < b\"\n\n[result]\nraw=\"Raw\"\nactions = [\n  \"Keep\",\n  \"Fix & see\",\n]\n";
        let (at, message) = markup_in(text).unwrap();
        assert_eq!(&text[at..at + 1], "[", "the list's value starts the span");
        assert_eq!(text[..at].matches('\n').count() + 1, 6);
        assert_eq!(
            message,
            "result.actions: \"Fix & see\" holds '&', which the result's markup would read as \
             HTML; write the words without <, > or &"
        );
        let tight = "[result]\nraw=\"R<aw\"\n";
        let (at, _) = markup_in(tight).unwrap();
        assert_eq!(&tight[at..], "\"R<aw\"\n");
        assert_eq!(markup_in("[result]\nraw = \"Raw\"\n"), None);
    }
}
