//! Formula parameters. The defaults are the canonical method; the variants used by the paper's
//! ablation and by the case studies (a 0–10 scale, other density denominators, no rounding) are
//! the same code with other values.

use crate::names::{named_text, Named};
use std::fmt;

/// How the net impact is divided by the number of items before scaling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Normalization {
    /// `net / √n`: the canonical choice; piling up items has diminishing returns.
    #[default]
    Sqrt,
    /// `net / n`: the plain mean, which over-penalises volume.
    Linear,
    /// `net / ln n` (for a single item, where ln 1 = 0, the net itself).
    Log,
    /// The net impact itself, with no division.
    None,
}

impl Normalization {
    /// Every choice, in the order the options table lists them.
    pub const ALL: [Normalization; 4] = [
        Normalization::Sqrt,
        Normalization::Linear,
        Normalization::Log,
        Normalization::None,
    ];

    /// The name evidence blocks and rubric files use: `sqrt`, `linear`, `log`, `none`.
    pub fn name(self) -> &'static str {
        match self {
            Normalization::Sqrt => "sqrt",
            Normalization::Linear => "linear",
            Normalization::Log => "log",
            Normalization::None => "none",
        }
    }

    /// The normalisation a name stands for, if any (`FromStr` gives a message).
    pub fn from_name(name: &str) -> Option<Normalization> {
        <Normalization as Named>::find(name, <Normalization as Named>::ALL)
    }
}

named_text!(Normalization);

/// Whether and how the final score is rounded to an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rounding {
    /// Round to the nearest integer, with exact halves away from zero (80.5 → 81).
    #[default]
    HalfAwayFromZero,
    /// Keep the unrounded value.
    None,
}

impl Rounding {
    /// Both choices.
    pub const ALL: [Rounding; 2] = [Rounding::HalfAwayFromZero, Rounding::None];

    /// The name evidence blocks and rubric files use: `half-away` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Rounding::HalfAwayFromZero => "half-away",
            Rounding::None => "none",
        }
    }

    /// The rounding a name stands for, if any (`FromStr` gives a message).
    pub fn from_name(name: &str) -> Option<Rounding> {
        <Rounding as Named>::find(name, <Rounding as Named>::ALL)
    }
}

named_text!(Rounding);

/// The formula's numeric settings by the names rubric files (`[params]`) and evidence blocks
/// give them, with the field of [`Params`] each names: the one list a reader of settings by
/// name goes through ([`ParamKey::set`]) and a writer of them ([`ParamKey::get`]). The two named
/// settings are [`Normalization`] (`normalize`) and [`Rounding`] (`rounding`); every key is in
/// [`Params::keys`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKey {
    /// `denominator`: [`Params::density_denominator`].
    Denominator,
    /// `scale`: [`Params::scale`].
    Scale,
    /// `center`: [`Params::center`].
    Center,
    /// `max`: [`Params::max`].
    Max,
    /// `floor`: [`Params::multiplier_floor`].
    Floor,
    /// `gain`: [`Params::multiplier_gain`].
    Gain,
}

impl ParamKey {
    /// Every numeric setting, in the order the options table lists them.
    pub const ALL: [ParamKey; 6] = [
        ParamKey::Denominator,
        ParamKey::Scale,
        ParamKey::Center,
        ParamKey::Max,
        ParamKey::Floor,
        ParamKey::Gain,
    ];

    /// The setting's name in rubric files and evidence blocks.
    pub fn name(self) -> &'static str {
        match self {
            ParamKey::Denominator => "denominator",
            ParamKey::Scale => "scale",
            ParamKey::Center => "center",
            ParamKey::Max => "max",
            ParamKey::Floor => "floor",
            ParamKey::Gain => "gain",
        }
    }

    /// The setting's value in `p`.
    pub fn get(self, p: &Params) -> f64 {
        match self {
            ParamKey::Denominator => p.density_denominator,
            ParamKey::Scale => p.scale,
            ParamKey::Center => p.center,
            ParamKey::Max => p.max,
            ParamKey::Floor => p.multiplier_floor,
            ParamKey::Gain => p.multiplier_gain,
        }
    }

    /// Sets the setting in `p` to `x`, unchecked: [`Params::validate`] checks the whole.
    pub fn set(self, p: &mut Params, x: f64) {
        let field = match self {
            ParamKey::Denominator => &mut p.density_denominator,
            ParamKey::Scale => &mut p.scale,
            ParamKey::Center => &mut p.center,
            ParamKey::Max => &mut p.max,
            ParamKey::Floor => &mut p.multiplier_floor,
            ParamKey::Gain => &mut p.multiplier_gain,
        };
        *field = x;
    }
}

named_text!(ParamKey);

/// The constants of the formula.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Points of raw score per unit of normalised evidence (8).
    pub scale: f64,
    /// The anchor the score starts from and regresses to (50).
    pub center: f64,
    /// The top of the scale; the bottom is 0 (100).
    pub max: f64,
    /// The item count at which confidence is full: density = n / denominator (20).
    pub density_denominator: f64,
    /// The multiplier with no evidence (0.75).
    pub multiplier_floor: f64,
    /// How much the multiplier grows from no evidence to full density (0.25).
    pub multiplier_gain: f64,
    /// How the net is normalised by the item count (√n).
    pub normalization: Normalization,
    /// How the final is rounded (half away from zero).
    pub rounding: Rounding,
    /// The smallest spread across criteria that passes the matrix self-check (20).
    pub self_check_span: f64,
}

