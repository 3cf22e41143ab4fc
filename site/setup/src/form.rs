//! The setup form's state → a rubric. The form is written out as a JSON rubric
//! ([`Form::to_json`]) and read back by the rubric crate ([`Form::rubric`]), so the form is
//! checked by exactly the rules a rubric file is, and every error carries the key of the field
//! it is about; [`field_id`] turns that key into the id of the field to show it beside.
//!
//! Fields hold text as typed. A number field whose text is a JSON number goes into the JSON as
//! that number, anything else as a string, which the rubric crate refuses with its own message
//! (`must be a number, not a string`): the form never guesses a value.

use pickanumber_rubric::{Error, Rubric};
use pickanumber_score::{read_setting, Mode, Params};
use pickanumber_text::numtext::round_trip;

/// One criterion as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CriterionRow {
    /// Its name.
    pub name: String,
    /// Its weight, as typed.
    pub weight: String,
    /// What a +5 item looks like.
    pub plus5: String,
    /// What a −5 item looks like.
    pub minus5: String,
}

/// One trap as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrapRow {
    /// What the trap is.
    pub description: String,
    /// Its impact, as chosen (`-5`).
    pub impact: String,
}

/// The whole form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// What is scored.
    pub subject: String,
    /// Matrix (criteria) rather than pooled.
    pub matrix: bool,
    /// The perspectives, one a line.
    pub perspectives: String,
    /// The criteria (kept while the pooled mode is chosen, but not written).
    pub criteria: Vec<CriterionRow>,
    /// The traps.
    pub traps: Vec<TrapRow>,
    /// The density denominator, as typed; empty for the canonical value.
    pub denominator: String,
    /// The scale, as typed; empty for the canonical value.
    pub scale: String,
}

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `s` is a number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let int_start = i;
    let n = digits(&mut i);
    if n == 0 || (n > 1 && b[int_start] == b'0') {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// A number field: the number itself when `typed` is one, else the text as a string.
fn number(typed: &str) -> String {
    let t = typed.trim();
    if is_json_number(t) {
        t.to_string()
    } else {
        string(typed)
    }
}

/// The id of the field that the error key `key` is about: `criteria[2].weight` →
/// `criteria-2-weight`, `perspectives[3]` → `perspectives`, `params.scale` → `scale`,
/// `subject` and `mode` as they are; keys of a whole table (`criteria[2]`, `params`, the file)
/// → `None`.
pub fn field_id(key: &str) -> Option<String> {
    if key.starts_with("perspectives") {
        return Some("perspectives".into());
    }
    if key == "subject" || key == "mode" {
        return Some(key.into());
    }
    if let Some(p) = key.strip_prefix("params.") {
        return Some(p.into());
    }
    let (table, field) = key.split_once('.').unwrap_or((key, ""));
    let (list, index) = table.split_once('[')?;
    let index = index.strip_suffix(']')?;
    (!field.is_empty()).then(|| format!("{list}-{index}-{field}"))
}

impl Form {
    /// The form showing `rubric` (weights and settings as the rubric writes them; the settings
    /// empty when canonical).
    pub fn from_rubric(rubric: &Rubric) -> Form {
        let setting = |value: f64, canonical: f64| {
            if value == canonical {
                String::new()
            } else {
                round_trip(value)
            }
        };
        let c = Params::CANONICAL;
        Form {
            subject: rubric.subject.clone(),
            matrix: rubric.mode == Mode::Matrix,
            perspectives: rubric.perspectives.join("\n"),
            criteria: rubric
                .criteria
                .iter()
                .map(|c| CriterionRow {
                    name: c.name.clone(),
                    weight: round_trip(c.weight),
                    plus5: c.plus5.clone(),
                    minus5: c.minus5.clone(),
                })
                .collect(),
            traps: rubric
                .traps
                .iter()
                .map(|t| TrapRow {
                    description: t.description.clone(),
                    impact: t.impact.value().to_string(),
                })
                .collect(),
            denominator: setting(rubric.params.density_denominator, c.density_denominator),
            scale: setting(rubric.params.scale, c.scale),
        }
    }

    /// The form as a JSON rubric: every field as typed, the criteria only in matrix mode, the
    /// perspectives one a line (blank lines left out), the settings only when filled in with
    /// a number that reads (the others are [`Form::rubric`]'s errors).
    pub fn to_json(&self) -> String {
        let mut s = format!(
            "{{\"subject\": {}, \"mode\": \"{}\", \"perspectives\": [",
            string(&self.subject),
            if self.matrix { "matrix" } else { "pooled" }
        );
        let names: Vec<String> = self
            .perspectives
            .lines()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(string)
            .collect();
        s.push_str(&names.join(", "));
        s.push(']');
        if self.matrix {
            let rows: Vec<String> = self
                .criteria
                .iter()
                .map(|c| {
                    format!(
                        "{{\"name\": {}, \"weight\": {}, \"plus5\": {}, \"minus5\": {}}}",
                        string(c.name.trim()),
                        number(&c.weight),
                        string(&c.plus5),
                        string(&c.minus5)
                    )
                })
                .collect();
            s.push_str(&format!(", \"criteria\": [{}]", rows.join(", ")));
        }
        if !self.traps.is_empty() {
            let rows: Vec<String> = self
                .traps
                .iter()
                .map(|t| {
                    format!(
                        "{{\"description\": {}, \"impact\": {}}}",
                        string(&t.description),
                        number(&t.impact)
                    )
                })
                .collect();
            s.push_str(&format!(", \"traps\": [{}]", rows.join(", ")));
        }
        let (read, _) = self.settings();
        let settings: Vec<String> = read
            .iter()
            .map(|(k, x)| format!("\"{k}\": {}", round_trip(*x)))
            .collect();
        if !settings.is_empty() {
            s.push_str(&format!(", \"params\": {{{}}}", settings.join(", ")));
        }
        s.push('}');
        s
    }

    /// The checked rubric, or the rubric crate's errors (their keys name the fields).
    ///
    /// # Errors
    /// Every error [`Rubric::from_json`] finds in [`Form::to_json`].
    pub fn rubric(&self) -> Result<Rubric, Vec<Error>> {
        let (_, unread) = self.settings();
        match Rubric::from_json(&self.to_json()) {
            Ok(r) if unread.is_empty() => Ok(r),
            Ok(_) => Err(unread),
            Err(mut errors) => {
                errors.extend(unread);
                Err(errors)
            }
        }
    }

    /// The density denominator and the scale filled in, read as the calculator reads them
    /// ([`read_setting`]): the numbers that read, and an error keyed `params.denominator` or
    /// `params.scale` for each that does not (left out of the rubric's JSON).
    fn settings(&self) -> (Vec<(&'static str, f64)>, Vec<Error>) {
        let (mut read, mut unread) = (Vec::new(), Vec::new());
        for (name, typed) in [("denominator", &self.denominator), ("scale", &self.scale)] {
            if typed.trim().is_empty() {
                continue;
            }
            match read_setting(name, typed) {
                Ok(x) => read.push((name, x)),
                Err(e) => unread.push(Error {
                    line: 1,
                    column: 1,
                    key: format!("params.{name}"),
                    message: e.to_string(),
                }),
            }
        }
        (read, unread)
    }

    /// Sets the field with id `id` (as [`field_id`] names them, and `mode` with `matrix` or
    /// `pooled`) to `value`; `false` for an id the form does not have.
    pub fn set(&mut self, id: &str, value: String) -> bool {
        let slot = match id {
            "subject" => &mut self.subject,
            "perspectives" => &mut self.perspectives,
            "denominator" => &mut self.denominator,
            "scale" => &mut self.scale,
            "mode" => {
                self.matrix = value == "matrix";
                return true;
            }
            _ => {
                let mut parts = id.splitn(3, '-');
                let (Some(list), Some(index), Some(field)) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    return false;
                };
                let Some(i) = index.parse::<usize>().ok().and_then(|i| i.checked_sub(1)) else {
                    return false;
                };
                let slot = match (list, field) {
                    ("criteria", f) => self.criteria.get_mut(i).and_then(|c| match f {
                        "name" => Some(&mut c.name),
                        "weight" => Some(&mut c.weight),
                        "plus5" => Some(&mut c.plus5),
                        "minus5" => Some(&mut c.minus5),
                        _ => None,
                    }),
                    ("traps", f) => self.traps.get_mut(i).and_then(|t| match f {
                        "description" => Some(&mut t.description),
                        "impact" => Some(&mut t.impact),
                        _ => None,
                    }),
                    _ => None,
                };
                let Some(slot) = slot else {
                    return false;
                };
                slot
            }
        };
        *slot = value;
        true
    }
}

/// Text with `\`, tabs and line breaks escaped, so it fits on one line after a tab.
fn escape_line(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape_line`] escaped; `None` for an escape it never writes.
fn unescape_line(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            match chars.next()? {
                '\\' => '\\',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                _ => return None,
            }
        } else {
            c
        });
    }
    Some(out)
}

impl Form {
    /// The form as typed, every field (even one the rubric crate would refuse, and the
    /// criteria while the pooled mode is chosen) a line of its id ([`Form::set`]'s), a tab and
    /// its value escaped: what the setup page keeps in the browser's storage, so a reload
    /// brings back the form as it was. [`Form::from_kept`] reads it back.
    pub fn to_kept(&self) -> String {
        let mut fields: Vec<(String, &str)> = vec![
            ("mode".into(), if self.matrix { "matrix" } else { "pooled" }),
            ("subject".into(), &self.subject),
            ("perspectives".into(), &self.perspectives),
            ("denominator".into(), &self.denominator),
            ("scale".into(), &self.scale),
        ];
        for (i, c) in self.criteria.iter().enumerate() {
            for (field, value) in [
                ("name", &c.name),
                ("weight", &c.weight),
                ("plus5", &c.plus5),
                ("minus5", &c.minus5),
            ] {
                fields.push((format!("criteria-{}-{field}", i + 1), value));
            }
        }
        for (i, t) in self.traps.iter().enumerate() {
            for (field, value) in [("description", &t.description), ("impact", &t.impact)] {
                fields.push((format!("traps-{}-{field}", i + 1), value));
            }
        }
        fields
            .iter()
            .map(|(id, value)| format!("{id}\t{}\n", escape_line(value)))
            .collect()
    }

    /// The form [`Form::to_kept`] wrote; `None` for text it did not write (a line without a
    /// tab, an id no field has, an escape it never writes), which the page then ignores.
    pub fn from_kept(text: &str) -> Option<Form> {
        let mut lines = Vec::new();
        let (mut criteria, mut traps) = (0, 0);
        for line in text.lines() {
            let (id, value) = line.split_once('\t')?;
            let mut parts = id.splitn(3, '-');
            if let (Some(list), Some(n)) = (parts.next(), parts.next()) {
                let n: usize = n.parse().ok()?;
                // At most one row more than the rows before: a kept form is written in order.
                let rows = match list {
                    "criteria" => &mut criteria,
                    "traps" => &mut traps,
                    _ => return None,
                };
                if n == 0 || n > *rows + 1 {
                    return None;
                }
                *rows = n;
            }
            lines.push((id, unescape_line(value)?));
        }
        let mut form = Form {
            criteria: vec![CriterionRow::default(); criteria],
            traps: vec![TrapRow::default(); traps],
            ..Form::default()
        };
        for (id, value) in lines {
            if id == "mode" && !["matrix", "pooled"].contains(&value.as_str()) {
                return None;
            }
            if !form.set(id, value) {
                return None;
            }
        }
        Some(form)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PR: &str = include_str!("../../../examples/rubrics/pull-request.toml");

    #[test]
    fn the_form_as_typed_survives_being_kept() {
        let mut f = Form::from_rubric(&Rubric::parse(PR).unwrap());
        assert!(f.set("criteria-2-weight", "0,2".into()));
        assert!(f.set("subject", "a\\b\tc\r\nd".into()));
        f.traps.push(TrapRow::default());
        f.matrix = false;
        let kept = f.to_kept();
        assert_eq!(Form::from_kept(&kept), Some(f.clone()));
        assert_eq!(
            Form::from_kept(&Form::default().to_kept()),
            Some(Form { ..Form::default() })
        );
        for broken in [
            "subject",
            "bogus\tx",
            "mode\tgrid",
            "subject\ta\\q",
            "criteria-2-name\tx",
            "criteria-0-name\tx",
            "criteria-1-colour\tx",
        ] {
            assert_eq!(Form::from_kept(broken), None, "{broken}");
        }
    }

    #[test]
    fn a_rubric_survives_the_form() {
        for text in [
            PR,
            include_str!("../../../examples/rubrics/landing-page.toml"),
        ] {
            let r = Rubric::parse(text).unwrap();
            assert_eq!(Form::from_rubric(&r).rubric(), Ok(r));
        }
    }

    /// The form's errors, each with the field it is shown beside.
    fn shown(f: &Form) -> Vec<(Option<String>, String)> {
        let errors = f.rubric().unwrap_err();
        errors
            .iter()
            .map(|e| (field_id(&e.key), e.message.clone()))
            .collect()
    }

    #[test]
    fn errors_name_the_field_they_belong_beside() {
        let mut f = Form::from_rubric(&Rubric::parse(PR).unwrap());
        assert!(f.set("criteria-2-weight", "heavy".into()));
        assert!(f.set("scale", "0".into()));
        assert!(f.set("criteria-1-name", "cr aft".into()));
        assert_eq!(
            shown(&f),
            [
                (
                    Some("criteria-1-name".into()),
                    "label \"cr aft\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity".into()
                ),
                (
                    Some("criteria-2-weight".into()),
                    "must be a number, not a string".into()
                ),
                (Some("scale".into()), "scale must be a number greater than 0, not 0".into()),
            ]
        );
    }

    #[test]
    fn the_settings_read_as_the_calculator_reads_them() {
        let mut f = Form::from_rubric(&Rubric::parse(PR).unwrap());
        assert!(f.set("scale", ".5".into()));
        assert!(f.set("denominator", " 12 ".into()));
        let r = f.rubric().unwrap();
        assert_eq!((r.params.scale, r.params.density_denominator), (0.5, 12.0));
        assert!(f.set("scale", "x".into()));
        assert_eq!(
            shown(&f),
            [(
                Some("scale".into()),
                "scale must be a number greater than 0, not \"x\"".into()
            )]
        );
    }

    #[test]
    fn a_weight_with_a_decimal_comma_says_use_a_decimal_point() {
        let mut f = Form::from_rubric(&Rubric::parse(PR).unwrap());
        assert!(f.set("criteria-2-weight", "0,4".into()));
        assert_eq!(
            shown(&f),
            [(
                Some("criteria-2-weight".into()),
                "must be a number: use a decimal point: 0.4, not 0,4".into()
            )]
        );
    }

    #[test]
    fn only_json_numbers_go_in_as_numbers() {
        for yes in ["0", "0.6", "-5", "1e3", "2.5E-1", "20"] {
            assert!(is_json_number(yes), "{yes}");
        }
        for no in ["", "-", "01", ".5", "5.", "1e", "0x10", "NaN", "1,5", " 1"] {
            assert!(!is_json_number(no), "{no}");
        }
    }

    #[test]
    fn pooled_forms_keep_their_criteria_but_do_not_write_them() {
        let mut f = Form::from_rubric(&Rubric::parse(PR).unwrap());
        assert!(f.set("mode", "pooled".into()));
        assert!(!f.to_json().contains("criteria"));
        assert_eq!(f.criteria.len(), 2);
        assert!(!f.set("criteria-3-name", "x".into()));
        assert!(!f.set("colour", "x".into()));
    }

    #[test]
    fn keys_become_field_ids() {
        assert_eq!(
            field_id("criteria[2].weight").as_deref(),
            Some("criteria-2-weight")
        );
        assert_eq!(
            field_id("traps[1].impact").as_deref(),
            Some("traps-1-impact")
        );
        assert_eq!(field_id("perspectives[3]").as_deref(), Some("perspectives"));
        assert_eq!(
            field_id("params.denominator").as_deref(),
            Some("denominator")
        );
        assert_eq!(field_id("subject").as_deref(), Some("subject"));
        assert_eq!(field_id("criteria[2]"), None);
        assert_eq!(field_id(""), None);
    }
}
