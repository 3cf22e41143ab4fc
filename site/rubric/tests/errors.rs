//! Every kind of rubric error, with its exact text: file, line, column, key and message.

use pickanumber_rubric::Rubric;

/// The errors of `text` as the CLI prints them for a file named `rubric.toml`.
fn errors(text: &str) -> Vec<String> {
    match Rubric::parse(text) {
        Ok(r) => panic!("expected errors, read {r:?}"),
        Err(es) => es.iter().map(|e| e.in_file("rubric.toml")).collect(),
    }
}

/// A valid matrix rubric with `extra` appended to its one criterion's table.
fn matrix_with(extra: &str) -> String {
    format!(
        "subject = \"pr\"\nmode = \"matrix\"\n\n[[criteria]]\nname = \"craft\"\nweight = 1\nplus5 = \"a\"\nminus5 = \"b\"\n{extra}"
    )
}

#[test]
fn toml_syntax() {
    assert_eq!(
        errors("subject = \"x\"\nmode = = 3\n"),
        ["rubric.toml:2:8: TOML syntax: extra `=`, expected nothing"]
    );
}

#[test]
fn json_syntax() {
    assert_eq!(
        errors("{\"subject\": \"x\",\n \"mode\": 3,"),
        ["rubric.toml:2:12: JSON syntax: expected a key in double quotes, found the end of the text"]
    );
}

#[test]
fn unknown_keys_at_every_level() {
    let text = "subject = \"pr\"\nmode = \"matrix\"\nsujet = 1\n\n[[criteria]]\nname = \"craft\"\nweigth = 1\nplus5 = \"a\"\nminus5 = \"b\"\n\n[[traps]]\ndescription = \"d\"\nimpact = -5\nseverity = 2\n\n[params]\ndensity = 10\n";
    assert_eq!(
        errors(text),
        [
            "rubric.toml:3:1: sujet: unknown key (a rubric has subject, mode, perspectives, criteria, traps, params, fit)",
            "rubric.toml:5:1: criteria[1]: missing key \"weight\", as in weight = 0.6",
            "rubric.toml:7:1: criteria[1].weigth: unknown key (a criterion has name, weight, plus5, minus5)",
            "rubric.toml:14:1: traps[1].severity: unknown key (a trap has description, impact)",
            "rubric.toml:17:1: params.density: unknown key (params are denominator, scale, center, max, floor, gain, normalize, rounding)",
        ]
    );
}

#[test]
fn missing_keys() {
    assert_eq!(
        errors("perspectives = [\"sme\"]\n\n[[traps]]\nimpact = -5\n"),
        [
            "rubric.toml:1:1: missing key \"subject\", as in subject = \"pull request #412\"",
            "rubric.toml:1:1: missing key \"mode\", as in mode = \"matrix\" or mode = \"pooled\"",
            "rubric.toml:3:1: traps[1]: missing key \"description\", as in description = \"a mocked database presented as an integration test\"",
        ]
    );
}

#[test]
fn wrong_types_and_empty_text() {
    assert_eq!(
        errors("subject = \"  \"\nmode = 2\nperspectives = \"sme\"\ncriteria = 3\n"),
        [
            "rubric.toml:1:11: subject: must not be empty",
            "rubric.toml:2:8: mode: must be a string, not an integer",
            "rubric.toml:3:16: perspectives: must be a list of names, not a string",
            "rubric.toml:4:12: criteria: must be a list of tables ([[criteria]]), not an integer",
        ]
    );
    assert_eq!(
        errors(
            &matrix_with("")
                .replace("weight = 1", "weight = \"0.6\"")
                .replace("minus5 = \"b\"", "minus5 = true")
        ),
        [
            "rubric.toml:6:10: criteria[1].weight: must be a number, not a string",
            "rubric.toml:8:10: criteria[1].minus5: must be a string, not a boolean",
        ]
    );
}

#[test]
fn a_weight_with_a_decimal_comma_says_use_a_decimal_point() {
    assert_eq!(
        errors(&matrix_with("").replace("weight = 1", "weight = \"0,6\"")),
        ["rubric.toml:6:10: criteria[1].weight: must be a number: use a decimal point: 0.6, not 0,6"]
    );
}

