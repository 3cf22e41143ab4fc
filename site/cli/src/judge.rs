//! The judge store: one JSON document per evaluation, `$JUDGE_DIR/SLUG.json`, in the format of
//! the what-works feedback judge's score.py, so either tool can continue a file the other began.
//!
//! Data flow: a validated [`Slug`] → [`Store::path`] (always inside the store's folder) →
//! [`Store::load`] reads and checks the document → [`Store::append`] takes the document's lock,
//! reads it again, adds one version (evidence and scores computed elsewhere) and writes the whole
//! document back atomically ([`crate::locked::update`]: a temporary file in the same folder,
//! then a rename), so concurrent saves each get their own version. A file that is not a judge
//! document is reported by name and never overwritten; keys this version does not know are
//! carried over untouched. A document that is a symbolic link is written through to the file
//! it names; a read-only document is refused.
//!
//! The document: `{"id", "title", "created", "versions": [{"version", "timestamp", "summary",
//! "evidence", "scores"}, …]}`, written with an indent of 2 as ASCII JSON (see
//! [`crate::compat::python_json`]) by the judge store's codec, [`pickanumber_text::judge_doc`],
//! which the calculator's saved passes are read and written with too. Each saved version is one `score --save`, not a pass (a pass
//! is one judge's list of items). A document written before the list was called `versions`
//! holds it under [`OLD_LIST`]; it is read the same, and the next save writes it as
//! `versions`, in the same place among the keys.

use pickanumber_instruments::bounded::{read_file, Bounded, MAX_BYTES};
use pickanumber_text::judge_doc::{self, Pretty};
use serde_json::{Map, Value};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The longest slug accepted, well under any file system's limit for a file name.
pub const MAX_SLUG: usize = 100;

/// The folder used when `JUDGE_DIR` is unset or empty.
pub const DEFAULT_DIR: &str = "./_judge";

/// The name of one evaluation: 1 to [`MAX_SLUG`] characters of lower-case ASCII letters and
/// digits, with single `-` between them (`agent-hq-pricing`). Nothing else can name a file in
/// the store, so a slug can never reach outside `$JUDGE_DIR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    /// The slug as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The title a new document gets without `--title`: the slug with `-` as spaces and each
    /// word capitalised the way Python's `str.title()` does it, as score.py makes it: a letter
    /// after a letter is lower case, any other letter upper case, so a letter after a digit
    /// starts a word too (`agent-hq-pricing` → `Agent Hq Pricing`, `v2x-plan` → `V2X Plan`).
    pub fn default_title(&self) -> String {
        let mut after_letter = false;
        self.0
            .chars()
            .map(|c| {
                let out = match c {
                    '-' => ' ',
                    c if after_letter => c.to_ascii_lowercase(),
                    c => c.to_ascii_uppercase(),
                };
                after_letter = c.is_ascii_alphabetic();
                out
            })
            .collect()
    }
}

impl FromStr for Slug {
    type Err = String;

    fn from_str(s: &str) -> Result<Slug, String> {
        const RULE: &str = "a slug is lower-case letters a-z and digits, with single '-' between them (agent-hq-pricing)";
        if s.is_empty() {
            return Err(format!("the slug is empty: {RULE}"));
        }
        if s.len() > MAX_SLUG {
            return Err(format!("the slug is longer than {MAX_SLUG} characters"));
        }
        let chars_ok = s
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !chars_ok || s.starts_with('-') || s.ends_with('-') || s.contains("--") {
            return Err(RULE.to_string());
        }
        Ok(Slug(s.to_string()))
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub use pickanumber_text::judge_doc::{LIST, OLD_LIST};

/// A judge document read from disk: a JSON object whose `versions` (or, in an older document,
/// `passes`) is a list. Every other key is kept as it was, in its order.
#[derive(Clone, Debug, PartialEq)]
pub struct Document(Map<String, Value>);

impl Document {
    /// The saved versions, oldest first.
    pub fn versions(&self) -> &[Value] {
        self.0
            .get(LIST)
            .or_else(|| self.0.get(OLD_LIST))
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }

    /// A top-level string field (`id`, `title`, `created`).
    pub fn text(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(Value::as_str)
    }

    /// The whole document as JSON.
    pub fn to_value(&self) -> Value {
        Value::Object(self.0.clone())
    }
}

/// One version to append.
#[derive(Clone, Debug)]
pub struct NewVersion<'a> {
    /// `--title`: replaces the stored title when it differs from the slug (as score.py).
    pub title: Option<&'a str>,
    /// `--summary`: what changed in this version.
    pub summary: &'a str,
    /// The four buckets as given, missing ones as `[]`.
    pub evidence: Value,
    /// The scores object of these buckets.
    pub scores: Value,
    /// When the version was saved (also the document's `created` when it is new).
    pub timestamp: String,
}

/// Where a version went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The document's path.
    pub path: PathBuf,
    /// The new version's number (counting from 1).
    pub version: usize,
    /// How many versions the document now holds.
    pub versions_total: usize,
}

