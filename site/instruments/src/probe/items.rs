//! What the runs rate: **items file text** → [`ItemsSpec`] (name, [`Scale`], item texts).
//!
//! The items file is `{"name": …, "scale_min": 1, "scale_max": 10, "items": ["…", …]}`; the
//! scale defaults to 1–10 and a missing `"items"` means no items (only the pooled distribution
//! is computed). The page has no items file: [`ItemsSpec::numbered`] names the items `item 1`,
//! `item 2`, … for as many columns as the longest run.

use super::excerpt::json_type;
use super::rating::{truncate, Truncated};
use pickanumber_text::json::{self, Kind, Value};
use std::fmt;

/// The widest scale accepted (points from minimum to maximum, inclusive); the histogram has one
/// bar per point.
pub const MAX_SCALE_POINTS: i64 = 1000;

/// The rating scale, `min ≤ max`, at most [`MAX_SCALE_POINTS`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    min: i64,
    max: i64,
}

impl Default for Scale {
    /// The probe's default, 1–10.
    fn default() -> Scale {
        Scale { min: 1, max: 10 }
    }
}

impl Scale {
    /// A scale from `min` to `max` inclusive.
    ///
    /// # Errors
    /// [`ScaleError::Inverted`] when `min > max`; [`ScaleError::TooWide`] when it has more than
    /// [`MAX_SCALE_POINTS`] points.
    ///
    /// ```
    /// use pickanumber_instruments::probe::Scale;
    /// assert!(Scale::new(1, 10).is_ok());
    /// assert_eq!(
    ///     Scale::new(10, 1).unwrap_err().to_string(),
    ///     "scale_min 10 is above scale_max 1"
    /// );
    /// ```
    pub fn new(min: i64, max: i64) -> Result<Scale, ScaleError> {
        if min > max {
            return Err(ScaleError::Inverted { min, max });
        }
        if i128::from(max) - i128::from(min) + 1 > i128::from(MAX_SCALE_POINTS) {
            return Err(ScaleError::TooWide { min, max });
        }
        Ok(Scale { min, max })
    }

    /// The lowest point.
    pub fn min(self) -> i64 {
        self.min
    }

    /// The highest point.
    pub fn max(self) -> i64 {
        self.max
    }

    /// The lowest point the ceiling rate counts: the ceiling is the top two points, from here
    /// to [`Scale::max`].
    ///
    /// ```
    /// use pickanumber_instruments::probe::Scale;
    /// assert_eq!(Scale::default().ceiling_from(), 9);
    /// ```
    pub fn ceiling_from(self) -> i64 {
        self.max - 1
    }

    /// The highest point the floor rate counts: the floor is the bottom two points, from
    /// [`Scale::min`] to here.
    ///
    /// ```
    /// use pickanumber_instruments::probe::Scale;
    /// assert_eq!(Scale::default().floor_to(), 2);
    /// ```
    pub fn floor_to(self) -> i64 {
        self.min + 1
    }

    /// Whether a rating lies on the scale.
    pub fn contains(self, rating: i64) -> bool {
        (self.min..=self.max).contains(&rating)
    }
}

/// A scale that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScaleError {
    /// The minimum is above the maximum.
    Inverted {
        /// The minimum given.
        min: i64,
        /// The maximum given.
        max: i64,
    },
    /// More than [`MAX_SCALE_POINTS`] points.
    TooWide {
        /// The minimum given.
        min: i64,
        /// The maximum given.
        max: i64,
    },
}

impl fmt::Display for ScaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScaleError::Inverted { min, max } => {
                write!(f, "scale_min {min} is above scale_max {max}")
            }
            ScaleError::TooWide { min, max } => write!(
                f,
                "the scale {min}–{max} has more than {MAX_SCALE_POINTS} points"
            ),
        }
    }
}

impl std::error::Error for ScaleError {}

/// The items the runs rate, in the order of each run's scores.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ItemsSpec {
    /// The probe's name (`"name"` of the items file), if any.
    pub name: Option<String>,
    /// The rating scale.
    pub scale: Scale,
    /// The item texts; run score *i* rates item *i*.
    pub items: Vec<String>,
}

