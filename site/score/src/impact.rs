//! The discrete impact set: the only values an evidence item may carry.

use std::fmt;

/// The signed weight of one evidence item.
///
/// The set is deliberately discrete and has gaps: there is no 0 (an observation that moves
/// nothing is not evidence) and no ±4 (the evaluator must choose between "strong" and
/// "exceptional" instead of interpolating).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Impact {
    /// −5: a critical flaw.
    MinusFive,
    /// −3: a significant problem.
    MinusThree,
    /// −2: a noticeable problem.
    MinusTwo,
    /// −1: minor friction.
    MinusOne,
    /// +1: a nice touch.
    PlusOne,
    /// +2: solid.
    PlusTwo,
    /// +3: strong.
    PlusThree,
    /// +5: exceptional.
    PlusFive,
}

impl Impact {
    /// Every impact, from +5 down to −5, in the order the method lists them.
    pub const ALL: [Impact; 8] = [
        Impact::PlusFive,
        Impact::PlusThree,
        Impact::PlusTwo,
        Impact::PlusOne,
        Impact::MinusOne,
        Impact::MinusTwo,
        Impact::MinusThree,
        Impact::MinusFive,
    ];

    /// The signed value, for example `-3` for [`Impact::MinusThree`].
    pub const fn value(self) -> i64 {
        match self {
            Impact::MinusFive => -5,
            Impact::MinusThree => -3,
            Impact::MinusTwo => -2,
            Impact::MinusOne => -1,
            Impact::PlusOne => 1,
            Impact::PlusTwo => 2,
            Impact::PlusThree => 3,
            Impact::PlusFive => 5,
        }
    }

    /// The impact with this value, or `None` when the value is not in the set.
    ///
    /// ```
    /// use pickanumber_score::Impact;
    /// assert_eq!(Impact::from_value(-2), Some(Impact::MinusTwo));
    /// assert_eq!(Impact::from_value(4), None);
    /// assert_eq!(Impact::from_value(0), None);
    /// ```
    pub fn from_value(value: i64) -> Option<Impact> {
        Impact::ALL.into_iter().find(|i| i.value() == value)
    }

    /// The set written out for messages: `+5, +3, +2, +1, −1, −2, −3, −5`.
    pub fn list(impacts: &[Impact]) -> String {
        impacts
            .iter()
            .map(Impact::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Writes the value with its sign, using the Unicode minus for negatives: `+3`, `−2`.
impl fmt::Display for Impact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.value();
        if v > 0 {
            write!(f, "+{v}")
        } else {
            write!(f, "\u{2212}{}", -v)
        }
    }
}

impl serde::Serialize for Impact {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.value())
    }
}

/// In the JSON Schema: an integer, one of the impact set.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Impact {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Impact".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let values: Vec<i64> = Impact::ALL.iter().map(|i| i.value()).collect();
        schemars::json_schema!({"type": "integer", "enum": values})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_is_exactly_the_published_one() {
        let values: Vec<i64> = Impact::ALL.iter().map(|i| i.value()).collect();
        assert_eq!(values, [5, 3, 2, 1, -1, -2, -3, -5]);
        for v in -10..=10 {
            assert_eq!(Impact::from_value(v).is_some(), values.contains(&v), "{v}");
        }
    }

    #[test]
    fn displays_with_sign_and_unicode_minus() {
        assert_eq!(
            Impact::list(&Impact::ALL),
            "+5, +3, +2, +1, \u{2212}1, \u{2212}2, \u{2212}3, \u{2212}5"
        );
    }
}
