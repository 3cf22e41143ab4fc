//! The crate's default words are what the command line and the packages print: the result's
//! labels follow the one rule of the HTML views (no `<`, `>` or `&`), and each label reaches
//! the report and the calculator's panel.

use pickanumber_result_view::markup_free::refusal;
use pickanumber_result_view::table::{Refusal, Table, Word};
use pickanumber_result_view::words::{PairwiseView, ProbeView, ResultView, PROBE, REPORT, RESULT};

#[test]
fn no_default_result_word_holds_markup() {
    assert!(!ResultView::KEYS.is_empty());
    for key in ResultView::KEYS {
        let word = RESULT.get(key).unwrap();
        assert_eq!(refusal(key, word.texts()), None, "{key}");
    }
}

#[test]
fn the_setter_borrows_a_word_of_the_key_s_type_and_names_the_keys_otherwise() {
    let mut probe = PROBE;
    let regime = String::from("Kind");
    probe.set("regime", Word::Text(&regime)).unwrap();
    assert_eq!(
        probe,
        ProbeView {
            regime: "Kind",
            ..PROBE
        }
    );
    let refused = probe.set("verdict", Word::Text("Verdict")).unwrap_err();
    assert_eq!(refused, Refusal::Unknown(ProbeView::KEYS));
    assert_eq!(ProbeView::KEYS[..2], ["regime", "advice"]);
    assert_eq!(
        refused.to_string(),
        format!("is not a key here (keys: {})", ProbeView::KEYS.join(", "))
    );
    assert_eq!(probe.set("regime", Word::List(&["a"])), Err(Refusal::Text));
    let mut result = RESULT;
    assert_eq!(
        result.set("actions", Word::List(&["Keep"])),
        Err(Refusal::List(4))
    );
    result
        .set("actions", Word::List(&["K", "F", "A", "C"]))
        .unwrap();
    assert_eq!(result.actions, ["K", "F", "A", "C"]);
}

#[test]
fn a_site_word_may_use_only_the_slots_of_its_default_word() {
    let check = <PairwiseView<'static> as Table>::check;
    assert_eq!(
        check("swap_detail", Word::Text("{pairs} pairs, {kept} kept")),
        Ok(())
    );
    assert_eq!(
        check("swap_detail", Word::Text("{kept} of {all}")).unwrap_err(),
        "[pairwise.view] swap_detail: \"{kept} of {all}\": {all} is not a slot here (slots: \
         {kept}, {pairs})"
    );
    assert_eq!(
        check("first_wins", Word::Text("First {n}")).unwrap_err(),
        "[pairwise.view] first_wins: \"First {n}\": {n} is not a slot (this sentence has none)"
    );
    assert_eq!(
        <ResultView<'static> as Table>::check("to", Word::Text("&rarr;")).unwrap_err(),
        "result.to: \"&rarr;\" holds '&', which the result's markup would read as HTML; write \
         the words without <, > or &"
    );
}

#[test]
fn the_default_result_words_are_the_ones_printed() {
    use pickanumber_score::{analyse, Request};
    let a = analyse("+3 a\n-1 b", &Request::default());
    let report = pickanumber_result_view::report::markdown(&a);
    let head = format!("# {}\n\n**{} ", REPORT.title, RESULT.final_score);
    assert!(report.starts_with(&head), "{report}");
    let panel = pickanumber_result_view::panel::calculator(&a, &RESULT);
    let label = format!("<dt id=\"out-final-label\">{}</dt>", RESULT.final_score);
    assert!(panel.contains(&label), "{panel}");
}