impl ItemsSpec {
    /// `count` items named `item 1` … `item count`, no probe name: for pasted runs.
    ///
    /// ```
    /// use pickanumber_instruments::probe::{ItemsSpec, Scale};
    /// let spec = ItemsSpec::numbered(2, Scale::default());
    /// assert_eq!(spec.items, ["item 1", "item 2"]);
    /// ```
    pub fn numbered(count: usize, scale: Scale) -> ItemsSpec {
        ItemsSpec {
            name: None,
            scale,
            items: (1..=count).map(|i| format!("item {i}")).collect(),
        }
    }

    /// Reads an items file's JSON text (a byte-order mark at its start is skipped).
    ///
    /// # Errors
    /// An [`ItemsError`] naming the key that is wrong and what it should be.
    ///
    /// ```
    /// use pickanumber_instruments::probe::ItemsSpec;
    /// let spec = ItemsSpec::from_json_str(r#"{"name": "s", "items": ["a", "b"]}"#).unwrap();
    /// assert_eq!((spec.scale.min(), spec.scale.max()), (1, 10));
    /// assert_eq!(
    ///     ItemsSpec::from_json_str(r#"{"items": ["a", 2]}"#).unwrap_err().to_string(),
    ///     r#"item 2 of "items" is a number, not a string"#
    /// );
    /// ```
    pub fn from_json_str(text: &str) -> Result<ItemsSpec, ItemsError> {
        let text = crate::without_bom(text);
        let value = json::parse(text)
            .map_err(|e| ItemsError::InvalidJson(super::run::invalid_json(text, &e).to_string()))?;
        if !matches!(value.kind, Kind::Object(_)) {
            return Err(ItemsError::NotAnObject {
                found: json_type(&value),
            });
        }
        let name = match value.get("name") {
            None
            | Some(Value {
                kind: Kind::Null, ..
            }) => None,
            Some(Value {
                kind: Kind::String(s),
                ..
            }) => Some(s.clone()),
            Some(other) => {
                return Err(ItemsError::NameNotAString {
                    found: json_type(other),
                })
            }
        };
        let bound = |key: &'static str, default: i64| -> Result<i64, ItemsError> {
            match value.get(key) {
                None => Ok(default),
                Some(Value {
                    kind: Kind::Number(n),
                    ..
                }) => match truncate(n) {
                    // int() of the original: truncation toward zero.
                    Truncated::Rating(t) => Ok(t),
                    Truncated::TooLarge | Truncated::NotANumber => {
                        Err(ItemsError::BoundOutOfRange { key })
                    }
                },
                Some(other) => Err(ItemsError::BoundNotANumber {
                    key,
                    found: json_type(other),
                }),
            }
        };
        let scale = Scale::new(bound("scale_min", 1)?, bound("scale_max", 10)?)
            .map_err(ItemsError::Scale)?;
        let items = match value.get("items").map(|v| &v.kind) {
            None | Some(Kind::Null) => Vec::new(),
            Some(Kind::Array(list)) => list
                .iter()
                .enumerate()
                .map(|(i, v)| match &v.kind {
                    Kind::String(s) => Ok(s.clone()),
                    _ => Err(ItemsError::ItemNotAString {
                        position: i + 1,
                        found: json_type(v),
                    }),
                })
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(ItemsError::ItemsNotAList {
                    found: value.get("items").map_or("null", json_type),
                })
            }
        };
        Ok(ItemsSpec { name, scale, items })
    }
}