impl Params {
    /// The keys of every setting a rubric file's `[params]` and an evidence block take, as a
    /// message lists them: each [`ParamKey`], then `normalize` and `rounding`.
    ///
    /// ```
    /// use pickanumber_score::Params;
    /// assert_eq!(Params::keys(), "denominator, scale, center, max, floor, gain, normalize, rounding");
    /// ```
    pub fn keys() -> String {
        let mut out: Vec<&str> = ParamKey::ALL.iter().map(|s| s.name()).collect();
        out.extend(["normalize", "rounding"]);
        out.join(", ")
    }

    /// The canonical method: scale 8, centre 50, max 100, denominator 20, multiplier
    /// 0.75 + 0.25 × clamp(density, 0, 1), √n normalisation, half-away rounding, span 20.
    pub const CANONICAL: Params = Params {
        scale: 8.0,
        center: 50.0,
        max: 100.0,
        density_denominator: 20.0,
        multiplier_floor: 0.75,
        multiplier_gain: 0.25,
        normalization: Normalization::Sqrt,
        rounding: Rounding::HalfAwayFromZero,
        self_check_span: 20.0,
    };

    /// Checks that the values make a usable formula whose every headline lies from 0 to 100.
    ///
    /// The final is `center + (raw − center) × multiplier`, with `raw` and `center` in
    /// `[0, max]` and `multiplier = floor + gain × confidence` for a confidence in `[0, 1]`. It
    /// stays in `[0, max]` for every raw score and confidence exactly when the multiplier does
    /// not leave `[0, 1]`: when `floor` (the multiplier with no evidence) and `floor + gain`
    /// (the multiplier at full confidence) both lie from 0 to 1. `max` is at most 100, so
    /// every headline lies from 0 to 100.
    ///
    /// # Errors
    /// A [`ParamError`] naming the first bad value and its allowed range, for example a density
    /// denominator of 0, a centre outside `[0, max]` or a gain that takes the multiplier past 1.
    ///
    /// ```
    /// use pickanumber_score::Params;
    /// let p = Params { multiplier_floor: 0.75, multiplier_gain: 0.5, ..Params::default() };
    /// assert_eq!(
    ///     p.validate().unwrap_err().to_string(),
    ///     "gain must lie between -0.75 and 0.25 when floor is 0.75, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not 0.5"
    /// );
    /// ```
    pub fn validate(&self) -> Result<(), ParamError> {
        self.validate_unbounded()?;
        let (floor, gain) = (self.multiplier_floor, self.multiplier_gain);
        let text = crate::numtext::round_trip;
        if !(0.0..=1.0).contains(&floor) {
            return Err(ParamError(format!(
                "floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not {}",
                text(floor)
            )));
        }
        if !(0.0..=1.0).contains(&(floor + gain)) {
            return Err(ParamError(format!(
                "gain must lie between {} and {} when floor is {}, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not {}",
                text(-floor),
                text(1.0 - floor),
                text(floor),
                text(gain)
            )));
        }
        Ok(())
    }

    /// [`Params::validate`] without the multiplier's range: every value finite, the scale, the
    /// denominator and the maximum in range, but a floor and gain that can carry the final
    /// outside `[0, max]` accepted. Only for showing such a variant fail, as the paper's
    /// ablation does ([`Request::unbounded`](crate::Request::unbounded)); every front end
    /// refuses them.
    ///
    /// # Errors
    /// A [`ParamError`] naming the first bad value.
    pub fn validate_unbounded(&self) -> Result<(), ParamError> {
        let finite = [
            ("scale", self.scale),
            ("center", self.center),
            ("max", self.max),
            ("denominator", self.density_denominator),
            ("floor", self.multiplier_floor),
            ("gain", self.multiplier_gain),
        ];
        for (name, v) in finite {
            if !v.is_finite() {
                return Err(ParamError(format!("{name} must be a finite number")));
            }
        }
        if !(self.max > 0.0 && self.max <= MAX) {
            return Err(ParamError(format!(
                "max must be greater than 0 and at most 100 (the top of the 0 to 100 scale), not {}",
                crate::numtext::round_trip(self.max)
            )));
        }
        if !(0.0..=self.max).contains(&self.center) {
            return Err(ParamError(format!(
                "center must lie between 0 and max ({})",
                crate::numtext::round_trip(self.max)
            )));
        }
        positive_setting("denominator", self.density_denominator)?;
        positive_setting("scale", self.scale)?;
        Ok(())
    }
}

/// The rule of the two settings every front end takes on its own (the density denominator and
/// the scale): a finite number greater than 0. `name` is the setting as the message calls it.
///
/// # Errors
/// A [`ParamError`] naming the setting, the rule and the value.
///
/// ```
/// use pickanumber_score::positive_setting;
/// assert_eq!(positive_setting("scale", 6.5), Ok(6.5));
/// assert_eq!(
///     positive_setting("denominator", -2.0).unwrap_err().to_string(),
///     "denominator must be a number greater than 0, not -2"
/// );
/// ```
pub fn positive_setting(name: &str, x: f64) -> Result<f64, ParamError> {
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(ParamError(format!(
            "{name} must be a number greater than 0, not {}",
            crate::numtext::round_trip(x)
        )))
    }
}

/// The largest `max`: every headline lies from 0 to 100.
const MAX: f64 = 100.0;

impl Default for Params {
    fn default() -> Params {
        Params::CANONICAL
    }
}

/// A parameter value that does not make a usable formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError(pub(crate) String);

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParamError {}
