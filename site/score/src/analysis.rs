//! Text + [`Request`] → one typed [`Analysis`]. This is the only way text becomes a result:
//! the calculator, the CLI, the site's evidence blocks and the benches all call [`analyse`].
//!
//! The steps: [`read`](crate::read) the text in any format → decide the mode → turn items the
//! mode cannot use into errors → score ([`Pooled`](crate::Pooled),
//! [`MatrixScore`](crate::MatrixScore) or the feedback buckets) → collect typed
//! [`Diagnostic`](crate::Diagnostic)s. The result is an [`Outcome`] with one variant per mode,
//! each holding exactly what that mode has, and a [`Headline`]: the mode's own answer.
//!
//! One module a step: `request` (what to compute), `steps` (the body above, one function a
//! step), `findings` (the warnings and notes the numbers settle), `outcome` (what comes out).

mod findings;
mod outcome;
mod request;
pub(crate) mod steps;

pub use outcome::{Analysis, BucketScore, Feedback, Headline, HeadlineKind, Matrix, Outcome};
pub use request::{Labels, Mode, Preset, Request, PERSPECTIVES};

use crate::input::read;
use steps::analyse_read;

/// Reads `text` in any format and scores it as `request` asks.
///
/// ```
/// use pickanumber_score::{analyse, HeadlineKind, Mode, Request};
/// let a = analyse("(+3, craft) tidy\n(-1, depth) thin", &Request::default());
/// assert_eq!(a.mode(), Mode::Matrix);
/// let h = a.headline().unwrap();
/// assert_eq!(h.kind, HeadlineKind::Overall);
/// assert_eq!(h.confidence, 0.05); // the thinnest criterion
/// ```
pub fn analyse(text: &str, request: &Request) -> Analysis {
    #[cfg(feature = "combine")]
    if let Some(split) = crate::combine::split(text) {
        return crate::combine::analyse_split(text, split, request);
    }
    #[cfg_attr(not(feature = "verify"), allow(unused_mut))]
    let (format, mut parsed) = read(text);
    #[cfg(feature = "verify")]
    let checked = request
        .against
        .as_ref()
        .map(|w| crate::verify::apply(&mut parsed, w));
    #[cfg_attr(not(feature = "verify"), allow(unused_mut))]
    let mut a = analyse_read(text, format, parsed, request);
    #[cfg(feature = "verify")]
    crate::verify::attach(&mut a, checked, true);
    #[cfg(feature = "interval")]
    let a = Analysis {
        interval: if request.skip_interval {
            None
        } else {
            crate::interval::of(&a, None, crate::interval::LEVEL)
        },
        ..a
    };
    a
}