/// The folder of judge documents.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The store named by `JUDGE_DIR`, or `./_judge` when it is unset or empty.
    pub fn from_env() -> Store {
        match std::env::var_os("JUDGE_DIR") {
            Some(d) if !d.is_empty() => Store::new(d),
            _ => Store::new(DEFAULT_DIR),
        }
    }

    /// `DIR/SLUG.json`: a slug has no separator and no dots, so this is a file directly in
    /// the folder.
    pub fn path(&self, slug: &Slug) -> PathBuf {
        self.dir.join(format!("{slug}.json"))
    }

    /// The stored document, `None` when there is no file.
    ///
    /// # Errors
    /// A message naming the file when it cannot be read or is not a judge document.
    pub fn load(&self, slug: &Slug) -> Result<Option<Document>, String> {
        let path = self.path(slug);
        // A folder or a FIFO in the store is no document (and opening a FIFO would wait).
        if std::fs::metadata(&path).is_ok_and(|m| !m.is_file()) {
            return Err(format!("{} is not a regular file", path.display()));
        }
        match read_file(&path, MAX_BYTES) {
            Ok(bytes) => parse(&path, &bytes).map(Some),
            Err(Bounded::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.message(&path.display().to_string())),
        }
    }

    /// Appends a version to the slug's document (creating the folder and the document when
    /// missing) and writes it back atomically, under the document's lock.
    ///
    /// # Errors
    /// A message naming the file or folder when the document is not a judge document, is
    /// read-only, or cannot be read or written; the file on disk is then unchanged.
    pub fn append(&self, slug: &Slug, pass: NewVersion<'_>) -> Result<Saved, String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.path(slug);
        let (version, versions_total) = crate::locked::update(&path, |old| {
            let doc = match old {
                Some(bytes) => Some(parse(&path, &bytes)?),
                None => None,
            };
            let (doc, version, total) = with_version(slug, doc, pass.clone(), &path)?;
            let mut w = Pretty::default();
            write(&mut w, &Value::Object(doc));
            Ok((w.out, (version, total)))
        })?;
        Ok(Saved {
            path,
            version,
            versions_total,
        })
    }
}

/// Reads the bytes of the document at `path` with the judge store's codec
/// ([`pickanumber_text::judge_doc`], which the calculator's saved passes use too).
fn parse(path: &std::path::Path, text: &[u8]) -> Result<Document, String> {
    let corrupt = |why: String| {
        format!(
            "{} is not a judge document ({why}); it was left unchanged",
            path.display()
        )
    };
    let text = std::str::from_utf8(text).map_err(|e| corrupt(format!("invalid UTF-8: {e}")))?;
    let doc = judge_doc::read(text).map_err(corrupt)?;
    if let Some(why) = inexact_integer(text) {
        return Err(format!("{}: {why}; it was left unchanged", path.display()));
    }
    let mut members = Map::new();
    for (key, value) in &doc.members {
        members.insert(key.clone(), to_serde(value).map_err(corrupt)?);
    }
    Ok(Document(members))
}

