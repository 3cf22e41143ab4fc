//! The formula's settings as pages quote them: `{{ params.denominator }}` and its siblings
//! are filled from the formula crate's canonical [`Params`] and impact set, so a page never
//! types a default the code defines and a changed default reaches every sentence that
//! states it. [`crate::config::SiteConfig::fill`] finds the references (in prose and code
//! alike); this module names them and gives their text.

use pickanumber_score::{Impact, ParamKey, Params};
use pickanumber_text::numtext::round_trip;

/// The names a page may quote after `params.` besides the numeric settings ([`ParamKey`]).
const OTHERS: [&str; 4] = ["normalize", "rounding", "impacts", "span"];

/// The names a page may quote after `params.`, in the order error messages list them: the
/// numeric settings as rubric files and evidence blocks name them, then [`OTHERS`].
pub fn names() -> impl Iterator<Item = &'static str> {
    ParamKey::ALL.iter().map(|k| k.name()).chain(OTHERS)
}

/// The text of `params.NAME` for one of [`names`]: numbers as the shortest exact decimal
/// (`20`, `0.75`), the normalisation and rounding by the names evidence blocks take (`sqrt`,
/// `half-away`), the impact set as messages write it (`+5, +3, … −5`), and `span`, the smallest
/// spread across criteria that passes the self-check.
pub fn value(name: &str) -> Option<String> {
    let p = Params::CANONICAL;
    if let Ok(key) = name.parse::<ParamKey>() {
        return Some(round_trip(key.get(&p)));
    }
    Some(match name {
        "normalize" => p.normalization.name().to_string(),
        "rounding" => p.rounding.name().to_string(),
        "impacts" => Impact::list(&Impact::ALL),
        "span" => round_trip(p.self_check_span),
        _ => return None,
    })
}

/// The message for `{{ params.NAME }}` with a name not in [`names`].
pub fn unknown(name: &str) -> String {
    format!(
        "unknown setting {{{{ params.{name} }}}}: the formula's settings are {}",
        names().collect::<Vec<_>>().join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_the_canonical_value() {
        let all: Vec<String> = names().map(|n| value(n).unwrap()).collect();
        assert_eq!(
            all,
            [
                "20",
                "8",
                "50",
                "100",
                "0.75",
                "0.25",
                "sqrt",
                "half-away",
                "+5, +3, +2, +1, \u{2212}1, \u{2212}2, \u{2212}3, \u{2212}5",
                "20"
            ]
        );
        assert_eq!(value("density"), None);
        assert_eq!(
            unknown("density"),
            "unknown setting {{ params.density }}: the formula's settings are denominator, scale, center, max, floor, gain, normalize, rounding, impacts, span"
        );
    }
}
