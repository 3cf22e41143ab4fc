//! The setup page's link into the calculator: a share link (the crate
//! `pickanumber-share-link`'s format) holding a rubric's mode, weights and settings and an
//! empty input.

use pickanumber_rubric::Rubric;
use pickanumber_score::{Mode, ParamKey, Params};
use pickanumber_share_link::{State, EMPTY_INPUT};
use pickanumber_text::numtext::round_trip;

/// The fragment that opens the calculator with `rubric`'s mode, weights and settings (the
/// denominator and the scale when they differ from the canonical method) and an empty input.
///
/// # Errors
/// A message when the rubric changes a setting the calculator does not take (centre, maximum,
/// floor, gain, normalisation, rounding): such a link would score with other settings than the
/// rubric's, so none is made.
pub fn calculator_link(rubric: &Rubric) -> Result<String, String> {
    let (p, c) = (&rubric.params, &Params::CANONICAL);
    // Every setting but the two the calculator takes, by its name in a rubric file.
    let mut set: Vec<&str> = ParamKey::ALL
        .into_iter()
        .filter(|k| !matches!(k, ParamKey::Denominator | ParamKey::Scale) && k.get(p) != k.get(c))
        .map(ParamKey::name)
        .collect();
    if p.normalization != c.normalization {
        set.push("normalize");
    }
    if p.rounding != c.rounding {
        set.push("rounding");
    }
    if !set.is_empty() {
        return Err(format!(
            "the calculator takes the denominator and the scale only, and this rubric also sets {}: score with `pickanumber score --rubric`",
            set.join(", ")
        ));
    }
    let weights = rubric
        .criteria
        .iter()
        .map(|c| format!("{}={}", c.name, round_trip(c.weight)))
        .collect::<Vec<_>>()
        .join(",");
    let changed = |value: f64, canonical: f64| (value != canonical).then(|| round_trip(value));
    let state = State {
        mode: Some(rubric.mode.name().to_string()),
        weights: (rubric.mode == Mode::Matrix).then_some(weights),
        den: changed(p.density_denominator, c.density_denominator),
        scale: changed(p.scale, c.scale),
        ..State::default()
    };
    Ok(state.encode(Some(EMPTY_INPUT)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_share_link::{crc32, Fragment};

    #[test]
    fn a_matrix_rubric_links_its_mode_weights_and_settings() {
        let json = r#"{"subject": "s", "mode": "matrix",
            "criteria": [{"name": "craft", "weight": 0.6, "plus5": "a", "minus5": "b"},
                         {"name": "depth", "weight": 0.4, "plus5": "c", "minus5": "d"}],
            "params": {"denominator": 12, "scale": 6.5}}"#;
        let r = Rubric::from_json(json).unwrap();
        let body = "mode=matrix&w=craft=0.6,depth=0.4&den=12&scale=6.5&d=AQAA__8";
        assert_eq!(
            calculator_link(&r),
            Ok(format!("check={:08x}&{body}", crc32(body.as_bytes())))
        );
    }

    #[test]
    fn a_pooled_rubric_with_canonical_settings_links_its_mode_only() {
        let r = Rubric::from_json(r#"{"subject": "s", "mode": "pooled"}"#).unwrap();
        assert_eq!(
            calculator_link(&r),
            Ok(format!(
                "check={:08x}&mode=pooled&d=AQAA__8",
                crc32(b"mode=pooled&d=AQAA__8")
            ))
        );
    }

    #[test]
    fn settings_the_calculator_lacks_make_no_link() {
        let r = Rubric::from_json(
            r#"{"subject": "s", "mode": "pooled", "params": {"center": 40, "gain": 0.2}}"#,
        )
        .unwrap();
        assert_eq!(
            calculator_link(&r),
            Err("the calculator takes the denominator and the scale only, and this rubric also sets center, gain: score with `pickanumber score --rubric`".into())
        );
    }

    #[test]
    fn the_link_opens_the_calculator_with_the_rubrics_settings() {
        let r = Rubric::from_json(
            r#"{"subject": "s", "mode": "matrix", "params": {"denominator": 12},
                "criteria": [{"name": "craft", "weight": 0.6, "plus5": "a", "minus5": "b"}]}"#,
        )
        .unwrap();
        let link = calculator_link(&r).unwrap();
        assert_eq!(
            Fragment::read(&link),
            Ok(Some(Fragment {
                state: State {
                    mode: Some("matrix".into()),
                    weights: Some("craft=0.6".into()),
                    den: Some("12".into()),
                    ..State::default()
                },
                packed: Some(EMPTY_INPUT.into())
            }))
        );
    }
}
