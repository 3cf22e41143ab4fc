//! A `weights:` line → `(criterion, weight)` pairs: what the calculator's weight field,
//! `--weights`, an evidence block's `weights=` option and a report table's weight cells give.

use super::item_line::check_name;

/// The list of a `weights:` line, `a=0.3, b=0.2` → `[("a", 0.3), ("b", 0.2)]`: what the
/// calculator's weight field, `--weights` and an evidence block's `weights=` option accept.
///
/// # Errors
/// A message naming the bad part: a missing `=`, a label that is not a name, a value that is
/// not a number, a value that cannot be read exactly, no weights at all, or a criterion
/// given twice.
///
/// A value is a plain decimal as [`parse_decimal`](crate::parse_decimal) reads it: `0.3`,
/// `.5`, `2.50`, `1`, `1e-3`, with an optional sign (zero and negative weights are read here
/// and rejected by the weight rules); `inf` and `NaN` are not numbers.
///
/// ```
/// use pickanumber_score::parse_weights;
/// assert_eq!(parse_weights("craft=0.6, depth=0.4").unwrap().len(), 2);
/// assert_eq!(
///     parse_weights("craft").unwrap_err(),
///     "weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2"
/// );
/// ```
pub fn parse_weights(s: &str) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::new();
    // The previous weight's name and value as written, for a decimal comma split at the comma.
    let mut previous: Option<(&str, &str)> = None;
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((name, value)) = part.split_once('=') else {
            if let Some((name, int)) = previous {
                if let Some(hint) = decimal_comma(&format!("{int},{part}")) {
                    return Err(format!(
                        "weight for {name}: {hint} (a comma separates the weights)"
                    ));
                }
            }
            return Err(format!(
                "weight \"{part}\" has no '=': write weights: craft=0.3, depth=0.2"
            ));
        };
        previous = Some((name.trim(), value.trim()));
        let name = name.trim();
        out.push((name.to_string(), weight(name, value.trim())?));
    }
    if out.is_empty() {
        return Err("weights: line names no weights: write weights: craft=0.3, depth=0.2".into());
    }
    once_each(out)
}

/// One weight of a list, `name` and its value as written, by the rule every reader of weights
/// keeps: the name a label ([`check_name`]), the value a plain decimal that
/// [`parse_decimal`](crate::parse_decimal) reads exactly.
fn weight(name: &str, value: &str) -> Result<f64, String> {
    check_name(name)?;
    crate::parse_decimal(value).map_err(|e| match e {
        crate::DecimalError::NotANumber => match decimal_comma(value) {
            Some(hint) => format!("weight for {name}: {hint}"),
            None => format!("weight for {name} is not a number: \"{value}\""),
        },
        crate::DecimalError::TooPrecise => format!("weight for {name} \"{value}\" {e}"),
    })
}

/// The pairs, unless a criterion is given twice.
fn once_each(pairs: Vec<(String, f64)>) -> Result<Vec<(String, f64)>, String> {
    let twice = crate::matrix::duplicates(pairs.iter().map(|(n, _)| n.as_str()));
    if twice.is_empty() {
        Ok(pairs)
    } else {
        Err(crate::WeightError::Duplicate(twice).to_string())
    }
}

/// Weights given as numbers (the Python package's mapping or pairs) read by the rule
/// [`parse_weights`] reads text by: each value is written as the shortest decimal that reads
/// back to it ([`round_trip`](pickanumber_text::numtext::round_trip)) and read as that text, so a
/// value the text could not give (`NaN`, an infinity, more digits than the decimal reader
/// rounds exactly, such as `0.1 + 0.2`) is refused with the same message, and so are a name
/// that is not a label and a criterion given twice. An empty list is left to the caller, whose
/// message shows its own spelling.
///
/// # Errors
/// The message [`parse_weights`] gives for the same weight written as text.
///
/// ```
/// use pickanumber_score::{parse_weights, weights_from_numbers};
/// let pairs = |p: &[(&str, f64)]| p.iter().map(|(n, x)| (n.to_string(), *x)).collect::<Vec<_>>();
/// assert_eq!(weights_from_numbers(pairs(&[("craft", 0.6), ("depth", 0.4)])), parse_weights("craft=0.6,depth=0.4"));
/// assert_eq!(
///     weights_from_numbers(pairs(&[("craft", f64::NAN)])).unwrap_err(),
///     "weight for craft is not a number: \"NaN\""
/// );
/// assert_eq!(
///     weights_from_numbers(pairs(&[("craft", 0.1 + 0.2)])).unwrap_err(),
///     parse_weights("craft=0.30000000000000004").unwrap_err()
/// );
/// ```
pub fn weights_from_numbers(pairs: Vec<(String, f64)>) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::with_capacity(pairs.len());
    for (name, x) in pairs {
        let value = weight(&name, &pickanumber_text::numtext::round_trip(x))?;
        out.push((name, value));
    }
    once_each(out)
}

/// The error of a second set of weights in one text (a second `weights:` line, or weights in
/// two fenced blocks), on the second one's line: `first` is the line of the first.
pub(crate) fn second_weights(first: usize) -> String {
    format!("the weights are already given on line {first}: give every weight on one weights: line")
}

/// For a number written with a decimal comma (`0,2`, `-1,5`), the message every reader of a
/// weight gives instead of "not a number" or "not a string": `use a decimal point: 0.2, not
/// 0,2`. `None` for any other text.
///
/// ```
/// use pickanumber_score::decimal_comma;
/// assert_eq!(decimal_comma(" 0,2").as_deref(), Some("use a decimal point: 0.2, not 0,2"));
/// assert_eq!(decimal_comma("-1,50").as_deref(), Some("use a decimal point: -1.50, not -1,50"));
/// assert_eq!(decimal_comma("1,000,000"), None);
/// assert_eq!(decimal_comma("heavy"), None);
/// ```
pub fn decimal_comma(text: &str) -> Option<String> {
    let t = text.trim();
    let (int, frac) = t.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = int.strip_prefix(['-', '+']).unwrap_or(int);
    (digits(unsigned) && digits(frac))
        .then(|| format!("use a decimal point: {int}.{frac}, not {t}"))
}

/// What a reader of a weight says of a value that is not a number: `must be a number, not
/// {found}` (`found` describes the value: `a string`, `a boolean`), or, for text with a decimal
/// comma (`text` is the value when it is a string), `must be a number: use a decimal point:
/// 0.2, not 0,2`.
///
/// ```
/// use pickanumber_score::must_be_a_number;
/// assert_eq!(must_be_a_number(Some("0,2"), "a string"), "must be a number: use a decimal point: 0.2, not 0,2");
/// assert_eq!(must_be_a_number(Some("lots"), "a string"), "must be a number, not a string");
/// assert_eq!(must_be_a_number(None, "a boolean"), "must be a number, not a boolean");
/// ```
pub fn must_be_a_number(text: Option<&str>, found: &str) -> String {
    match text.and_then(decimal_comma) {
        Some(hint) => format!("must be a number: {hint}"),
        None => format!("must be a number, not {found}"),
    }
}
