//! The calculator's settings as typed text (mode, preset, weights, density denominator, scale)
//! read by one rule into a [`Request`], with one message per field that does not read: what the
//! calculator's fields, its second module and its share links all take.

use crate::names::{Named, UnknownName};
use crate::{
    parse_decimal, parse_weights, positive_setting, Analysis, Diagnostic, Kind, Mode, ParamError,
    Params, Preset, Request,
};
use std::fmt;

/// The five settings as typed; a blank field stands for the default (auto mode, no preset, no
/// weights, the canonical denominator and scale of [`Params::CANONICAL`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsText<'a> {
    /// A mode's name: `auto`, `pooled`, `matrix` or `feedback`.
    pub mode: &'a str,
    /// A preset's name: `generic` or `hackathon`.
    pub preset: &'a str,
    /// Weights as a `weights:` line lists them: `craft=0.6, depth=0.4`.
    pub weights: &'a str,
    /// The density denominator, a number greater than 0.
    pub denominator: &'a str,
    /// The scale, a number greater than 0.
    pub scale: &'a str,
}

/// One of the five settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The mode.
    Mode,
    /// The preset.
    Preset,
    /// The weights.
    Weights,
    /// The density denominator.
    Denominator,
    /// The scale.
    Scale,
}

/// A setting that does not read, with why; [`Request`]s read from text use the setting's
/// default in its place ([`SettingError::instead`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    /// The setting.
    pub setting: Setting,
    /// Why: `denominator must be a number greater than 0, not 0`.
    pub message: String,
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SettingError {}

impl SettingError {
    /// The message with what is used in the setting's place: `denominator must be a number
    /// greater than 0, not 0, so the canonical 20 is used`.
    pub fn instead(&self) -> String {
        let canonical = |x: f64| crate::numtext::round_trip(x);
        let used = match self.setting {
            Setting::Mode => format!("mode {} is used", Mode::default().name()),
            Setting::Preset => "no preset is used".to_string(),
            Setting::Weights => "the weight field is not used".to_string(),
            Setting::Denominator => format!(
                "the canonical {} is used",
                canonical(Params::CANONICAL.density_denominator)
            ),
            Setting::Scale => format!(
                "the canonical {} is used",
                canonical(Params::CANONICAL.scale)
            ),
        };
        format!("{}, so {used}", self.message)
    }

    /// The error as a diagnostic (a weights error for the weights, a parameters error for
    /// the others) saying what is used instead, for the list of an analysis scored without
    /// the setting.
    pub fn diagnostic(&self) -> Diagnostic {
        let kind = match self.setting {
            Setting::Weights => Kind::Weights,
            _ => Kind::Params,
        };
        Diagnostic::new(kind, self.instead())
    }
}

/// A setting of the formula typed as text (the density denominator, the scale): the number
/// when it is a plain decimal ([`parse_decimal`]) that [`positive_setting`] takes. `name` is the
/// setting as the message calls it.
///
/// # Errors
/// A [`ParamError`] naming the setting, the rule and the value as typed.
///
/// ```
/// use pickanumber_score::read_setting;
/// assert_eq!(read_setting("scale", " 6.5 "), Ok(6.5));
/// assert_eq!(
///     read_setting("denominator", "x").unwrap_err().to_string(),
///     "denominator must be a number greater than 0, not \"x\""
/// );
/// ```
pub fn read_setting(name: &str, text: &str) -> Result<f64, ParamError> {
    match parse_decimal(text.trim()) {
        Ok(x) => positive_setting(name, x),
        Err(_) => Err(ParamError(format!(
            "{name} must be a number greater than 0, not \"{text}\""
        ))),
    }
}

