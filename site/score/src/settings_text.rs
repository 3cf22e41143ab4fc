//! The calculator's settings as typed text (mode, preset, weights, density denominator, scale)
//! read by one rule into a [`Request`], with one message per field that does not read: what the
//! calculator's fields, its on-demand module and its share links all take.

use crate::names::UnknownName;
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

/// One of the five settings, in the order [`SettingsText`] lists them.
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

impl Setting {
    /// The five, in order.
    pub const ALL: [Setting; 5] = [
        Setting::Mode,
        Setting::Preset,
        Setting::Weights,
        Setting::Denominator,
        Setting::Scale,
    ];
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
    #[inline(never)]
    pub fn instead(&self) -> String {
        let c = &Params::CANONICAL;
        let canonical = match self.setting {
            Setting::Mode => return format!("{self}, so mode {} is used", Mode::default()),
            Setting::Preset => return format!("{self}, so no preset is used"),
            Setting::Weights => return format!("{self}, so the weight field is not used"),
            Setting::Denominator => c.density_denominator,
            Setting::Scale => c.scale,
        };
        let canonical = crate::numtext::round_trip(canonical);
        format!("{self}, so the canonical {canonical} is used")
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
#[inline(never)]
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
    #[inline(never)]
    pub fn read(&self) -> (Request, Vec<SettingError>) {
        let mut r = Request::default();
        let mut errors = Vec::new();
        let typed = [
            self.mode,
            self.preset,
            self.weights,
            self.denominator,
            self.scale,
        ];
        for (setting, text) in Setting::ALL.into_iter().zip(typed) {
            if text.trim().is_empty() {
                continue;
            }
            let read = match setting {
                Setting::Mode => {
                    pick("mode", text, &Mode::ALL.map(Mode::name)).map(|i| r.mode = Mode::ALL[i])
                }
                Setting::Preset => pick("preset", text, &Preset::ALL.map(Preset::name))
                    .map(|i| r.preset = Some(Preset::ALL[i])),
                Setting::Weights => parse_weights(text)
                    .map(|w| r.weights = Some(w))
                    .map_err(|e| format!("weights: {e}")),
                Setting::Denominator => read_setting("denominator", text)
                    .map(|x| r.params.density_denominator = x)
                    .map_err(|e| e.0),
                Setting::Scale => read_setting("scale", text)
                    .map(|x| r.params.scale = x)
                    .map_err(|e| e.0),
            };
            if let Err(message) = read {
                errors.push(SettingError { setting, message });
            }
        }
        (r, errors)
    }
}

/// The index of `text` among an option's `names`, or why not: `mode: "grid" is not one of
/// auto, pooled, matrix, feedback` (`field`, then [`UnknownName`]'s sentence). One lookup for
/// every named setting, so the wasm builds carry one copy.
#[inline(never)]
fn pick(field: &str, text: &str, names: &[&'static str]) -> Result<usize, String> {
    names.iter().position(|n| *n == text).ok_or_else(|| {
        let e = UnknownName {
            given: text.to_string(),
            allowed: names.to_vec(),
        };
        format!("{field}: {e}")
    })
}

/// `analysis` with `errors` first among its diagnostics ([`SettingError::diagnostic`]): the
/// analysis of a request read from text says which settings were left at their default.
pub fn with_setting_errors(mut analysis: Analysis, errors: &[SettingError]) -> Analysis {
    for e in errors.iter().rev() {
        analysis.diagnostics.insert(0, e.diagnostic());
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
