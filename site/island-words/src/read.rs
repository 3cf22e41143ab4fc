//! A word table as a site's layout file states it (`[result]`, `[calculator.live]`,
//! `[probe.view]`, …): an [`Overrides`] keeps the words the file writes, each checked when read
//! by the view crate's one rule ([`Table::check`]: a key of the table, of its default's type,
//! with only its default's `{slots}`, and no markup in `[result]`), and lends the table's
//! struct with them put over its defaults. A table or key the file leaves out keeps its
//! default word. The renderer reads `content/layout.toml` with it, and the islands' build
//! ([`crate::constants`]) writes what it read as constants; no table is declared here again.

use pickanumber_result_view::table::{not_a_key, not_a_word, Table, Word};
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::Deserialize as _;
use std::fmt;
use std::marker::PhantomData;

/// The words the site states for the table `T` (a struct of `words_table!`,
/// `CalculatorLive<'static>` for `[calculator.live]`), checked; [`Overrides::lend`] puts them
/// over the defaults.
pub struct Overrides<T> {
    words: Vec<(String, Owned)>,
    table: PhantomData<fn() -> T>,
}

/// A word as read: a text or a list of texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Owned {
    Text(String),
    List(Vec<String>),
}

impl<T: Table> Overrides<T> {
    /// The words the file states, in its order, each checked.
    pub(crate) fn words(&self) -> &[(String, Owned)] {
        &self.words
    }

    /// The table's struct: its default words, with the file's put over them.
    pub fn lend(&self) -> T::Words<'_> {
        let mut words = T::defaults();
        for (key, word) in &self.words {
            // Each word passed `Table::check` when it was read (the only way one gets here),
            // which sets it on the defaults the same way: this cannot be refused.
            let _ = match word {
                Owned::Text(text) => T::set(&mut words, key, Word::Text(text)),
                Owned::List(list) => {
                    let list: Vec<&str> = list.iter().map(String::as_str).collect();
                    T::set(&mut words, key, Word::List(&list))
                }
            };
        }
        words
    }
}

impl<T> Default for Overrides<T> {
    fn default() -> Overrides<T> {
        Overrides {
            words: Vec::new(),
            table: PhantomData,
        }
    }
}

impl<T> Clone for Overrides<T> {
    fn clone(&self) -> Overrides<T> {
        Overrides {
            words: self.words.clone(),
            table: PhantomData,
        }
    }
}

impl<T> PartialEq for Overrides<T> {
    fn eq(&self, other: &Overrides<T>) -> bool {
        self.words == other.words
    }
}

impl<T> Eq for Overrides<T> {}

impl<T> fmt::Debug for Overrides<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.words.iter().map(|(k, w)| (k, w)))
            .finish()
    }
}

impl<'de, T: Table> serde::Deserialize<'de> for Overrides<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Overrides<T>, D::Error> {
        d.deserialize_map(Words(PhantomData))
    }
}

/// Reads a table, each value through [`Checked`] (so an error carries the value's place).
struct Words<T>(PhantomData<fn() -> T>);

impl<'de, T: Table> Visitor<'de> for Words<T> {
    type Value = Overrides<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the table [{}] of words", T::PATH)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Overrides<T>, A::Error> {
        let mut words = Overrides::default();
        while let Some(key) = map.next_key::<String>()? {
            words.read(&mut map, key, &[])?;
        }
        Ok(words)
    }
}

impl<T: Table> Overrides<T> {
    /// Reads the value at `key` of `map`, a table whose keys are `T`'s and, beside them, the
    /// reader's own keys `own` (which it reads itself): a word of `T`, or an error naming every
    /// key.
    ///
    /// # Errors
    /// What [`Checked`] refuses, at the value's place.
    pub fn read<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: String,
        own: &[&str],
    ) -> Result<(), A::Error> {
        let word = map.next_value_seed(Checked::<T> {
            key: &key,
            own,
            table: PhantomData,
        })?;
        self.words.push((key, word));
        Ok(())
    }
}

/// One value of the table `T` at `key`, refused unless [`Table::check`] takes it; `own` are the
/// keys the reader holds beside `T`'s, named when the key is none of them.
struct Checked<'k, T> {
    key: &'k str,
    own: &'k [&'k str],
    table: PhantomData<fn() -> T>,
}

impl<'de, T: Table> DeserializeSeed<'de> for Checked<'_, T> {
    type Value = Owned;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Owned, D::Error> {
        let value = toml::Value::deserialize(d)?;
        if !T::KEYS.contains(&self.key) {
            let keys: Vec<&str> = T::KEYS.iter().chain(self.own).copied().collect();
            return Err(de::Error::custom(not_a_key(T::PATH, self.key, &keys)));
        }
        let refuse = || de::Error::custom(not_a_word(T::PATH, self.key, value.type_str()));
        let word = match &value {
            toml::Value::String(text) => Owned::Text(text.clone()),
            toml::Value::Array(list) => Owned::List(
                list.iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<_>>()
                    .ok_or_else(refuse)?,
            ),
            _ => return Err(refuse()),
        };
        let checked = match &word {
            Owned::Text(text) => T::check(self.key, Word::Text(text)),
            Owned::List(list) => {
                let list: Vec<&str> = list.iter().map(String::as_str).collect();
                T::check(self.key, Word::List(&list))
            }
        };
        checked.map_err(de::Error::custom)?;
        Ok(word)
    }
}

#[cfg(test)]
mod tests {
    use super::Overrides;
    use crate::words::{ProbeLive, PROBE_LIVE};

    #[derive(serde::Deserialize)]
    struct File {
        #[serde(default)]
        live: Overrides<ProbeLive<'static>>,
    }

    #[test]
    fn the_words_written_are_put_over_the_defaults_and_the_rest_kept() {
        let file: File = toml::from_str("[live]\nscale_to = \"up to\"\n").unwrap();
        let lent = file.live.lend();
        assert_eq!(lent.scale_to, "up to");
        assert_eq!(lent.scale_from, PROBE_LIVE.scale_from);
        let empty: File = toml::from_str("").unwrap();
        assert_eq!(empty.live.lend(), PROBE_LIVE);
    }
}