impl SettingsText<'_> {
    /// The request the settings make, and an error for each that does not read (in the order
    /// mode, preset, weights, denominator, scale); a setting in error is left at its default.
    ///
    /// ```
    /// use pickanumber_score::{Mode, SettingsText};
    /// let typed = SettingsText { mode: "pooled", denominator: "0", ..SettingsText::default() };
    /// let (request, errors) = typed.read();
    /// assert_eq!((request.mode, request.params.density_denominator), (Mode::Pooled, 20.0));
    /// assert_eq!(
    ///     errors[0].instead(),
    ///     "denominator must be a number greater than 0, not 0, so the canonical 20 is used"
    /// );
    /// ```
    pub fn read(&self) -> (Request, Vec<SettingError>) {
        let mut r = Request::default();
        let mut errors = Vec::new();
        let mut fail = |setting, message: String| errors.push(SettingError { setting, message });
        let given = |s: &str| !s.trim().is_empty();
        let named = |field: &str, e: UnknownName| format!("{field}: {e}");
        if given(self.mode) {
            match Mode::parse_among(self.mode, Mode::ALL.as_slice()) {
                Ok(m) => r.mode = m,
                Err(e) => fail(Setting::Mode, named("mode", e)),
            }
        }
        if given(self.preset) {
            match Preset::parse_among(self.preset, Preset::ALL.as_slice()) {
                Ok(p) => r.preset = Some(p),
                Err(e) => fail(Setting::Preset, named("preset", e)),
            }
        }
        if given(self.weights) {
            match parse_weights(self.weights) {
                Ok(w) => r.weights = Some(w),
                Err(e) => fail(Setting::Weights, format!("weights: {e}")),
            }
        }
        let p = &mut r.params;
        for (setting, name, typed, slot) in [
            (
                Setting::Denominator,
                "denominator",
                self.denominator,
                &mut p.density_denominator,
            ),
            (Setting::Scale, "scale", self.scale, &mut p.scale),
        ] {
            if given(typed) {
                match read_setting(name, typed) {
                    Ok(x) => *slot = x,
                    Err(e) => fail(setting, e.0),
                }
            }
        }
        (r, errors)
    }
}

/// `analysis` with `errors` first among its diagnostics ([`SettingError::diagnostic`]): the
/// analysis of a request read from text says which settings were left at their default.
pub fn with_setting_errors(mut analysis: Analysis, errors: &[SettingError]) -> Analysis {
    if !errors.is_empty() {
        analysis
            .diagnostics
            .splice(0..0, errors.iter().map(SettingError::diagnostic));
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_fields_are_the_defaults() {
        let (r, errors) = SettingsText {
            mode: " ",
            ..SettingsText::default()
        }
        .read();
        assert_eq!(r, Request::default());
        assert!(errors.is_empty());
    }

    #[test]
    fn every_field_reads_and_each_bad_one_is_named_and_left_at_its_default() {
        let good = SettingsText {
            mode: "matrix",
            preset: "generic",
            weights: "craft=0.6, depth=0.4",
            denominator: "12",
            scale: " 6.5",
        };
        let (r, errors) = good.read();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            (
                r.mode,
                r.preset,
                r.params.density_denominator,
                r.params.scale
            ),
            (Mode::Matrix, Some(Preset::Generic), 12.0, 6.5)
        );
        assert_eq!(r.weights.map(|w| w.len()), Some(2));
        let bad = SettingsText {
            mode: "grid",
            preset: "x",
            weights: "craft",
            denominator: "-2",
            scale: "1e400",
        };
        let (r, errors) = bad.read();
        assert_eq!(r, Request::default());
        let said: Vec<String> = errors.iter().map(SettingError::instead).collect();
        assert_eq!(
            said,
            [
                "mode: \"grid\" is not one of auto, pooled, matrix, feedback, so mode auto is used",
                "preset: \"x\" is not one of generic, hackathon, so no preset is used",
                "weights: weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2, so the weight field is not used",
                "denominator must be a number greater than 0, not -2, so the canonical 20 is used",
                "scale must be a number greater than 0, not \"1e400\", so the canonical 8 is used",
            ]
        );
    }

    #[test]
    fn errors_lead_the_analysis_diagnostics() {
        let (r, errors) = SettingsText {
            scale: "no",
            ..SettingsText::default()
        }
        .read();
        let a = with_setting_errors(crate::analyse("+3 a\nstray", &r), &errors);
        assert_eq!(a.diagnostics[0].kind, Kind::Params);
        assert_eq!(
            a.diagnostics[0].message,
            "scale must be a number greater than 0, not \"no\", so the canonical 8 is used"
        );
        assert_eq!(a.diagnostics.len(), 2, "{:?}", a.diagnostics);
    }
}
