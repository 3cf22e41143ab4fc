//! The tree of a rubric file → a [`Rubric`], or every error found, each with its line and key.
//!
//! One pass over the top-level keys, then over each criterion and trap; errors are collected,
//! not stopped at, so a file with three mistakes reports three. The rules that are the formula
//! crate's own (the name of a label, a usable weight, the impact set, the formula's parameters)
//! are called from it, never restated.

use crate::tree::{Member, Node, NodeKind};
use crate::{Criterion, Error, Fit, Rubric, Trap};
use pickanumber_score::{
    check_name, check_weights, Impact, Mode, Named, ParamKey, Params, PERSPECTIVES,
};

const TOP_KEYS: &str = "subject, mode, perspectives, criteria, traps, params, fit";
const FIT_KEYS: &str = "gold, settings";
const CRITERION_KEYS: &str = "name, weight, plus5, minus5";
const TRAP_KEYS: &str = "description, impact";

/// Collects errors against the text (for line numbers).
struct Checker<'t> {
    text: &'t str,
    errors: Vec<Error>,
}

impl Checker<'_> {
    fn err(&mut self, at: usize, key: &str, message: String) {
        self.errors.push(Error::at(self.text, at, key, message));
    }

    /// The members of a table, or an error when the node is something else.
    fn table<'n>(&mut self, node: &'n Node, key: &str) -> Option<&'n [Member]> {
        match &node.kind {
            NodeKind::Table(members) => Some(members),
            _ => {
                self.err(
                    node.at,
                    key,
                    format!("must be a table, not {}", node.describe()),
                );
                None
            }
        }
    }

    /// A string with something in it besides white space.
    fn text_of(&mut self, node: &Node, key: &str) -> Option<String> {
        match &node.kind {
            NodeKind::Str(s) if s.trim().is_empty() => {
                self.err(node.at, key, "must not be empty".into());
                None
            }
            NodeKind::Str(s) => Some(s.trim().to_string()),
            _ => {
                self.err(
                    node.at,
                    key,
                    format!("must be a string, not {}", node.describe()),
                );
                None
            }
        }
    }

    /// A number, integer or not.
    fn number(&mut self, node: &Node, key: &str) -> Option<f64> {
        match node.kind {
            NodeKind::Int(i) => Some(i as f64),
            NodeKind::Float(x) => Some(x),
            NodeKind::Inexact => {
                let why = pickanumber_score::DecimalError::TooPrecise;
                self.err(node.at, key, format!("{why}"));
                None
            }
            _ => {
                let string = match &node.kind {
                    NodeKind::Str(s) => Some(s.as_str()),
                    _ => None,
                };
                let message = pickanumber_score::must_be_a_number(string, node.describe());
                self.err(node.at, key, message);
                None
            }
        }
    }

    /// The members named in `required` that a table lacks, each an error at the table.
    fn require(&mut self, at: usize, key: &str, members: &[Member], required: &[(&str, &str)]) {
        for (name, example) in required {
            if !members.iter().any(|m| m.key == *name) {
                self.err(at, key, format!("missing key \"{name}\", as in {example}"));
            }
        }
    }
}

/// The checked rubric, or every error (in the order of the text).
pub(crate) fn rubric(text: &str, root: &Node) -> Result<Rubric, Vec<Error>> {
    let mut c = Checker {
        text,
        errors: Vec::new(),
    };
    let Some(top) = c.table(root, "") else {
        return Err(c.errors);
    };
    let mut subject = None;
    let mut mode = None;
    let mut perspectives = None;
    let mut criteria: Option<(usize, Vec<Criterion>)> = None;
    let mut traps = Vec::new();
    let mut params = Params::default();
    let mut fit = None;
    for m in top {
        let key = m.key.as_str();
        match key {
            "subject" => subject = c.text_of(&m.value, key),
            "mode" => mode = mode_of(&mut c, &m.value),
            "perspectives" => perspectives = perspectives_of(&mut c, &m.value),
            "criteria" => criteria = Some((m.at, criteria_of(&mut c, &m.value))),
            "traps" => traps = traps_of(&mut c, &m.value),
            "params" => params = params_of(&mut c, &m.value),
            "fit" => fit = fit_of(&mut c, &m.value),
            _ => c.err(m.at, key, format!("unknown key (a rubric has {TOP_KEYS})")),
        }
    }
    c.require(
        root.at,
        "",
        top,
        &[
            ("subject", "subject = \"pull request #412\""),
            ("mode", "mode = \"matrix\" or mode = \"pooled\""),
        ],
    );
    match (mode, &criteria) {
        (Some(Mode::Pooled), Some((at, _))) => c.err(
            *at,
            "criteria",
            "a pooled rubric has no criteria: remove them or write mode = \"matrix\"".into(),
        ),
        (Some(Mode::Matrix), None) => {
            let at = top
                .iter()
                .find(|m| m.key == "mode")
                .map_or(0, |m| m.value.at);
            c.err(
                at,
                "mode",
                format!("a matrix rubric needs criteria: add a [[criteria]] table with {CRITERION_KEYS}"),
            )
        }
        _ => {}
    }
    if !c.errors.is_empty() {
        c.errors.sort_by_key(|e| (e.line, e.column));
        return Err(c.errors);
    }
    Ok(Rubric {
        subject: subject.unwrap_or_default(),
        mode: mode.unwrap_or(Mode::Pooled),
        perspectives: perspectives
            .unwrap_or_else(|| PERSPECTIVES.iter().map(|p| p.to_string()).collect()),
        criteria: criteria.map(|(_, c)| c).unwrap_or_default(),
        traps,
        params,
        fit,
    })
}

