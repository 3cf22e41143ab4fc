//! The cache of grader answers: each raw answer stored under a key of the prompt, the JSON
//! Schema, the grader's id and its sampling parameters, so that a rerun of the same panel on
//! the same work calls no grader and gives the identical result, and any change of rubric,
//! work, model or parameters misses (the work is inside the prompt).
//!
//! One place for the key ([`key`]) and the entry's bytes ([`Entry::to_bytes`],
//! [`Entry::from_bytes`]); [`Store`] keeps entries as files in a folder, `KEY.json`, each
//! written to a temporary file beside it and renamed into place, so a reader sees a whole
//! entry or none and concurrent writers never mix their bytes. An entry that does not read
//! (cut short, edited, another key's) is [`Lookup::Damaged`]: named, ignored, and replaced
//! once the grader is called again. An entry holds only the fields [`Entry`] declares: the
//! hashes, the grader's id and sampling parameters, the answer and its usage; no API key or
//! request header can reach it.

use crate::card::{is_hash, sha256_hex, Grader};
use serde_json::{json, Map, Value};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The version of the entry format, written in every entry: an entry of another version is
/// damaged, never read as this one.
pub const FORMAT: u64 = 1;

/// The key of a grader's answer: the sha256 of the entry format, the sha256 of the prompt and
/// of the schema, the grader's id and its sampling parameters, as one JSON text with a fixed
/// key order.
///
/// ```
/// use pickanumber_result::{cache::key, card::{Grader, Params}};
/// let g = Grader { name: "claude".into(), params: Params { model: Some("m-1".into()), ..Params::default() } };
/// let warmer = Grader { params: Params { temperature: Some(0.7), ..g.params.clone() }, ..g.clone() };
/// assert_eq!(key("prompt", "{}", &g), key("prompt", "{}", &g));
/// assert_ne!(key("prompt", "{}", &g), key("prompt", "{}", &warmer));
/// ```
pub fn key(prompt: &str, schema: &str, grader: &Grader) -> String {
    key_of_hashes(
        &sha256_hex(prompt.as_bytes()),
        &sha256_hex(schema.as_bytes()),
        grader,
    )
}

/// [`key`] from the prompt's and the schema's hashes.
fn key_of_hashes(prompt: &str, schema: &str, grader: &Grader) -> String {
    let text = json!({
        "format": FORMAT,
        "prompt": prompt,
        "schema": schema,
        "grader": grader_json(grader),
    })
    .to_string();
    sha256_hex(text.as_bytes())
}

/// A grader as an entry and a key write it.
fn grader_json(g: &Grader) -> Value {
    json!({
        "name": g.name,
        "model": g.params.model,
        "temperature": g.params.temperature,
        "max_tokens": g.params.max_tokens,
    })
}

/// A grader's answer as it came back: text, or the JSON value an SDK had already parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The text the model wrote.
    Text(String),
    /// The JSON value (an object or a list) the grader returned parsed.
    Parsed(Value),
}

/// The tokens one call of a grader cost, where its answer says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Usage {
    /// The tokens the grader read (the prompt).
    pub input_tokens: u64,
    /// The tokens it wrote (the answer).
    pub output_tokens: u64,
}

impl Usage {
    /// The sum of several passes' usage; `None` when no pass reported any.
    pub fn total<'a>(each: impl IntoIterator<Item = Option<&'a Usage>>) -> Option<Usage> {
        each.into_iter()
            .flatten()
            .fold(None, |sum: Option<Usage>, u| {
                let s = sum.unwrap_or_default();
                Some(Usage {
                    input_tokens: s.input_tokens.saturating_add(u.input_tokens),
                    output_tokens: s.output_tokens.saturating_add(u.output_tokens),
                })
            })
    }
}

