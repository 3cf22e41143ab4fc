//! The reader's tests: exact messages, offsets, the depth limit, and differential tests
//! against serde_json on hand-picked, generated and mutated documents.

use super::*;

#[test]
fn quoted_strings_are_serde_json_strings() {
    let s: String = (0u32..0x80)
        .filter_map(char::from_u32)
        .chain("é😀\u{2028}".chars())
        .collect();
    let mut ours = String::new();
    quote(&mut ours, &s);
    assert_eq!(ours, serde_json::to_string(&s).unwrap());
}
use proptest::prelude::*;

/// Our value as a serde_json value, numbers read by serde_json from their text.
fn to_serde(v: &Value) -> serde_json::Value {
    use serde_json::Value as S;
    match &v.kind {
        Kind::Null => S::Null,
        Kind::Bool(b) => S::Bool(*b),
        Kind::Number(n) => serde_json::from_str(n).expect("a number serde_json reads"),
        Kind::String(s) => S::String(s.clone()),
        Kind::Array(a) => S::Array(a.iter().map(to_serde).collect()),
        Kind::Object(m) => {
            let mut map = serde_json::Map::new();
            for (k, v) in m {
                map.insert(k.clone(), to_serde(v));
            }
            S::Object(map)
        }
    }
}

/// Both readers agree: the same documents accepted, with equal values.
fn agree(text: &str) -> Result<(), TestCaseError> {
    let theirs = serde_json::from_str::<serde_json::Value>(text);
    let ours = parse(text);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => prop_assert_eq!(&to_serde(a), b, "{:?}", text),
        (Err(_), Err(_)) => {}
        // Our reader keeps numbers as text, so it accepts numbers beyond f64's range.
        (Ok(_), Err(e)) if e.to_string().starts_with("number out of range") => {}
        _ => prop_assert!(
            false,
            "{:?}: ours {:?}, serde_json {:?}",
            text,
            ours.map(|_| ()),
            theirs.map(|_| ())
        ),
    }
    Ok(())
}

fn message(text: &str) -> String {
    let e = parse(text).unwrap_err();
    format!("{}: {}", e.at, e.message)
}

#[test]
fn exact_messages() {
    assert_eq!(
        message("[\n {\"impact\": 3,\n"),
        "17: expected a key in double quotes, found the end of the text"
    );
    assert_eq!(
        message("[1 2]"),
        "3: expected ',' or ']' after a list element, found '2'"
    );
    assert_eq!(
        message("{\"a\" 1}"),
        "5: expected ':' after a key, found '1'"
    );
    assert_eq!(
        message("{\"a\": 1 \"b\"}"),
        "8: expected ',' or '}' after an object member, found '\"'"
    );
    assert_eq!(
        message("[tru]"),
        "1: expected a value (an object, a list, a string, a number, true, false or null), found 't'"
    );
    assert_eq!(
        message("[1] x"),
        "4: expected the end of the JSON value, found 'x'"
    );
    assert_eq!(
        message("\"a\nb\""),
        "2: expected text or an escape like \\n in a string, found the control character U+000A"
    );
    assert_eq!(
        message("\"\\x\""),
        "2: expected an escape after '\\': one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found 'x'"
    );
    assert_eq!(
        message("\"\\u12g4\""),
        "5: expected four hex digits after \\u, found 'g'"
    );
    assert_eq!(
        message("\"\\ud800\""),
        "1: the escape \\uD800 starts a surrogate pair, but no \\u escape of its second half follows"
    );
    assert_eq!(
        message("\"\\ud800\\u0041\""),
        "1: the escape \\uD800 starts a surrogate pair, but \\u0041 is not its second half"
    );
    assert_eq!(
        message("\"\\udc00\""),
        "1: the escape \\uDC00 is the second half of a surrogate pair without its first"
    );
    assert_eq!(message("-x"), "1: expected a digit, found 'x'");
    assert_eq!(
        message("\u{feff}[]"),
        "0: expected a value (an object, a list, a string, a number, true, false or null), found a byte order mark (U+FEFF)"
    );
    assert_eq!(
        message("1."),
        "2: expected a digit after the decimal point, found the end of the text"
    );
    assert_eq!(
        message("1e+"),
        "3: expected a digit in the exponent, found the end of the text"
    );
    assert_eq!(
        message("01"),
        "1: expected the end of the JSON value, found '1'"
    );
    assert_eq!(
        message("\"abc"),
        "4: expected '\"' to close the string, found the end of the text"
    );
    assert_eq!(message(""), "0: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text");
    let deep = "[".repeat(MAX_DEPTH + 1);
    assert_eq!(
        message(&deep),
        format!("{MAX_DEPTH}: lists and objects nest more than {MAX_DEPTH} deep")
    );
}