/// The `[fit]` table `pickanumber calibrate --out` writes: the sha256 of the gold set and of
/// the fitted settings, each 64 lowercase hexadecimal digits.
fn fit_of(c: &mut Checker<'_>, node: &Node) -> Option<Fit> {
    let members = c.table(node, "fit")?;
    let before = c.errors.len();
    let (mut gold, mut settings) = (None, None);
    for m in members {
        let k = format!("fit.{}", m.key);
        let slot = match m.key.as_str() {
            "gold" => &mut gold,
            "settings" => &mut settings,
            _ => {
                c.err(m.at, &k, format!("unknown key (a fit has {FIT_KEYS})"));
                continue;
            }
        };
        match &m.value.kind {
            NodeKind::Str(h)
                if h.len() == 64 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) =>
            {
                *slot = Some(h.clone());
            }
            _ => c.err(
                m.value.at,
                &k,
                format!(
                    "must be a sha256, 64 lowercase hexadecimal digits, not {}",
                    m.value.describe()
                ),
            ),
        }
    }
    c.require(
        node.at,
        "fit",
        members,
        &[
            ("gold", "gold = \"<sha256 of the gold set>\""),
            ("settings", "settings = \"<sha256 of the fitted settings>\""),
        ],
    );
    match (gold, settings) {
        (Some(gold), Some(settings)) if c.errors.len() == before => Some(Fit { gold, settings }),
        _ => None,
    }
}

fn mode_of(c: &mut Checker<'_>, node: &Node) -> Option<Mode> {
    let name = c.text_of(node, "mode")?;
    match Mode::parse_among(&name, &[Mode::Pooled, Mode::Matrix]) {
        Ok(m) => Some(m),
        Err(e) => {
            c.err(node.at, "mode", e.to_string());
            None
        }
    }
}

fn perspectives_of(c: &mut Checker<'_>, node: &Node) -> Option<Vec<String>> {
    let NodeKind::Array(items) = &node.kind else {
        c.err(
            node.at,
            "perspectives",
            format!("must be a list of names, not {}", node.describe()),
        );
        return None;
    };
    if items.is_empty() {
        c.err(
            node.at,
            "perspectives",
            format!(
                "must name at least one perspective (leave the key out for the five defaults: {})",
                PERSPECTIVES.join(", ")
            ),
        );
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    let before = c.errors.len();
    for (i, item) in items.iter().enumerate() {
        let key = format!("perspectives[{}]", i + 1);
        let NodeKind::Str(name) = &item.kind else {
            c.err(
                item.at,
                &key,
                format!("must be a string, not {}", item.describe()),
            );
            continue;
        };
        if let Err(m) = check_name(name) {
            c.err(item.at, &key, m);
        } else if let Some(j) = names.iter().position(|n| n == name) {
            c.err(
                item.at,
                &key,
                format!("\"{name}\" is already perspectives[{}]", j + 1),
            );
        }
        names.push(name.clone());
    }
    (c.errors.len() == before).then_some(names)
}

/// The items of a list of tables (`[[criteria]]`, `[[traps]]`), each with its 1-based key.
fn tables<'n>(
    c: &mut Checker<'_>,
    node: &'n Node,
    key: &str,
) -> Vec<(String, usize, &'n [Member])> {
    let NodeKind::Array(items) = &node.kind else {
        c.err(
            node.at,
            key,
            format!(
                "must be a list of tables ([[{key}]]), not {}",
                node.describe()
            ),
        );
        return Vec::new();
    };
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let k = format!("{key}[{}]", i + 1);
            c.table(item, &k).map(|t| (k, item.at, t))
        })
        .collect()
}

