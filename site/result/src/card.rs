//! The card: what produced a result, as sha256 hashes that travel with it. The tool and its
//! version, the rubric in a canonical form, the prompt the graders were sent, the JSON Schema
//! of their answer, the formula's settings, the judged work, each pass's grader with the
//! sampling parameters its front end knows, and the calibration fit the settings came from.
//!
//! Two results whose cards agree were made by the same judge on the same work; `compare`
//! names each field where they differ ([`Card::differences`]) and the gate can pin a field
//! ([`Pin`]). Each hash is 64 lowercase hexadecimal digits, over bytes that do not depend on
//! how a file was laid out:
//!
//! - `rubric`: the parsed rubric written back as its JSON form ([`Rubric::to_json`]), so
//!   whitespace, comments, key order and TOML or JSON do not change it, and one changed word
//!   does;
//! - `prompt`: the judge prompt as `pickanumber rubric prompt` builds it (with the work after
//!   it when the evidence is checked against one), or the prompt a judge loop reports it sent;
//! - `schema`: the rubric's JSON Schema of the answer, as `pickanumber rubric schema` prints it;
//! - `settings`: the request's mode, preset, weights, labels, every formula parameter,
//!   strictness and what the evidence check leaves out, as one JSON text with a fixed key order;
//! - `work`: every file read, in path order, each as its path, a NUL, its length in bytes as
//!   decimal digits, a NUL and its text.

use crate::Rubric;
use pickanumber_score::verify::{Unverified, Work};
use pickanumber_score::Request;
use serde::Serialize;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The tool named on every card.
pub const TOOL: &str = "pickanumber";

/// The version of the tool on every card: this crate's, which the CLI and both packages share.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The sha256 of `bytes` as 64 lowercase hexadecimal digits.
///
/// ```
/// assert_eq!(
///     pickanumber_result::card::sha256_hex(b"abc"),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Bytes as lowercase hexadecimal digits.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

pub use pickanumber_text::hash::{is_hash, short};

/// What produced a result: the `card` object of every result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Card {
    /// Always `pickanumber`.
    pub tool: String,
    /// The version of pickanumber that computed the result.
    pub version: String,
    /// The sha256 of the formula's settings (mode, preset, weights, labels, parameters,
    /// strictness, what the evidence check leaves out).
    pub settings: String,
    /// The sha256 of the rubric in its canonical form; `null` without a rubric.
    pub rubric: Option<String>,
    /// The sha256 of the prompt the graders were sent (the rubric's, with the work after it
    /// when one was given); `null` without a rubric.
    pub prompt: Option<String>,
    /// The sha256 of the JSON Schema of the graders' answer; `null` without a rubric.
    pub schema: Option<String>,
    /// The sha256 over the files of the work the evidence was checked against; `null` when no
    /// work was given.
    pub work: Option<String>,
    /// Each pass's grader, in the order of the passes: its name and the sampling parameters
    /// its front end knows (`null` where it does not). Empty for one text.
    pub graders: Vec<Grader>,
    /// The calibration the settings came from: the rubric's `[fit]`, which `calibrate --out`
    /// writes, or `null`. Its `settings` equals the card's `settings` while the settings are
    /// still the fitted ones.
    pub fit: Option<Fit>,
}

/// One pass's grader on the card: its id and its call's settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Grader {
    /// The grader's id: the pass's name.
    pub name: String,
    /// The sampling parameters its front end knows.
    #[serde(flatten)]
    pub params: Params,
}

/// The settings of one grader's call, as a front end knows them (`None` where it does not):
/// on the card (each written, `null` when unknown), in a cache key and in an outcome's
/// `params` (`{"model", "temperature", "max_tokens"}`, each optional).
#[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The model it called, when its front end knows.
    pub model: Option<String>,
    /// The sampling temperature, when known.
    pub temperature: Option<f64>,
    /// The most tokens it may answer with, when known.
    pub max_tokens: Option<u64>,
}

/// The calibration a rubric's settings were fitted by (`pickanumber calibrate --out`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Fit {
    /// The sha256 of the gold set's bytes.
    pub gold: String,
    /// The sha256 of the fitted settings, as the card hashes settings.
    pub settings: String,
}