#[test]
fn values_keep_offsets_strings_unescape_and_the_last_key_wins() {
    let v = parse(" {\"a\": [1, \"x\\u00e9\\ud83d\\ude00\\n\"], \"a\": -2.5e3}").unwrap();
    assert_eq!(v.at, 1);
    assert_eq!(v.get("a").unwrap().kind, Kind::Number("-2.5e3"));
    let Kind::Object(m) = &v.kind else {
        panic!("an object")
    };
    let Kind::Array(a) = &m[0].1.kind else {
        panic!("a list")
    };
    assert_eq!(a[1].kind, Kind::String("xé😀\n".into()));
    assert_eq!(a[1].at, 11);
}

#[test]
fn depth_limit_matches_serde_json() {
    for n in [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2] {
        let arrays = format!("{}{}", "[".repeat(n), "]".repeat(n));
        agree(&arrays).unwrap();
        let objects = format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n));
        agree(&objects).unwrap();
    }
    assert!(parse(&"[".repeat(100_000)).is_err());
}

#[test]
fn hand_picked_documents_agree() {
    for text in [
        "",
        " ",
        "null",
        "nul",
        "true ",
        "[]",
        "{}",
        "[,]",
        "[1,]",
        "{\"a\":1,}",
        "0",
        "-0",
        "-",
        "01",
        "1.5e-3",
        "1E+2",
        ".5",
        "+1",
        "1e400",
        "-1e400",
        "\"\\/\"",
        "\"\u{7f}\"",
        "\"\\uD83D\\uDE00\"",
        "\"\\uDE00\"",
        "\"\\uD83D\"",
        "\"\\uD83Dx\"",
        "[\"a\"\t,\r\n1]",
        "\u{a0}1",
        "1 2",
        "{\"a\" : {\"b\": [true, false, null]}}",
        "{\"a\":1,\"a\":2}",
        "[1]]",
        "\"\\u0000\"",
        "\"\t\"",
        "18446744073709551616",
        "-9223372036854775809",
        "1.7976931348623157e308",
        "4.9e-324",
        "1e-400",
    ] {
        agree(text).unwrap();
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value as S;
    let leaf = prop_oneof![
        Just(S::Null),
        any::<bool>().prop_map(S::Bool),
        any::<i64>().prop_map(S::from),
        any::<u64>().prop_map(S::from),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(S::from),
        ".{0,8}".prop_map(S::String),
        "[\\x00-\\x7f\u{e9}\u{1F600}]{0,6}".prop_map(S::String),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(S::Array),
            proptest::collection::vec(("[a-c]{0,2}", inner), 0..6)
                .prop_map(|m| S::Object(m.into_iter().collect())),
        ]
    })
}

/// A JSON text with random edits: a byte range removed, a character inserted, cut short.
fn mutated() -> impl Strategy<Value = String> {
    (
        json_value(),
        any::<bool>(),
        any::<proptest::sample::Index>(),
        any::<proptest::sample::Index>(),
        proptest::sample::select(vec![
            "", ",", "]", "}", "[", "{", "\"", "\\", ":", "-", "0", "e", ".", " ", "\n", "\\u",
            "tru", "null", "\u{1}", "é",
        ]),
    )
        .prop_map(|(v, pretty, a, b, insert)| {
            let text = if pretty {
                serde_json::to_string_pretty(&v).unwrap_or_default()
            } else {
                serde_json::to_string(&v).unwrap_or_default()
            };
            let chars: Vec<char> = text.chars().collect();
            let i = a.index(chars.len() + 1);
            let j = (i + b.index(4)).min(chars.len());
            let mut out: String = chars[..i].iter().collect();
            out.push_str(insert);
            out.extend(&chars[j..]);
            out
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn generated_documents_agree_with_serde_json(v in json_value(), pretty in any::<bool>()) {
        let text = if pretty {
            serde_json::to_string_pretty(&v).unwrap()
        } else {
            serde_json::to_string(&v).unwrap()
        };
        prop_assert!(parse(&text).is_ok());
        agree(&text)?;
    }

    #[test]
    fn mutated_documents_agree_with_serde_json(text in mutated()) {
        agree(&text)?;
    }

    #[test]
    fn random_text_agrees_and_never_panics(text in "[\\[\\]{}\",:0-9eE.+\\-a-z\\\\ \n\t]{0,40}") {
        agree(&text)?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&text);
    }
}
