//! Writing text by hand, so no serialiser is linked into a wasm build: a tiny JSON value with a
//! stable pretty printer (for the schema and the rubric's JSON form), and the rubric as a TOML
//! file.

use crate::Rubric;
use pickanumber_score::{ParamKey, Params};

/// A JSON value to print: members in the order given.
pub(crate) enum Json {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
    /// A number or string already written as a literal (the same text in JSON and TOML).
    Raw(String),
    /// `true` or `false`.
    Bool(bool),
    /// A list.
    Arr(Vec<Json>),
    /// An object.
    Obj(Vec<(&'static str, Json)>),
}

impl Json {
    /// Pretty JSON: two spaces an indent level; a list of strings or numbers on one line.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        let pad = |n: usize| "  ".repeat(n);
        match self {
            Json::Str(s) => out.push_str(&json_string(s)),
            Json::Int(n) => out.push_str(&n.to_string()),
            Json::Raw(n) => out.push_str(n),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Arr(items)
                if items
                    .iter()
                    .all(|i| matches!(i, Json::Str(_) | Json::Int(_))) =>
            {
                out.push('[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    item.write(out, indent);
                }
                out.push(']');
            }
            Json::Arr(items) => {
                out.push_str("[\n");
                for (k, item) in items.iter().enumerate() {
                    out.push_str(&pad(indent + 1));
                    item.write(out, indent + 1);
                    out.push_str(if k + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push(']');
            }
            Json::Obj(members) => {
                out.push_str("{\n");
                for (k, (key, value)) in members.iter().enumerate() {
                    out.push_str(&pad(indent + 1));
                    out.push_str(&json_string(key));
                    out.push_str(": ");
                    value.write(out, indent + 1);
                    out.push_str(if k + 1 < members.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push('}');
            }
        }
    }
}

/// A JSON (and TOML basic) string literal: the formula crate's JSON quoting (serde_json's
/// escapes), with DEL escaped as well, which a TOML basic string requires and JSON allows, so
/// one literal serves both files.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    pickanumber_score::json::quote(&mut out, s);
    if out.contains('\u{7f}') {
        out = out.replace('\u{7f}', "\\u007f");
    }
    out
}

/// A number as TOML writes it: the shortest decimal that reads back to the same `f64` (the
/// formula crate's writer, without the standard library's float formatting). TOML reads `20`
/// as an integer and `0.6` as a float, and the rubric takes either.
fn number(x: f64) -> String {
    pickanumber_text::numtext::round_trip(x)
}

/// The `[params]` settings whose values differ from the canonical method, in the order the
/// options table lists them, each with its value as a literal that JSON and TOML read alike
/// (a shortest decimal, or a quoted name).
fn params_values(p: &Params) -> Vec<(&'static str, String)> {
    let c = Params::CANONICAL;
    let mut out = Vec::new();
    for s in ParamKey::ALL {
        if s.get(p) != s.get(&c) {
            out.push((s.name(), number(s.get(p))));
        }
    }
    if p.normalization != c.normalization {
        out.push(("normalize", json_string(p.normalization.name())));
    }
    if p.rounding != c.rounding {
        out.push(("rounding", json_string(p.rounding.name())));
    }
    out
}

/// The rubric as a JSON object with the same keys as the TOML (`params` holds only the settings
/// that differ from the canonical method, and is left out when none do).
pub(crate) fn json(r: &Rubric) -> String {
    let strs = |v: &[String]| Json::Arr(v.iter().map(|s| Json::Str(s.clone())).collect());
    let mut members = vec![
        ("subject", Json::Str(r.subject.clone())),
        ("mode", Json::Str(r.mode.name().into())),
        ("perspectives", strs(&r.perspectives)),
    ];
    if !r.criteria.is_empty() {
        let criteria = r.criteria.iter().map(|c| {
            Json::Obj(vec![
                ("name", Json::Str(c.name.clone())),
                ("weight", Json::Raw(number(c.weight))),
                ("plus5", Json::Str(c.plus5.clone())),
                ("minus5", Json::Str(c.minus5.clone())),
            ])
        });
        members.push(("criteria", Json::Arr(criteria.collect())));
    }
    if !r.traps.is_empty() {
        let traps = r.traps.iter().map(|t| {
            Json::Obj(vec![
                ("description", Json::Str(t.description.clone())),
                ("impact", Json::Int(t.impact.value())),
            ])
        });
        members.push(("traps", Json::Arr(traps.collect())));
    }
    let params = params_values(&r.params);
    if !params.is_empty() {
        let params = params.into_iter().map(|(k, v)| (k, Json::Raw(v)));
        members.push(("params", Json::Obj(params.collect())));
    }
    if let Some(f) = &r.fit {
        members.push((
            "fit",
            Json::Obj(vec![
                ("gold", Json::Str(f.gold.clone())),
                ("settings", Json::Str(f.settings.clone())),
            ]),
        ));
    }
    Json::Obj(members).pretty()
}

/// The rubric as TOML, keys in the order the README documents.
pub(crate) fn toml(r: &Rubric) -> String {
    let mut s = format!(
        "subject = {}\nmode = \"{}\"\nperspectives = [{}]\n",
        json_string(&r.subject),
        r.mode.name(),
        r.perspectives
            .iter()
            .map(|p| json_string(p))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for c in &r.criteria {
        s.push_str(&format!(
            "\n[[criteria]]\nname = {}\nweight = {}\nplus5 = {}\nminus5 = {}\n",
            json_string(&c.name),
            number(c.weight),
            json_string(&c.plus5),
            json_string(&c.minus5)
        ));
    }
    for t in &r.traps {
        s.push_str(&format!(
            "\n[[traps]]\ndescription = {}\nimpact = {}\n",
            json_string(&t.description),
            t.impact.value()
        ));
    }
    let params = params_values(&r.params);
    if !params.is_empty() {
        s.push_str("\n[params]\n");
        for (key, value) in params {
            s.push_str(&format!("{key} = {value}\n"));
        }
    }
    if let Some(f) = &r.fit {
        s.push_str(&format!(
            "\n[fit]\ngold = {}\nsettings = {}\n",
            json_string(&f.gold),
            json_string(&f.settings)
        ));
    }
    s
}