impl Card {
    /// The card of an analysis made with `request` (and `rubric`, when scored against one) over
    /// passes named `passes` (none for one text). The graders' parameters are unknown
    /// (`null`) until a front end that called them sets them.
    pub fn new(request: &Request, rubric: Option<&Rubric>, passes: &[&str]) -> Card {
        let work = request.against.as_ref().map(|a| &*a.work);
        let prompt = rubric.map(|r| match work.map(|w| w.files.as_slice()) {
            Some([only]) if only.path.is_empty() => {
                r.prompt_with_work(pickanumber_rubric::WorkText::Text(only.text()))
            }
            Some(files) if !files.is_empty() => {
                let pairs: Vec<(&str, &str)> =
                    files.iter().map(|f| (f.path.as_str(), f.text())).collect();
                r.prompt_with_work(pickanumber_rubric::WorkText::Files(&pairs))
            }
            _ => r.prompt(),
        });
        Card {
            tool: TOOL.to_string(),
            version: VERSION.to_string(),
            settings: settings_hash(request),
            rubric: rubric.map(rubric_hash),
            prompt: prompt.map(|p| sha256_hex(p.as_bytes())),
            schema: rubric.map(|r| sha256_hex(r.schema().as_bytes())),
            work: work.map(work_hash),
            graders: passes
                .iter()
                .map(|name| Grader {
                    name: (*name).to_string(),
                    ..Grader::default()
                })
                .collect(),
            fit: rubric.and_then(|r| r.fit.as_ref()).map(|f| Fit {
                gold: f.gold.clone(),
                settings: f.settings.clone(),
            }),
        }
    }

    /// Reads a result's `card` object back, field by field, failing closed: a missing or
    /// unknown key, a hash that is not 64 lowercase hexadecimal digits, or a value of another
    /// type is an error naming the key and what it holds.
    ///
    /// # Errors
    /// The first key that does not read, as `card.rubric must be …, not …`.
    pub fn read(v: &Value) -> Result<Card, String> {
        let m = v
            .as_object()
            .ok_or_else(|| format!("card must be an object, not {}", shown(v)))?;
        for k in m.keys() {
            if !FIELDS.contains(&k.as_str()) && k != "graders" && k != "fit" && k != "tool" {
                return Err(format!(
                    "card.{k} is not a key of a card (its keys are tool, {}, graders, fit)",
                    FIELDS.join(", ")
                ));
            }
        }
        let tool = text(m, "tool", "card.tool")?;
        if tool != TOOL {
            return Err(format!("card.tool must be \"{TOOL}\", not \"{tool}\""));
        }
        let graders = match m.get("graders") {
            Some(Value::Array(list)) => list
                .iter()
                .enumerate()
                .map(|(i, g)| grader(g, i))
                .collect::<Result<_, _>>()?,
            other => {
                return Err(format!(
                    "card.graders must be a list, not {}",
                    other.map_or("nothing".into(), shown)
                ))
            }
        };
        let fit = match m.get("fit") {
            Some(Value::Null) => None,
            Some(Value::Object(f)) => Some(Fit {
                gold: hash(f, "gold", "card.fit.gold")?,
                settings: hash(f, "settings", "card.fit.settings")?,
            }),
            other => {
                return Err(format!(
                    "card.fit must be an object or null, not {}",
                    other.map_or("nothing".into(), shown)
                ))
            }
        };
        Ok(Card {
            tool,
            version: text(m, "version", "card.version")?,
            settings: hash(m, "settings", "card.settings")?,
            rubric: maybe_hash(m, "rubric")?,
            prompt: maybe_hash(m, "prompt")?,
            schema: maybe_hash(m, "schema")?,
            work: maybe_hash(m, "work")?,
            graders,
            fit,
        })
    }