/// A value the codec read, for the rest of the CLI: numbers as serde_json reads their text.
fn to_serde(v: &pickanumber_text::json::Value<'_>) -> Result<Value, String> {
    use pickanumber_text::json::Kind;
    Ok(match &v.kind {
        Kind::Null => Value::Null,
        Kind::Bool(b) => Value::Bool(*b),
        Kind::Number(n) => Value::Number(
            n.parse()
                .map_err(|_| format!("the number {n} is outside the range of a 64-bit float"))?,
        ),
        Kind::String(s) => Value::String(s.clone()),
        Kind::Array(items) => Value::Array(items.iter().map(to_serde).collect::<Result<_, _>>()?),
        Kind::Object(members) => {
            let mut m = Map::new();
            for (k, v) in members {
                m.insert(k.clone(), to_serde(v)?);
            }
            Value::Object(m)
        }
    })
}

/// `value` written by the codec's writer ([`judge_doc::Pretty`]): numbers as serde_json
/// writes them, so the text is [`crate::compat::python_json`]'s, byte for byte.
fn write(w: &mut Pretty, value: &Value) {
    match value {
        Value::Null => w.raw("null"),
        Value::Bool(b) => w.raw(if *b { "true" } else { "false" }),
        Value::Number(n) => w.raw(&n.to_string()),
        Value::String(s) => w.string(s),
        Value::Array(items) => {
            w.open('[');
            for i in items {
                w.item();
                write(w, i);
            }
            w.close(']');
        }
        Value::Object(members) => {
            w.open('{');
            for (k, v) in members {
                w.key(k);
                write(w, v);
            }
            w.close('}');
        }
    }
}

/// Where the JSON `text` holds an integer outside the 64-bit range serde_json keeps exactly
/// (it reads such an integer as a float, and a document written back would hold another
/// number): `line L, column C: the integer N is outside …`, or `None` when every integer fits.
/// Text that is not JSON is left to the JSON reader's own error (`None`).
pub fn inexact_integer(text: &str) -> Option<String> {
    use pickanumber_text::json::{line_col, parse, Kind, Value as Lean};
    fn find<'a>(v: &Lean<'a>) -> Option<(usize, &'a str)> {
        match &v.kind {
            Kind::Number(n) => {
                let integer = !n.contains(['.', 'e', 'E']);
                let fits = n.parse::<i64>().is_ok() || n.parse::<u64>().is_ok();
                (integer && !fits).then_some((v.at, *n))
            }
            Kind::Array(items) => items.iter().find_map(find),
            Kind::Object(members) => members.iter().find_map(|(_, v)| find(v)),
            _ => None,
        }
    }
    let (at, n) = find(&parse(text).ok()?)?;
    let (line, column) = line_col(text, at);
    Some(format!(
        "line {line}, column {column}: the integer {n} is outside {} to {}, the integers pickanumber keeps exactly (it would be rewritten as a float)",
        i64::MIN,
        u64::MAX
    ))
}

/// `doc` (or a new document for `slug`) with `pass` appended: the document's fields, the new
/// version's number and the number of versions. The new number is one more than the highest
/// whole-number version stored and than the number of versions, so it repeats none.
///
/// # Errors
/// When the highest stored version is the largest whole number a version can hold.
fn with_version(
    slug: &Slug,
    doc: Option<Document>,
    pass: NewVersion<'_>,
    path: &std::path::Path,
) -> Result<(Map<String, Value>, usize, usize), String> {
    let mut doc = match doc {
        Some(Document(m)) => m,
        None => {
            let mut m = Map::new();
            m.insert("id".into(), Value::from(slug.as_str()));
            m.insert("title".into(), Value::from(slug.default_title()));
            m.insert("created".into(), Value::from(pass.timestamp.as_str()));
            m.insert(LIST.into(), Value::Array(Vec::new()));
            m
        }
    };
    // An older document's list takes the new name, in its place among the keys.
    if !doc.contains_key(LIST) {
        doc = doc
            .into_iter()
            .map(|(k, v)| {
                if k == OLD_LIST {
                    (LIST.to_string(), v)
                } else {
                    (k, v)
                }
            })
            .collect();
    }
    if let Some(t) = pass.title.filter(|t| *t != slug.as_str()) {
        doc.insert("title".into(), Value::from(t));
    }
    let versions = doc
        .get_mut(LIST)
        .and_then(Value::as_array_mut)
        .expect("a loaded or new document has a versions list");
    let highest = versions
        .iter()
        .filter_map(|p| p.get("version").and_then(Value::as_u64))
        .chain([versions.len() as u64])
        .max()
        .unwrap_or(0);
    let next = highest.checked_add(1).and_then(|v| usize::try_from(v).ok());
    let version = next.ok_or_else(|| {
        format!(
            "{} already holds version {highest}, the highest a version can be; it was left unchanged (save under a new slug)",
            path.display()
        )
    })?;
    let mut p = Map::new();
    p.insert("version".into(), Value::from(version));
    p.insert("timestamp".into(), Value::from(pass.timestamp));
    p.insert("summary".into(), Value::from(pass.summary));
    p.insert("evidence".into(), pass.evidence);
    p.insert("scores".into(), pass.scores);
    versions.push(Value::Object(p));
    let total = versions.len();
    Ok((doc, version, total))
}