fn criteria_of(c: &mut Checker<'_>, node: &Node) -> Vec<Criterion> {
    let mut out: Vec<Criterion> = Vec::new();
    for (key, at, members) in tables(c, node, "criteria") {
        let before = c.errors.len();
        let mut name = None;
        let mut weight = None;
        let mut plus5 = None;
        let mut minus5 = None;
        for m in members {
            let k = format!("{key}.{}", m.key);
            match m.key.as_str() {
                "name" => {
                    let Some(n) = c.text_of(&m.value, &k) else {
                        continue;
                    };
                    if let Err(e) = check_name(&n) {
                        c.err(m.value.at, &k, e);
                    } else if let Some(j) = out.iter().position(|x| x.name == n) {
                        c.err(
                            m.value.at,
                            &k,
                            format!(
                                "\"{n}\" is already criteria[{}]: criteria need different names",
                                j + 1
                            ),
                        );
                    } else {
                        name = Some(n);
                    }
                }
                "weight" => weight = c.number(&m.value, &k).map(|w| (w, m.value.at)),
                "plus5" => plus5 = c.text_of(&m.value, &k),
                "minus5" => minus5 = c.text_of(&m.value, &k),
                _ => c.err(
                    m.at,
                    &k,
                    format!("unknown key (a criterion has {CRITERION_KEYS})"),
                ),
            }
        }
        c.require(
            at,
            &key,
            members,
            &[
                ("name", "name = \"craft\""),
                ("weight", "weight = 0.6"),
                ("plus5", "plus5 = \"what +5 looks like\""),
                ("minus5", "minus5 = \"what −5 looks like\""),
            ],
        );
        if let Some((w, w_at)) = weight {
            let label = name.clone().unwrap_or_else(|| key.clone());
            if let Err(e) = check_weights(&[(label, w)]) {
                c.err(w_at, &format!("{key}.weight"), e.to_string());
            }
        }
        if c.errors.len() == before {
            if let (Some(name), Some((weight, _)), Some(plus5), Some(minus5)) =
                (name, weight, plus5, minus5)
            {
                out.push(Criterion {
                    name,
                    weight,
                    plus5,
                    minus5,
                });
            }
        } else if let Some(n) = name {
            // Keep the name for the duplicate check of later criteria, never for scoring.
            out.push(Criterion {
                name: n,
                weight: 0.0,
                plus5: String::new(),
                minus5: String::new(),
            });
        }
    }
    out
}

fn traps_of(c: &mut Checker<'_>, node: &Node) -> Vec<Trap> {
    let mut out = Vec::new();
    for (key, at, members) in tables(c, node, "traps") {
        let mut description = None;
        let mut impact = None;
        for m in members {
            let k = format!("{key}.{}", m.key);
            match m.key.as_str() {
                "description" => description = c.text_of(&m.value, &k),
                "impact" => impact = impact_of(c, &m.value, &k),
                _ => c.err(m.at, &k, format!("unknown key (a trap has {TRAP_KEYS})")),
            }
        }
        c.require(
            at,
            &key,
            members,
            &[
                (
                    "description",
                    "description = \"a mocked database presented as an integration test\"",
                ),
                ("impact", "impact = -5"),
            ],
        );
        if let (Some(description), Some(impact)) = (description, impact) {
            out.push(Trap {
                description,
                impact,
            });
        }
    }
    out
}

fn impact_of(c: &mut Checker<'_>, node: &Node, key: &str) -> Option<Impact> {
    let set = Impact::list(&Impact::ALL);
    match node.kind {
        NodeKind::Int(v) => {
            let impact = Impact::from_value(v);
            if impact.is_none() {
                let signed = if v > 0 {
                    format!("+{v}")
                } else {
                    v.to_string()
                };
                c.err(node.at, key, format!("impact {signed} is not one of {set}"));
            }
            impact
        }
        _ => {
            c.err(
                node.at,
                key,
                format!("must be an integer, one of {set}, not {}", node.describe()),
            );
            None
        }
    }
}

fn params_of(c: &mut Checker<'_>, node: &Node) -> Params {
    let mut p = Params::default();
    let Some(members) = c.table(node, "params") else {
        return p;
    };
    let before = c.errors.len();
    for m in members {
        let k = format!("params.{}", m.key);
        let v = &m.value;
        if let Ok(setting) = m.key.parse::<ParamKey>() {
            if let Some(x) = c.number(v, &k) {
                setting.set(&mut p, x);
            }
            continue;
        }
        match m.key.as_str() {
            "normalize" => {
                if let Some(name) = c.text_of(v, &k) {
                    match name.parse() {
                        Ok(n) => p.normalization = n,
                        Err(e) => c.err(v.at, &k, format!("{e}")),
                    }
                }
            }
            "rounding" => {
                if let Some(name) = c.text_of(v, &k) {
                    match name.parse() {
                        Ok(r) => p.rounding = r,
                        Err(e) => c.err(v.at, &k, format!("{e}")),
                    }
                }
            }
            _ => c.err(
                m.at,
                &k,
                format!("unknown key (params are {})", Params::keys()),
            ),
        }
    }
    if c.errors.len() == before {
        if let Err(e) = p.validate() {
            // The message starts with the parameter it is about ("denominator must be …"):
            // point at that key when the file sets it, else at the table.
            let message = e.to_string();
            let first = message.split(' ').next().unwrap_or_default();
            let (at, key) = members
                .iter()
                .find(|m| m.key == first)
                .map_or((node.at, "params".to_string()), |m| {
                    (m.value.at, format!("params.{}", m.key))
                });
            c.err(at, &key, message);
        }
    }
    p
}