    /// The fields where `self` and `other` differ, in the card's order (`version`, `settings`,
    /// `rubric`, `prompt`, `schema`, `work`, `graders`, `fit`).
    pub fn differences(&self, other: &Card) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = FIELDS
            .iter()
            .copied()
            .filter(|f| self.field(f) != other.field(f))
            .collect();
        if self.graders != other.graders {
            out.push("graders");
        }
        if self.fit != other.fit {
            out.push("fit");
        }
        out
    }

    /// The value of a field a pin can name ([`FIELDS`]), `None` when the card has none.
    pub fn field(&self, name: &str) -> Option<&str> {
        match name {
            "version" => Some(&self.version),
            "settings" => Some(&self.settings),
            "rubric" => self.rubric.as_deref(),
            "prompt" => self.prompt.as_deref(),
            "schema" => self.schema.as_deref(),
            "work" => self.work.as_deref(),
            _ => None,
        }
    }
}

/// The card's fields that hold one value, which a [`Pin`] can name.
pub const FIELDS: [&str; 6] = ["version", "settings", "rubric", "prompt", "schema", "work"];

/// A value as a message quotes it, cut short when long.
fn shown(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s,
    }
}

/// A string key.
fn text(m: &Map<String, Value>, key: &str, what: &str) -> Result<String, String> {
    match m.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        other => Err(format!(
            "{what} must be a string, not {}",
            other.map_or("nothing".into(), shown)
        )),
    }
}

/// A hash key.
fn hash(m: &Map<String, Value>, key: &str, what: &str) -> Result<String, String> {
    match m.get(key) {
        Some(Value::String(s)) if is_hash(s) => Ok(s.clone()),
        other => Err(format!(
            "{what} must be a sha256 (64 lowercase hexadecimal digits), not {}",
            other.map_or("nothing".into(), shown)
        )),
    }
}

/// A hash key that may be null.
fn maybe_hash(m: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match m.get(key) {
        Some(Value::Null) => Ok(None),
        _ => hash(m, key, &format!("card.{key}"))
            .map(Some)
            .map_err(|e| e.replacen("), not", ") or null, not", 1)),
    }
}

/// One grader of a card read back.
fn grader(v: &Value, i: usize) -> Result<Grader, String> {
    read_grader(v, &format!("card.graders[{i}]"))
}

/// A grader as a card or a cache entry writes it (`name`, `model`, `temperature`,
/// `max_tokens`), read back; `at` names it in the messages.
///
/// # Errors
/// An unknown or missing key, or a value of another type, named.
pub fn read_grader(v: &Value, at: &str) -> Result<Grader, String> {
    let m = v
        .as_object()
        .ok_or_else(|| format!("{at} must be an object, not {}", shown(v)))?;
    if let Some(k) = m
        .keys()
        .find(|k| !["name", "model", "temperature", "max_tokens"].contains(&k.as_str()))
    {
        return Err(format!(
            "{at}.{k} is not a key of a grader (name, model, temperature, max_tokens)"
        ));
    }
    let wrong = |key: &str, kind: &str| {
        format!(
            "{at}.{key} must be {kind} or null, not {}",
            m.get(key).map_or("nothing".into(), shown)
        )
    };
    Ok(Grader {
        name: text(m, "name", &format!("{at}.name"))?,
        params: Params {
            model: match m.get("model") {
                Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                _ => return Err(wrong("model", "a string")),
            },
            temperature: match m.get("temperature") {
                Some(Value::Null) => None,
                Some(n @ Value::Number(_)) => n.as_f64(),
                _ => return Err(wrong("temperature", "a number")),
            },
            max_tokens: match m.get("max_tokens") {
                Some(Value::Null) => None,
                Some(n) if n.as_u64().is_some() => n.as_u64(),
                _ => return Err(wrong("max_tokens", "a whole number")),
            },
        },
    })
}

/// The sha256 of a rubric in its canonical form: the JSON it writes back.
pub fn rubric_hash(r: &Rubric) -> String {
    sha256_hex(r.to_json().as_bytes())
}

/// The sha256 over a work's files: each file's path, a NUL, its length in bytes in decimal,
/// a NUL, and its text, in path order (the order [`Work`] keeps them in).
pub fn work_hash(w: &Work) -> String {
    let mut h = Sha256::new();
    for f in &w.files {
        let text = f.text();
        h.update(f.path.as_bytes());
        h.update([0]);
        h.update(text.len().to_string().as_bytes());
        h.update([0]);
        h.update(text.as_bytes());
    }
    hex(&h.finalize())
}

