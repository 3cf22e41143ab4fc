//! Reading the formula's named options from text: the [`Mode`](crate::Mode), the
//! [`Preset`](crate::Preset), the [`Normalization`](crate::Normalization) and the
//! [`Rounding`](crate::Rounding) each implement [`Named`], and through it `FromStr` and
//! `Display`, so every front end (the CLI, the packages, rubric files, the site's evidence
//! blocks) reads a name by one rule and refuses an unknown one with one sentence,
//! [`UnknownName`], behind the option as that front end spells it.

use std::fmt;

/// An option that takes one of a fixed list of names.
pub trait Named: Copy + PartialEq + Sized + 'static {
    /// Every value, in the order messages list them.
    const ALL: &'static [Self];

    /// The value's name, as it is written in flags, keywords, files and links.
    fn name(self) -> &'static str;

    /// The value among `allowed` that `text` names, if any: the lookup without the message,
    /// for readers that fall back to a default (the calculator keeps no message text).
    fn find(text: &str, allowed: &[Self]) -> Option<Self> {
        allowed.iter().copied().find(|v| v.name() == text)
    }

    /// The value among `allowed` that `text` names.
    ///
    /// # Errors
    /// [`UnknownName`] listing the names of `allowed` when `text` is none of them (a front end
    /// that takes fewer values than [`Named::ALL`], as a rubric file takes two modes, passes
    /// those).
    fn parse_among(text: &str, allowed: &[Self]) -> Result<Self, UnknownName> {
        Self::find(text, allowed).ok_or_else(|| UnknownName {
            given: text.to_string(),
            allowed: allowed.iter().map(|v| v.name()).collect(),
        })
    }
}

/// A name that is not one of those an option takes: `"grid" is not one of auto, pooled,
/// matrix, feedback`.
///
/// ```
/// use pickanumber_score::{Mode, Named};
/// let e = "grid".parse::<Mode>().unwrap_err();
/// assert_eq!(e.to_string(), "\"grid\" is not one of auto, pooled, matrix, feedback");
/// let e = Mode::parse_among("auto", &[Mode::Pooled, Mode::Matrix]).unwrap_err();
/// assert_eq!(e.to_string(), "\"auto\" is not one of pooled, matrix");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The name given.
    pub given: String,
    /// The names the option takes.
    pub allowed: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not one of ", self.given)?;
        for (i, name) in self.allowed.iter().enumerate() {
            f.write_str(if i == 0 { "" } else { ", " })?;
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownName {}

/// [`Named`] (from the type's own `ALL` array and `name`), `FromStr` (every name of
/// [`Named::ALL`]) and `Display` (the name) for one of the formula's named options.
macro_rules! named_text {
    ($t:ty) => {
        impl $crate::names::Named for $t {
            const ALL: &'static [$t] = &<$t>::ALL;
            fn name(self) -> &'static str {
                <$t>::name(self)
            }
        }

        impl std::str::FromStr for $t {
            type Err = $crate::names::UnknownName;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <$t as $crate::names::Named>::parse_among(text, <$t as $crate::names::Named>::ALL)
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(<$t>::name(*self))
            }
        }
    };
}
pub(crate) use named_text;

#[cfg(test)]
mod tests {
    use super::Named;
    use crate::{Mode, Normalization, Preset, Rounding};

    /// Each name reads back as its value, so a name a link or a file was written with opens.
    fn round_trips<T: Named + std::fmt::Debug + std::str::FromStr + std::fmt::Display>()
    where
        T::Err: std::fmt::Debug,
    {
        for v in T::ALL {
            assert_eq!(v.to_string().parse::<T>().unwrap(), *v);
        }
    }

    #[test]
    fn every_name_reads_back_and_others_are_refused_with_the_list() {
        round_trips::<Mode>();
        round_trips::<Preset>();
        round_trips::<Normalization>();
        round_trips::<Rounding>();
        for (e, says) in [
            (
                "Matrix".parse::<Mode>().unwrap_err(),
                "\"Matrix\" is not one of auto, pooled, matrix, feedback",
            ),
            (
                "x".parse::<Preset>().unwrap_err(),
                "\"x\" is not one of generic, hackathon",
            ),
            (
                "cube".parse::<Normalization>().unwrap_err(),
                "\"cube\" is not one of sqrt, linear, log, none",
            ),
            (
                "half-even".parse::<Rounding>().unwrap_err(),
                "\"half-even\" is not one of half-away, none",
            ),
        ] {
            assert_eq!(e.to_string(), says);
        }
    }
}