/// An items file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemsError {
    /// Not valid JSON (the reader's message and position).
    InvalidJson(String),
    /// Valid JSON, but not an object.
    NotAnObject {
        /// The JSON type found.
        found: &'static str,
    },
    /// `"name"` is neither a string nor null.
    NameNotAString {
        /// The JSON type found.
        found: &'static str,
    },
    /// `"scale_min"` or `"scale_max"` is not a number.
    BoundNotANumber {
        /// The key.
        key: &'static str,
        /// The JSON type found.
        found: &'static str,
    },
    /// `"scale_min"` or `"scale_max"` is beyond ±[`MAX_RATING`](super::run::MAX_RATING).
    BoundOutOfRange {
        /// The key.
        key: &'static str,
    },
    /// The bounds do not make a usable scale.
    Scale(ScaleError),
    /// `"items"` is not a list.
    ItemsNotAList {
        /// The JSON type found.
        found: &'static str,
    },
    /// An entry of `"items"` is not a string.
    ItemNotAString {
        /// 1-based position in the list.
        position: usize,
        /// The JSON type found.
        found: &'static str,
    },
}

impl fmt::Display for ItemsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemsError::InvalidJson(m) => f.write_str(m),
            ItemsError::NotAnObject { found } => write!(
                f,
                "{found} is not an items file; write {{\"name\": …, \"scale_min\": 1, \"scale_max\": 10, \"items\": [\"…\"]}}"
            ),
            ItemsError::NameNotAString { found } => {
                write!(f, "\"name\" is {found}, not a string")
            }
            ItemsError::BoundNotANumber { key, found } => {
                write!(f, "\"{key}\" is {found}, not a number")
            }
            ItemsError::BoundOutOfRange { key } => write!(
                f,
                "\"{key}\" must lie between -{max} and {max}",
                max = super::run::MAX_RATING
            ),
            ItemsError::Scale(e) => e.fmt(f),
            ItemsError::ItemsNotAList { found } => {
                write!(f, "\"items\" is {found}, not a list of strings")
            }
            ItemsError::ItemNotAString { position, found } => {
                write!(f, "item {position} of \"items\" is {found}, not a string")
            }
        }
    }
}

impl std::error::Error for ItemsError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        ItemsSpec::from_json_str(text).unwrap_err().to_string()
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let text = r#"{"name": "s", "scale_min": 0, "items": ["a"]}"#;
        assert_eq!(
            ItemsSpec::from_json_str(&format!("\u{feff}{text}")),
            ItemsSpec::from_json_str(text)
        );
        assert_eq!(ItemsSpec::from_json_str(text).unwrap().items, ["a"]);
    }

    #[test]
    fn defaults_and_truncation() {
        let s = ItemsSpec::from_json_str("{}").unwrap();
        assert_eq!(s, ItemsSpec::default());
        let s = ItemsSpec::from_json_str(r#"{"scale_min": 0.9, "scale_max": 5.7, "name": null}"#)
            .unwrap();
        assert_eq!((s.scale.min(), s.scale.max(), s.name), (0, 5, None));
    }

    #[test]
    fn exact_errors() {
        assert_eq!(err("[1]"), "a list is not an items file; write {\"name\": …, \"scale_min\": 1, \"scale_max\": 10, \"items\": [\"…\"]}");
        assert_eq!(err(r#"{"name": 3}"#), r#""name" is a number, not a string"#);
        assert_eq!(
            err(r#"{"scale_min": "1"}"#),
            r#""scale_min" is a string, not a number"#
        );
        assert_eq!(
            err(r#"{"scale_max": 1e12}"#),
            r#""scale_max" must lie between -1000000000 and 1000000000"#
        );
        assert_eq!(
            err(r#"{"scale_min": 5, "scale_max": 4}"#),
            "scale_min 5 is above scale_max 4"
        );
        assert_eq!(
            err(r#"{"scale_min": 0, "scale_max": 1000}"#),
            "the scale 0–1000 has more than 1000 points"
        );
        assert_eq!(
            err(r#"{"items": "a"}"#),
            r#""items" is a string, not a list of strings"#
        );
        assert_eq!(
            err("{"),
            "not valid JSON: expected a key in double quotes, found the end of the text (column 2)"
        );
    }

    #[test]
    fn a_single_point_scale_is_allowed() {
        let s = Scale::new(3, 3).unwrap();
        assert!(s.contains(3) && !s.contains(4));
        assert!(Scale::new(1, 1000).is_ok());
    }
}