#[test]
fn modes() {
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"feedback\"\n"),
        ["rubric.toml:2:8: mode: \"feedback\" is not one of pooled, matrix"]
    );
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"matrix\"\n"),
        ["rubric.toml:2:8: mode: a matrix rubric needs criteria: add a [[criteria]] table with name, weight, plus5, minus5"]
    );
    assert_eq!(
        errors(&matrix_with("").replace("\"matrix\"", "\"pooled\"")),
        ["rubric.toml:4:3: criteria: a pooled rubric has no criteria: remove them or write mode = \"matrix\""]
    );
}

#[test]
fn weights_that_cannot_be_used() {
    for (weight, why) in [
        ("0", "weights must be greater than 0"),
        ("-0.5", "weights must be greater than 0"),
        ("nan", "weights must be finite numbers, not infinite or NaN"),
        ("inf", "weights must be finite numbers, not infinite or NaN"),
    ] {
        assert_eq!(
            errors(&matrix_with("").replace("weight = 1", &format!("weight = {weight}"))),
            [format!(
                "rubric.toml:6:10: criteria[1].weight: {why}: check craft"
            )],
            "{weight}"
        );
    }
    assert_eq!(
        errors(&matrix_with("").replace("weight = 1", "weight = 1e308")),
        ["rubric.toml:6:10: criteria[1].weight: cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"]
    );
}

#[test]
fn names_bad_and_repeated() {
    let text = matrix_with(
        "\n[[criteria]]\nname = \"code quality\"\nweight = 1\nplus5 = \"a\"\nminus5 = \"b\"\n\n[[criteria]]\nname = \"craft\"\nweight = 1\nplus5 = \"a\"\nminus5 = \"b\"\n",
    );
    assert_eq!(
        errors(&text),
        [
            "rubric.toml:11:8: criteria[2].name: label \"code quality\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity",
            "rubric.toml:17:8: criteria[3].name: \"craft\" is already criteria[1]: criteria need different names",
        ]
    );
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"pooled\"\nperspectives = [\"sme\", \"end user\", \"sme\", 3]\n"),
        [
            "rubric.toml:3:24: perspectives[2]: label \"end user\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity",
            "rubric.toml:3:36: perspectives[3]: \"sme\" is already perspectives[1]",
            "rubric.toml:3:43: perspectives[4]: must be a string, not an integer",
        ]
    );
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"pooled\"\nperspectives = []\n"),
        ["rubric.toml:3:16: perspectives: must name at least one perspective (leave the key out for the five defaults: requester, sme, end_user, production, adversary)"]
    );
}

#[test]
fn impacts_outside_the_set() {
    let trap = |impact: &str| {
        format!("subject = \"pr\"\nmode = \"pooled\"\n\n[[traps]]\ndescription = \"d\"\nimpact = {impact}\n")
    };
    assert_eq!(
        errors(&trap("4")),
        ["rubric.toml:6:10: traps[1].impact: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"]
    );
    assert_eq!(
        errors(&trap("0")),
        ["rubric.toml:6:10: traps[1].impact: impact 0 is not one of +5, +3, +2, +1, −1, −2, −3, −5"]
    );
    assert_eq!(
        errors(&trap("-4")),
        ["rubric.toml:6:10: traps[1].impact: impact -4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"]
    );
    assert_eq!(
        errors(&trap("-5.0")),
        ["rubric.toml:6:10: traps[1].impact: must be an integer, one of +5, +3, +2, +1, −1, −2, −3, −5, not a number with a fraction"]
    );
    assert_eq!(
        errors(&trap("\"-5\"")),
        ["rubric.toml:6:10: traps[1].impact: must be an integer, one of +5, +3, +2, +1, −1, −2, −3, −5, not a string"]
    );
}

#[test]
fn params_that_make_no_formula() {
    let with =
        |params: &str| format!("subject = \"pr\"\nmode = \"pooled\"\n\n[params]\n{params}\n");
    assert_eq!(
        errors(&with("denominator = 0")),
        ["rubric.toml:5:15: params.denominator: denominator must be a number greater than 0, not 0"]
    );
    assert_eq!(
        errors(&with("center = 120")),
        ["rubric.toml:5:10: params.center: center must lie between 0 and max (100)"]
    );
    assert_eq!(
        errors(&with("normalize = \"cube\"\nrounding = \"up\"")),
        [
            "rubric.toml:5:13: params.normalize: \"cube\" is not one of sqrt, linear, log, none",
            "rubric.toml:6:12: params.rounding: \"up\" is not one of half-away, none",
        ]
    );
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"pooled\"\nparams = 20\n"),
        ["rubric.toml:3:10: params: must be a table, not an integer"]
    );
}