/// One cached answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its key ([`key`]), also its file's name.
    pub key: String,
    /// The sha256 of the prompt the grader was sent.
    pub prompt: String,
    /// The sha256 of the schema it was sent.
    pub schema: String,
    /// The grader's id and sampling parameters.
    pub grader: Grader,
    /// Its raw answer.
    pub answer: Answer,
    /// What the call cost when it was made, where the grader said; a rerun that reads the
    /// entry costs nothing.
    pub usage: Option<Usage>,
}

impl Entry {
    /// The entry of `answer`, which `grader` gave to `prompt` and `schema`.
    pub fn new(
        prompt: &str,
        schema: &str,
        grader: &Grader,
        answer: Answer,
        usage: Option<Usage>,
    ) -> Entry {
        let (prompt, schema) = (sha256_hex(prompt.as_bytes()), sha256_hex(schema.as_bytes()));
        Entry {
            key: key_of_hashes(&prompt, &schema, grader),
            prompt,
            schema,
            grader: grader.clone(),
            answer,
            usage,
        }
    }

    /// The entry as the bytes of its file: one JSON object with exactly these keys, in this
    /// order: `pickanumber_cache` (the format), `key`, `prompt`, `schema`, `grader`, `answer`
    /// (`{"kind": "text", "text"}` or `{"kind": "parsed", "value"}`), `usage`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let answer = match &self.answer {
            Answer::Text(t) => json!({"kind": "text", "text": t}),
            Answer::Parsed(v) => json!({"kind": "parsed", "value": v}),
        };
        let mut text = json!({
            "pickanumber_cache": FORMAT,
            "key": self.key,
            "prompt": self.prompt,
            "schema": self.schema,
            "grader": grader_json(&self.grader),
            "answer": answer,
            "usage": self.usage,
        })
        .to_string();
        text.push('\n');
        text.into_bytes()
    }

    /// Reads an entry's bytes back, failing closed: not JSON, another format, a key other
    /// than `key` (a file renamed or copied), a key that is not the hash of the entry's own
    /// fields (an edited entry), an unknown or missing field, each with the reason.
    ///
    /// # Errors
    /// Why the bytes are not the entry of `key`.
    pub fn from_bytes(bytes: &[u8], key: &str) -> Result<Entry, String> {
        let v: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON ({e})"))?;
        let m = v.as_object().ok_or("not a JSON object")?;
        const KEYS: [&str; 7] = [
            "pickanumber_cache",
            "key",
            "prompt",
            "schema",
            "grader",
            "answer",
            "usage",
        ];
        if let Some(k) = m.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(format!("the key {k} is not an entry's"));
        }
        if m.get("pickanumber_cache").and_then(Value::as_u64) != Some(FORMAT) {
            return Err(format!(
                "pickanumber_cache must be {FORMAT}, the format this version reads, not {}",
                m.get("pickanumber_cache").unwrap_or(&Value::Null)
            ));
        }
        let hash = |k: &str| match m.get(k).and_then(Value::as_str) {
            Some(h) if is_hash(h) => Ok(h.to_string()),
            _ => Err(format!("its {k} is not a sha256")),
        };
        let (own, prompt, schema) = (hash("key")?, hash("prompt")?, hash("schema")?);
        if own != key {
            return Err(format!("it holds the entry of another key ({own})"));
        }
        let grader = crate::card::read_grader(m.get("grader").unwrap_or(&Value::Null), "grader")?;
        if key_of_hashes(&prompt, &schema, &grader) != key {
            return Err("its fields do not give its key (an edited entry)".into());
        }
        let answer = match m.get("answer").and_then(Value::as_object) {
            Some(a) => match (a.get("kind").and_then(Value::as_str), a.len()) {
                (Some("text"), 2) => match a.get("text") {
                    Some(Value::String(t)) => Answer::Text(t.clone()),
                    _ => return Err("its answer.text is not a string".into()),
                },
                (Some("parsed"), 2) => match a.get("value") {
                    Some(v @ (Value::Object(_) | Value::Array(_))) => Answer::Parsed(v.clone()),
                    _ => return Err("its answer.value is not an object or a list".into()),
                },
                _ => {
                    return Err(
                        "its answer is not {\"kind\": \"text\", \"text\"} or {\"kind\": \"parsed\", \"value\"}".into(),
                    )
                }
            },
            None => return Err("it has no answer object".into()),
        };
        let usage = match m.get("usage") {
            Some(Value::Null) => None,
            Some(Value::Object(u)) => Some(usage(u)?),
            _ => return Err("its usage is not an object or null".into()),
        };
        Ok(Entry {
            key: own,
            prompt,
            schema,
            grader,
            answer,
            usage,
        })
    }
}