/// The settings that decide the number, as one JSON text with a fixed key order.
pub fn settings_text(r: &Request) -> String {
    let p = &r.params;
    let against = r.against.as_ref().map(|a| {
        json!({
            "unverified": match a.unverified {
                Unverified::Drop => "drop",
                Unverified::Keep => "keep",
            },
            "require_evidence": a.require_evidence,
            "require_quotes": a.require_quotes,
        })
    });
    json!({
        "mode": r.mode.name(),
        "preset": r.preset.map(|x| x.name()),
        "weights": r.weights,
        "labels": r.labels.as_ref().map(|l| json!({
            "criteria": l.criteria,
            "perspectives": l.perspectives,
        })),
        "params": {
            "scale": p.scale,
            "center": p.center,
            "max": p.max,
            "denominator": p.density_denominator,
            "floor": p.multiplier_floor,
            "gain": p.multiplier_gain,
            "normalize": p.normalization.name(),
            "rounding": p.rounding.name(),
            "self_check_span": p.self_check_span,
        },
        "strict": r.strict,
        "unbounded": r.unbounded,
        "against": against,
    })
    .to_string()
}

/// The sha256 of [`settings_text`].
pub fn settings_hash(r: &Request) -> String {
    sha256_hex(settings_text(r).as_bytes())
}

/// A card field the gate requires to hold one value: `rubric=HEX`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    /// One of [`FIELDS`].
    pub field: &'static str,
    /// The value it must hold: a hash (64 lowercase hexadecimal digits), or a version.
    pub value: String,
}

impl Pin {
    /// Reads `FIELD=VALUE`: a field of [`FIELDS`] and a sha256 (any case, kept lowercase),
    /// or for `version` the version's text.
    ///
    /// # Errors
    /// A sentence naming what is wrong and the allowed fields.
    ///
    /// ```
    /// use pickanumber_result::card::Pin;
    /// assert_eq!(
    ///     Pin::parse("rubrik=00").unwrap_err(),
    ///     "\"rubrik=00\": rubrik is not a card field; give one of version, settings, rubric, prompt, schema, work as FIELD=VALUE"
    /// );
    /// ```
    pub fn parse(s: &str) -> Result<Pin, String> {
        let fields = FIELDS.join(", ");
        let (name, value) = s.split_once('=').ok_or_else(|| {
            format!("{s:?} is not FIELD=VALUE: give one of {fields}, such as rubric=<sha256>")
        })?;
        let name = name.trim();
        let field = FIELDS.iter().copied().find(|f| *f == name).ok_or_else(|| {
            format!("{s:?}: {name} is not a card field; give one of {fields} as FIELD=VALUE")
        })?;
        let value = value.trim();
        if field == "version" {
            if value.is_empty() {
                return Err(format!("{s:?}: the version is empty"));
            }
            return Ok(Pin {
                field,
                value: value.to_string(),
            });
        }
        let lower = value.to_ascii_lowercase();
        if !is_hash(&lower) {
            return Err(format!(
                "{s:?}: {field} must be a sha256, 64 hexadecimal digits, as a result's card writes it"
            ));
        }
        Ok(Pin {
            field,
            value: lower,
        })
    }

