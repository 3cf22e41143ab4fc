//! The evidence section of the calculator's panel when a judged work was given: the counts
//! line the report prints ([`counts_line`]), then a row per item read with its line, impact,
//! status, whether the score counts it, and the reason (which names the closest passage of the
//! work when a quote was not found but one is close). Each row carries its status
//! (`data-status`) so the page can mark it.

use pickanumber_result_view::escape;
use pickanumber_result_view::outcome::table_head;
use pickanumber_result_view::report::{counts_line, EVIDENCE_HEADING};
use pickanumber_score::Analysis;
use std::fmt::Write as _;

/// The section (`#out-evidence`) of an analysis checked against a work; empty without one.
pub fn section(a: &Analysis) -> String {
    let Some(v) = &a.evidence else {
        return String::new();
    };
    let mut h = format!(
        "<div class=\"calc-evidence\" id=\"out-evidence\"><p class=\"calc-label\">{}</p><p id=\"out-evidence-counts\">{}</p>\n",
        escape(EVIDENCE_HEADING),
        escape(&counts_line(v))
    );
    if !v.items.is_empty() {
        h.push_str(&table_head(
            "result",
            &["line", "impact", "status", "counted", "reason"],
        ));
        for i in &v.items {
            let status = i.check.status.name();
            let _ = writeln!(
                h,
                "<tr data-status=\"{status}\"><th scope=\"row\">{}</th><td>{}</td><td>{status}</td><td>{}</td><td>{}</td></tr>",
                i.line,
                i.impact,
                if i.counted { "yes" } else { "no" },
                escape(&i.check.reason),
            );
        }
        h.push_str("</tbody></table></div>\n");
    }
    h.push_str("</div>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{view, Settings};
    use pickanumber_score::{analyse, SettingsText};

    const POOLED: SettingsText = SettingsText {
        mode: "pooled",
        preset: "",
        weights: "",
        denominator: "",
        scale: "",
    };
    const WORK: &str = "The parser rejects empty input.\nRetries are capped at three.\n";
    const ITEMS: &str = "+3 \"rejects empty input\"\n+5 \"all inputs are validated\"\n-1 \"Retries are capped at four\"\n+2 looks tidy\n+1 see https://example.org\n";

    #[test]
    fn each_item_is_marked_with_its_status_and_the_missing_ones_are_not_counted() {
        let settings = Settings {
            typed: POOLED,
            work: WORK,
        };
        let a = settings.analyse(ITEMS);
        let s = section(&a);
        let rows: Vec<&str> = s.matches("<tr data-status=\"").collect();
        assert_eq!(rows.len(), 5, "{s}");
        for (status, counted) in [
            ("verified", "yes"),
            ("not_found", "no"),
            ("no_evidence", "yes"),
            ("not_checkable", "yes"),
        ] {
            let row = format!("<td>{status}</td><td>{counted}</td>");
            assert!(s.contains(&row), "{row} in {s}");
        }
        // The one-word change is shown with the passage it changed.
        assert!(
            s.contains("closest: &quot;Retries are capped at three.&quot;"),
            "{s}"
        );
        // Two items left out: the headline counts three, as the CLI's --against does.
        assert!(s.contains("2 left out of the score"), "{s}");
        let h = a.headline().unwrap();
        let kept = analyse(
            "+3 \"rejects empty input\"\n+2 looks tidy\n+1 see https://example.org\n",
            &POOLED.read().0,
        );
        assert_eq!(h.score_text(), kept.headline().unwrap().score_text());
        // The section stands right after the headline.
        let crate::ask::Answer::View { panel, .. } = view(ITEMS, &settings) else {
            panic!("a view answers a view")
        };
        let at = |n: &str| panel.find(n).unwrap_or_else(|| panic!("{n} in {panel}"));
        assert!(at("id=\"out-confidence\"") < at("id=\"out-evidence\""));
        assert!(at("id=\"out-evidence\"") < at("id=\"out-working\""));
    }

    #[test]
    fn without_a_work_there_is_no_section_and_no_check() {
        let a = Settings::default().analyse(ITEMS);
        assert_eq!(section(&a), "");
        assert!(a.evidence.is_none());
        let blank = Settings {
            work: " \n",
            ..Settings::default()
        };
        assert!(blank.request().0.against.is_none());
    }

    #[test]
    fn a_work_with_none_of_the_evidence_leaves_no_score_and_still_lists_why() {
        let settings = Settings {
            work: "nothing relevant here",
            ..Settings::default()
        };
        let crate::ask::Answer::View { diagnostics, panel } =
            view("+3 \"rejects empty input\"\n", &settings)
        else {
            panic!("a view answers a view")
        };
        assert!(panel.contains("id=\"out-nothing\""), "{panel}");
        assert!(panel.contains("<td>not_found</td><td>no</td>"), "{panel}");
        assert!(
            diagnostics.contains("evidence not in the work"),
            "{diagnostics}"
        );
    }
}