#[test]
fn json_keys_given_twice_and_the_rest_still_checked() {
    assert_eq!(
        errors("{\"subject\": \"x\", \"mode\": \"matrix\",\n \"criteria\": [{\"name\": \"a b\", \"weight\": -1, \"plus5\": \"p\", \"minus5\": \"m\"}],\n \"subject\": \"y\"}"),
        [
            "rubric.toml:2:24: criteria[1].name: label \"a b\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity",
            "rubric.toml:2:41: criteria[1].weight: weights must be greater than 0: check criteria[1]",
            "rubric.toml:3:13: subject: this key is given twice in one object",
        ]
    );
}

#[test]
fn display_without_a_file_name() {
    let e = &Rubric::parse("subject = \"pr\"\nmode = \"auto\"\n").unwrap_err()[0];
    assert_eq!(
        e.to_string(),
        "line 2, column 8: mode: \"auto\" is not one of pooled, matrix"
    );
}

mod never_panics {
    use pickanumber_rubric::Rubric;
    use proptest::prelude::*;

    const EXAMPLE: &str = include_str!("examples/pull-request.toml");
    const JSON: &str = r#"{"subject": "x", "mode": "matrix", "criteria": [{"name": "a", "weight": 1, "plus5": "p", "minus5": "m"}], "traps": [{"description": "d", "impact": -5}], "params": {"scale": 4}}"#;

    /// Every error points inside the text: a line and a column that exist.
    fn check(text: &str) {
        if let Err(errors) = Rubric::parse(text) {
            assert!(!errors.is_empty());
            let lines = pickanumber_score::lines::count(text);
            for e in errors {
                assert!(e.line >= 1 && e.line <= lines, "{e} in {text:?}");
                assert!(e.column >= 1, "{e}");
                assert!(!e.message.is_empty());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Any text: a rubric or located errors, never a panic.
        #[test]
        fn any_text(text in "[a-z0-9 =\"\\[\\]{},.:#\n+-]{0,120}") {
            check(&text);
        }

        /// The examples with a piece cut out or a character put in.
        #[test]
        fn damaged_examples(json in any::<bool>(), at in 0usize..400, len in 0usize..8, c in "[=\"\\[\\]{},\n0-9a-z-]") {
            let base = if json { JSON } else { EXAMPLE };
            let chars: Vec<char> = base.chars().collect();
            let at = at % chars.len();
            let end = (at + len).min(chars.len());
            let mut text: String = chars[..at].iter().collect();
            text.push_str(&c);
            text.extend(&chars[end..]);
            check(&text);
        }
    }
}

#[test]
fn a_fit_reads_back_and_a_bad_one_is_named() {
    let h = "0123456789abcdef".repeat(4);
    let text = format!(
        "subject = \"pr\"\nmode = \"pooled\"\n\n[fit]\ngold = \"{h}\"\nsettings = \"{h}\"\n"
    );
    let r = Rubric::parse(&text).unwrap();
    let fit = r.fit.clone().unwrap();
    assert_eq!(
        (fit.gold.as_str(), fit.settings.as_str()),
        (h.as_str(), h.as_str())
    );
    assert_eq!(Rubric::parse(&r.to_toml()).unwrap(), r);
    assert_eq!(Rubric::parse(&r.to_json()).unwrap(), r);
    assert_eq!(
        errors("subject = \"pr\"\nmode = \"pooled\"\n\n[fit]\ngold = \"ABC\"\nseed = 1\n"),
        [
            "rubric.toml:4:1: fit: missing key \"settings\", as in settings = \"<sha256 of the fitted settings>\"",
            "rubric.toml:5:8: fit.gold: must be a sha256, 64 lowercase hexadecimal digits, not a string",
            "rubric.toml:6:1: fit.seed: unknown key (a fit has gold, settings)",
        ]
    );
}