    /// Why `card` misses this pin, as a sentence ending with the option as the front end
    /// spells it; `None` when it holds.
    pub fn miss(&self, card: &Card, option: &str) -> Option<String> {
        match card.field(self.field) {
            Some(v) if v == self.value => None,
            Some(v) => Some(format!(
                "card {} is {}, not the {} required ({option})",
                self.field,
                short(v),
                short(&self.value)
            )),
            None => Some(format!(
                "the card has no {} to compare with the one required ({option})",
                self.field
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUBRIC: &str = "subject = \"pull request #412\"\nmode = \"matrix\"\n\n[[criteria]]\nname = \"craft\"\nweight = 0.6\nplus5 = \"every endpoint has a test\"\nminus5 = \"a data-loss path with no test\"\n\n[[criteria]]\nname = \"depth\"\nweight = 0.4\nplus5 = \"the hard case is handled\"\nminus5 = \"only the happy path works\"\n";

    fn card(text: &str) -> Card {
        let r = Rubric::parse(text).unwrap();
        Card::new(&r.request(), Some(&r), &[])
    }

    #[test]
    fn a_one_word_change_of_the_rubric_changes_its_hash_and_its_prompts() {
        let a = card(RUBRIC);
        let b = card(&RUBRIC.replace("the hard case", "the rare case"));
        assert_ne!(a.rubric, b.rubric);
        assert_ne!(a.prompt, b.prompt);
        assert_eq!(a.settings, b.settings);
        assert_eq!(a.differences(&b), ["rubric", "prompt"]);
    }

    #[test]
    fn whitespace_key_order_comments_and_json_do_not_change_the_rubric_hash() {
        let a = card(RUBRIC);
        let spaced = RUBRIC
            .replace(" = ", "   =   ")
            .replace("\n\n", "\n\n# a comment\n\n");
        let reordered = RUBRIC.replace(
            "subject = \"pull request #412\"\nmode = \"matrix\"\n",
            "mode = \"matrix\"\nsubject = \"pull request #412\"\n",
        );
        let as_json = Rubric::parse(RUBRIC).unwrap().to_json();
        for other in [spaced, reordered, as_json] {
            assert_eq!(card(&other), a, "{other}");
        }
    }

    #[test]
    fn a_card_reads_back_to_itself_and_a_bad_one_is_named() {
        let a = card(RUBRIC);
        let v = serde_json::to_value(&a).unwrap();
        assert_eq!(Card::read(&v).unwrap(), a);
        let mut bad = v.clone();
        bad["rubric"] = json!("XYZ");
        assert_eq!(
            Card::read(&bad).unwrap_err(),
            "card.rubric must be a sha256 (64 lowercase hexadecimal digits) or null, not \"XYZ\""
        );
        let mut extra = v;
        extra["judge"] = json!(1);
        assert!(Card::read(&extra)
            .unwrap_err()
            .starts_with("card.judge is not a key"));
        assert_eq!(
            Card::read(&json!([1])).unwrap_err(),
            "card must be an object, not [1]"
        );
    }

    #[test]
    fn the_work_and_the_settings_each_change_their_own_hash() {
        let one = Work::files([("a.txt", "hello")]).unwrap();
        let two = Work::files([("a.txt", "hello!")]).unwrap();
        let moved = Work::files([("b.txt", "hello")]).unwrap();
        assert_ne!(work_hash(&one), work_hash(&two));
        assert_ne!(work_hash(&one), work_hash(&moved));
        // The framing keeps a path and a text from trading bytes.
        let split = Work::files([("a", "bc"), ("d", "")]).unwrap();
        let other = Work::files([("a", "b"), ("cd", "")]).unwrap();
        assert_ne!(work_hash(&split), work_hash(&other));
        let mut r = Request::default();
        let before = settings_hash(&r);
        r.params.density_denominator = 10.0;
        assert_ne!(settings_hash(&r), before);
    }

    #[test]
    fn a_pin_reads_any_case_and_names_a_miss() {
        let a = card(RUBRIC);
        let upper = a.rubric.clone().unwrap().to_uppercase();
        let pin = Pin::parse(&format!("rubric={upper}")).unwrap();
        assert_eq!(pin.miss(&a, "--require-card"), None);
        let other = card(&RUBRIC.replace("craft", "care"));
        let miss = pin.miss(&other, "--require-card").unwrap();
        assert!(miss.starts_with("card rubric is "), "{miss}");
        assert!(miss.ends_with(" required (--require-card)"), "{miss}");
        let none = Card::new(&Request::default(), None, &[]);
        assert_eq!(
            pin.miss(&none, "require_card="),
            Some("the card has no rubric to compare with the one required (require_card=)".into())
        );
        assert!(Pin::parse("rubric=abc").is_err());
        assert!(Pin::parse("rubric").is_err());
    }
}