/// The current time as ISO-8601 / RFC 3339 UTC to the second: `2026-05-02T14:03:11Z`.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compat::python_json;

    #[test]
    fn slugs_are_kebab_case() {
        for ok in [
            "a",
            "agent-hq-pricing",
            "v2",
            "2026-05-draft",
            &"a".repeat(100),
        ] {
            assert!(ok.parse::<Slug>().is_ok(), "{ok}");
        }
        for bad in [
            "",
            "../x",
            "a/b",
            "A B",
            "Agent",
            "a--b",
            "-a",
            "a-",
            "a.json",
            "a_b",
            "é",
            "a\\b",
            ".",
            "..",
            &"a".repeat(101),
        ] {
            assert!(bad.parse::<Slug>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn default_title_capitalises_each_word() {
        let t = |s: &str| s.parse::<Slug>().unwrap().default_title();
        assert_eq!(t("agent-hq-pricing"), "Agent Hq Pricing");
        assert_eq!(t("v2-plan"), "V2 Plan");
        // As Python's str.title(): a letter after a digit is upper case.
        assert_eq!(t("v2x-plan"), "V2X Plan");
        assert_eq!(t("3d-map"), "3D Map");
        assert_eq!(t("x"), "X");
    }

    /// A seeded random JSON value: every kind, numbers of each serde_json representation,
    /// strings with escapes, non-ASCII and characters beyond U+FFFF.
    fn random_value(seed: &mut u64, depth: u32) -> Value {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let pick = next() % if depth == 0 { 6 } else { 8 };
        match pick {
            0 => Value::Null,
            1 => Value::Bool(next() % 2 == 0),
            2 => Value::from(next() as i64),
            3 => Value::from(next()),
            4 => {
                Value::from(f64::from_bits(next() >> 2) * if next() % 2 == 0 { 1.0 } else { -1.0 })
            }
            5 => {
                let chars = [
                    'a', ' ', '"', '\\', '\n', '\u{1}', '\u{7f}', 'é', '€', '😀', '\u{2028}',
                ];
                let n = next() % 6;
                Value::from(
                    (0..n)
                        .map(|_| chars[(next() % chars.len() as u64) as usize])
                        .collect::<String>(),
                )
            }
            6 => Value::Array(
                (0..next() % 4)
                    .map(|_| random_value(seed, depth - 1))
                    .collect(),
            ),
            _ => Value::Object(
                (0..next() % 4)
                    .map(|k| (format!("k{k}é"), random_value(seed, depth - 1)))
                    .collect(),
            ),
        }
    }

    /// The codec's writer writes a document as `python_json` (serde_json's pretty printer,
    /// non-ASCII escaped) does, and the codec reads it back as serde_json does.
    #[test]
    fn the_codec_writes_and_reads_what_serde_json_does() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            let v = random_value(&mut seed, 4);
            if v.as_f64().is_some_and(|x| !x.is_finite()) {
                continue;
            }
            let mut w = Pretty::default();
            write(&mut w, &v);
            assert_eq!(w.out, python_json(&v));
            // Read back as serde_json reads the text (its float parsing included).
            let back = to_serde(&pickanumber_text::json::parse(&w.out).unwrap()).unwrap();
            let theirs: Value = serde_json::from_str(&w.out).unwrap();
            assert_eq!(back, theirs, "{}", w.out);
        }
    }

    #[test]
    fn timestamps_are_utc_seconds() {
        let t = now();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.ends_with('Z') && t.as_bytes()[10] == b'T', "{t}");
    }
}