/// A usage object: exactly `input_tokens` and `output_tokens`, whole numbers.
fn usage(u: &Map<String, Value>) -> Result<Usage, String> {
    let n = |k: &str| {
        u.get(k)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("its usage.{k} is not a whole number"))
    };
    if u.len() != 2 {
        return Err("its usage has keys other than input_tokens and output_tokens".into());
    }
    Ok(Usage {
        input_tokens: n("input_tokens")?,
        output_tokens: n("output_tokens")?,
    })
}

/// What a lookup found.
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup {
    /// The entry of the key.
    Hit(Box<Entry>),
    /// No entry: call the grader.
    Miss,
    /// An entry that does not read, with the sentence naming it and why; call the grader, and
    /// save its answer over it.
    Damaged(String),
}

/// A folder of entries, `KEY.json` each.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Opens (and creates, when missing) the cache folder, and checks that it can be written
    /// by creating and removing a file in it: a folder that cannot is an error before any
    /// grader is called.
    ///
    /// # Errors
    /// A sentence naming the folder and why it cannot be used.
    pub fn open(dir: &Path) -> Result<Store, String> {
        let refuse = |why: String| {
            format!(
                "the cache folder {} cannot be used: {why}; give a folder this user can write (no grader was called)",
                dir.display()
            )
        };
        if dir.exists() && !dir.is_dir() {
            return Err(refuse("it is not a folder".into()));
        }
        std::fs::create_dir_all(dir).map_err(|e| refuse(e.to_string()))?;
        let probe = temp_path(dir, "probe");
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .map_err(|e| refuse(format!("a file cannot be created in it ({e})")))?;
        let _ = std::fs::remove_file(&probe);
        Ok(Store {
            dir: dir.to_path_buf(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of a key.
    pub fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    /// The entry of `key`, no entry, or a damaged one named.
    pub fn load(&self, key: &str) -> Lookup {
        let path = self.path(key);
        match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Lookup::Miss,
            Err(e) => Lookup::Damaged(damaged(&path, &e.to_string())),
            Ok(bytes) => match Entry::from_bytes(&bytes, key) {
                Ok(entry) => Lookup::Hit(Box::new(entry)),
                Err(why) => Lookup::Damaged(damaged(&path, &why)),
            },
        }
    }

    /// Saves an entry: its bytes written to a new temporary file in the folder, flushed to
    /// disk, then renamed over `KEY.json`, so that a reader or another writer never sees part
    /// of an entry.
    ///
    /// # Errors
    /// A sentence naming the file that could not be written.
    pub fn save(&self, entry: &Entry) -> Result<PathBuf, String> {
        let path = self.path(&entry.key);
        let temp = temp_path(&self.dir, &entry.key);
        let fail = |e: std::io::Error| {
            let _ = std::fs::remove_file(&temp);
            format!(
                "the cache entry {} could not be written: {e}",
                path.display()
            )
        };
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(fail)?;
        f.write_all(&entry.to_bytes()).map_err(fail)?;
        f.sync_all().map_err(fail)?;
        drop(f);
        std::fs::rename(&temp, &path).map_err(fail)?;
        Ok(path)
    }
}

/// What a front end does with one grader, given the cache: [`Store::lookup_outcome`] first;
/// on a miss (or a damaged entry, whose sentence it reports), it calls the grader and hands
/// the outcome to [`Store::save_outcome`].
impl Store {
    /// The outcome of `grader` for this prompt and schema from the cache, as the judge loop
    /// takes outcomes (`{"name", "kind": "answer", "text"}` or `{"name", "kind": "parsed",
    /// "value"}`, with its `params`, `"usage": {"input_tokens": 0, "output_tokens": 0}` (a hit
    /// costs nothing) and `"cached": true`); `Ok(None)` on a miss.
    ///
    /// # Errors
    /// The sentence naming a damaged entry: the grader is to be called again.
    pub fn lookup_outcome(
        &self,
        prompt: &str,
        schema: &str,
        grader: &Grader,
    ) -> Result<Option<Value>, String> {
        match self.load(&key(prompt, schema, grader)) {
            Lookup::Miss => Ok(None),
            Lookup::Damaged(why) => Err(why),
            Lookup::Hit(e) => Ok(Some(e.outcome(grader))),
        }
    }

    /// Stores a grader's outcome (the judge loop's JSON) when it is an answer (`answer` or
    /// `parsed`): its text or value and its `usage`, never anything else the outcome holds.
    /// A failure (`raised`, `timed_out`, `too_large`) is not stored, so that the next run
    /// calls the grader again. Returns the entry's file when one was written.
    ///
    /// # Errors
    /// An outcome whose answer is not a string or a JSON object or list, or an entry that
    /// could not be written (named).
    pub fn save_outcome(
        &self,
        prompt: &str,
        schema: &str,
        grader: &Grader,
        outcome: &Value,
    ) -> Result<Option<PathBuf>, String> {
        match Entry::of_outcome(prompt, schema, grader, outcome)? {
            Some(entry) => self.save(&entry).map(Some),
            None => Ok(None),
        }
    }
}

impl Entry {
    /// The entry of a grader's outcome (the judge loop's JSON) when it is an answer (`answer`
    /// or `parsed`): its text or value and its `usage`, nothing else the outcome holds; `None`
    /// for a failure, which is never stored.
    ///
    /// # Errors
    /// An answer whose text is not a string, or whose value is not a JSON object or list.
    pub fn of_outcome(
        prompt: &str,
        schema: &str,
        grader: &Grader,
        outcome: &Value,
    ) -> Result<Option<Entry>, String> {
        let answer = match outcome.get("kind").and_then(Value::as_str) {
            Some("answer") => match outcome.get("text") {
                Some(Value::String(t)) => Answer::Text(t.clone()),
                _ => return Err("an answer's text must be a string".into()),
            },
            Some("parsed") => match outcome.get("value") {
                Some(v @ (Value::Object(_) | Value::Array(_))) => Answer::Parsed(v.clone()),
                _ => return Err("a parsed answer's value must be a JSON object or list".into()),
            },
            _ => return Ok(None),
        };
        let usage = outcome
            .get("usage")
            .and_then(Value::as_object)
            .and_then(|u| {
                Some(Usage {
                    input_tokens: u.get("input_tokens")?.as_u64()?,
                    output_tokens: u.get("output_tokens")?.as_u64()?,
                })
            });
        Ok(Some(Entry::new(prompt, schema, grader, answer, usage)))
    }

    /// The entry as the outcome of `grader` the judge loop takes: its answer, the grader's
    /// `params`, `"usage": {"input_tokens": 0, "output_tokens": 0}` (a hit costs nothing) and
    /// `"cached": true`.
    pub fn outcome(&self, grader: &Grader) -> Value {
        let mut out = Map::new();
        out.insert("name".into(), grader.name.clone().into());
        match &self.answer {
            Answer::Text(t) => {
                out.insert("kind".into(), "answer".into());
                out.insert("text".into(), t.clone().into());
            }
            Answer::Parsed(v) => {
                out.insert("kind".into(), "parsed".into());
                out.insert("value".into(), v.clone());
            }
        }
        out.insert("params".into(), params_json(grader));
        out.insert(
            "usage".into(),
            json!({"input_tokens": 0, "output_tokens": 0}),
        );
        out.insert("cached".into(), true.into());
        Value::Object(out)
    }
}

/// A grader's sampling parameters as an outcome's `params` writes them.
fn params_json(g: &Grader) -> Value {
    json!({
        "model": g.params.model,
        "temperature": g.params.temperature,
        "max_tokens": g.params.max_tokens,
    })
}

/// The sentence naming a damaged entry at `path` and why it does not read: the one wording
/// every front end reports (Python through [`Store::load`], npm, which reads the file itself,
/// through its `cacheDamaged`).
pub fn damaged(path: &Path, why: &str) -> String {
    format!(
        "the cache entry {} is damaged ({why}); it is ignored and the grader is called again",
        path.display()
    )
}

/// A temporary file's path in `dir`, unique to this process, thread and call.
fn temp_path(dir: &Path, stem: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    dir.join(format!(".{stem}.{}.{n}.{nanos}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Params;

    fn grader() -> Grader {
        Grader {
            name: "claude".into(),
            params: Params {
                model: Some("claude-x".into()),
                temperature: Some(0.0),
                max_tokens: Some(4096),
            },
        }
    }

    fn entry(prompt: &str) -> Entry {
        Entry::new(
            prompt,
            "{\"type\": \"object\"}",
            &grader(),
            Answer::Text("{\"items\": []}".into()),
            Some(Usage {
                input_tokens: 1200,
                output_tokens: 80,
            }),
        )
    }

    #[test]
    fn an_entry_reads_back_to_itself_and_holds_only_its_own_fields() {
        let e = entry("judge this");
        assert_eq!(
            e.key,
            key("judge this", "{\"type\": \"object\"}", &grader())
        );
        assert_eq!(Entry::from_bytes(&e.to_bytes(), &e.key).unwrap(), e);
        let v: Value = serde_json::from_slice(&e.to_bytes()).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "pickanumber_cache",
                "key",
                "prompt",
                "schema",
                "grader",
                "answer",
                "usage"
            ]
        );
        let grader_keys: Vec<&str> = v["grader"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(grader_keys, ["name", "model", "temperature", "max_tokens"]);
        let parsed = Entry::new(
            "p",
            "s",
            &grader(),
            Answer::Parsed(json!({"items": []})),
            None,
        );
        assert_eq!(
            Entry::from_bytes(&parsed.to_bytes(), &parsed.key).unwrap(),
            parsed
        );
    }

    #[test]
    fn every_change_of_prompt_schema_grader_or_parameter_changes_the_key() {
        let base = key("p", "s", &grader());
        let variants = [
            key("p ", "s", &grader()),
            key("p", "s2", &grader()),
            key(
                "p",
                "s",
                &Grader {
                    name: "gpt".into(),
                    ..grader()
                },
            ),
            key(
                "p",
                "s",
                &Grader {
                    params: Params {
                        model: Some("claude-y".into()),
                        ..grader().params
                    },
                    ..grader()
                },
            ),
            key(
                "p",
                "s",
                &Grader {
                    params: Params {
                        temperature: Some(0.5),
                        ..grader().params
                    },
                    ..grader()
                },
            ),
            key(
                "p",
                "s",
                &Grader {
                    params: Params {
                        max_tokens: None,
                        ..grader().params
                    },
                    ..grader()
                },
            ),
        ];
        for v in variants {
            assert_ne!(v, base);
        }
    }

    #[test]
    fn a_damaged_entry_is_named_and_a_rerun_reads_the_saved_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("cache")).unwrap();
        let e = entry("judge this");
        assert_eq!(store.load(&e.key), Lookup::Miss);
        let path = store.save(&e).unwrap();
        assert_eq!(store.load(&e.key), Lookup::Hit(Box::new(e.clone())));
        // Only the entry is left in the folder: no temporary file.
        assert_eq!(std::fs::read_dir(store.dir()).unwrap().count(), 1);
        for (bytes, why) in [
            (&b"{\"pickanumber_cache\": 1, \"key\": "[..], "not JSON"),
            (&b"[]"[..], "not a JSON object"),
        ] {
            std::fs::write(&path, bytes).unwrap();
            match store.load(&e.key) {
                Lookup::Damaged(m) => {
                    assert!(
                        m.starts_with(&format!(
                            "the cache entry {} is damaged ({why}",
                            path.display()
                        )),
                        "{m}"
                    );
                    assert!(
                        m.ends_with("it is ignored and the grader is called again"),
                        "{m}"
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        // An entry edited by hand (another answer's model, the same key) does not read.
        let mut edited: Value = serde_json::from_slice(&e.to_bytes()).unwrap();
        edited["grader"]["model"] = json!("claude-z");
        std::fs::write(&path, edited.to_string()).unwrap();
        assert_eq!(
            store.load(&e.key),
            Lookup::Damaged(damaged(
                &path,
                "its fields do not give its key (an edited entry)"
            ))
        );
        // Another key's entry copied over it does not read either.
        let other = entry("judge that");
        std::fs::write(&path, other.to_bytes()).unwrap();
        assert_eq!(
            store.load(&e.key),
            Lookup::Damaged(damaged(
                &path,
                &format!("it holds the entry of another key ({})", other.key)
            ))
        );
        // Saving again replaces it.
        store.save(&e).unwrap();
        assert_eq!(store.load(&e.key), Lookup::Hit(Box::new(e)));
    }

    #[test]
    fn concurrent_writers_leave_a_whole_entry() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let big = Entry::new(
            "p",
            "s",
            &grader(),
            Answer::Text("+3 a long answer\n".repeat(20_000)),
            None,
        );
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..5 {
                        store.save(&big).unwrap();
                        match store.load(&big.key) {
                            Lookup::Hit(e) => assert_eq!(*e, big),
                            other => panic!("{other:?}"),
                        }
                    }
                });
            }
        });
        assert_eq!(std::fs::read_dir(store.dir()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_that_cannot_be_written_is_named_before_anything_is_called() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, "").unwrap();
        let under = file.join("cache");
        let e = Store::open(&under).unwrap_err();
        assert!(
            e.starts_with(&format!(
                "the cache folder {} cannot be used: ",
                under.display()
            )),
            "{e}"
        );
        assert_eq!(
            Store::open(&file).unwrap_err(),
            format!("the cache folder {} cannot be used: it is not a folder; give a folder this user can write (no grader was called)", file.display())
        );
        // Root writes anywhere: the permission check only means something for another user.
        if std::fs::write(locked.join("x"), "").is_ok() {
            return;
        }
        let e = Store::open(&locked).unwrap_err();
        assert!(
            e.starts_with(&format!(
                "the cache folder {} cannot be used: a file cannot be created in it (",
                locked.display()
            )),
            "{e}"
        );
        assert!(
            e.ends_with("give a folder this user can write (no grader was called)"),
            "{e}"
        );
    }

    /// One run of a panel through the cache, as a front end runs it: each grader looked up,
    /// called on a miss (counted) and its outcome saved; returns the outcomes and the damaged
    /// entries named.
    fn panel(
        store: &Store,
        prompt: &str,
        graders: &[Grader],
        calls: &mut usize,
    ) -> (Vec<Value>, Vec<String>) {
        let schema = "{\"type\": \"object\"}";
        let mut named = Vec::new();
        let outcomes = graders
            .iter()
            .map(|g| {
                match store.lookup_outcome(prompt, schema, g) {
                    Ok(Some(hit)) => return hit,
                    Ok(None) => {}
                    Err(why) => named.push(why),
                }
                *calls += 1;
                let outcome = json!({
                    "name": g.name,
                    "kind": "answer",
                    "text": format!("{{\"items\": [{{\"impact\": 3, \"text\": \"{} read {}\"}}]}}", g.name, prompt.len()),
                    "usage": {"input_tokens": 1200, "output_tokens": 80},
                    "headers": {"authorization": "Bearer sk-secret"},
                });
                store.save_outcome(prompt, schema, g, &outcome).unwrap();
                outcome
            })
            .collect();
        (outcomes, named)
    }

    #[test]
    fn a_rerun_calls_no_grader_and_a_changed_work_calls_them_again() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let graders = [
            grader(),
            Grader {
                name: "gpt".into(),
                params: Params {
                    model: Some("gpt-x".into()),
                    ..Params::default()
                },
            },
        ];
        let mut calls = 0;
        let (first, _) = panel(&store, "brief\n## The work\nv1", &graders, &mut calls);
        assert_eq!(calls, 2);
        let (again, named) = panel(&store, "brief\n## The work\nv1", &graders, &mut calls);
        assert_eq!((calls, named.len()), (2, 0), "a rerun calls no grader");
        for (a, b) in first.iter().zip(&again) {
            assert_eq!(a["text"], b["text"]);
            assert_eq!(b["cached"], true);
            assert_eq!(b["usage"], json!({"input_tokens": 0, "output_tokens": 0}));
        }
        panel(&store, "brief\n## The work\nv2", &graders, &mut calls);
        assert_eq!(calls, 4, "a changed work calls every grader again");
        let warmer = [Grader {
            params: Params {
                temperature: Some(1.0),
                ..grader().params
            },
            ..grader()
        }];
        panel(&store, "brief\n## The work\nv2", &warmer, &mut calls);
        assert_eq!(calls, 5, "a changed parameter calls the grader again");
        // No header, key or anything but the entry's own fields reached the disk.
        for f in std::fs::read_dir(store.dir()).unwrap() {
            let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
            assert!(
                !text.contains("sk-secret") && !text.contains("authorization"),
                "{text}"
            );
        }
        // A damaged entry is named and its grader called again, then stored anew.
        let k = key(
            "brief\n## The work\nv1",
            "{\"type\": \"object\"}",
            &graders[0],
        );
        std::fs::write(store.path(&k), "{\"pickanumber_cache\": 1").unwrap();
        let (_, named) = panel(&store, "brief\n## The work\nv1", &graders, &mut calls);
        assert_eq!(calls, 6);
        assert_eq!(named.len(), 1);
        assert!(
            named[0].starts_with(&format!(
                "the cache entry {} is damaged (not JSON",
                store.path(&k).display()
            )),
            "{}",
            named[0]
        );
        let (_, named) = panel(&store, "brief\n## The work\nv1", &graders, &mut calls);
        assert_eq!((calls, named.len()), (6, 0));
    }

    #[test]
    fn a_failure_is_not_stored() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let failed = json!({"name": "claude", "kind": "timed_out", "seconds": 300});
        assert_eq!(store.save_outcome("p", "s", &grader(), &failed), Ok(None));
        assert_eq!(store.lookup_outcome("p", "s", &grader()), Ok(None));
    }

    #[test]
    fn usage_adds_up_and_is_none_when_no_pass_reported_any() {
        let a = Usage {
            input_tokens: 10,
            output_tokens: 2,
        };
        let b = Usage {
            input_tokens: 5,
            output_tokens: 1,
        };
        assert_eq!(
            Usage::total([Some(&a), None, Some(&b)]),
            Some(Usage {
                input_tokens: 15,
                output_tokens: 3
            })
        );
        assert_eq!(Usage::total([None, None]), None);
    }
}
