//! A rubric with its criteria and perspectives in another order: the same contract, written
//! so that a retest can tell an effect of the prompt's order from the judge's own noise.

use crate::Rubric;
use pickanumber_score::interval::SplitMix64;

impl Rubric {
    /// The rubric with its criteria and its perspectives each put in an order drawn from
    /// `seed` (a Fisher–Yates shuffle driven by the formula crate's seeded generator): the
    /// same seed always gives the same order, and nothing but the order changes, so the prompt
    /// ([`Rubric::prompt`]) lists the same criteria and perspectives. The weights stay with
    /// their criteria, the traps and settings as they are.
    ///
    /// ```
    /// use pickanumber_rubric::Rubric;
    /// let r = Rubric::from_json(r#"{"subject": "a draft", "mode": "pooled",
    ///     "perspectives": ["requester", "sme", "adversary", "newcomer", "maintainer"]}"#).unwrap();
    /// let a = r.shuffled(1);
    /// assert_eq!(a, r.shuffled(1));
    /// let mut sorted = a.perspectives.clone();
    /// sorted.sort();
    /// assert_eq!(sorted, ["adversary", "maintainer", "newcomer", "requester", "sme"]);
    /// ```
    pub fn shuffled(&self, seed: u64) -> Rubric {
        let mut rng = SplitMix64(seed);
        let mut r = self.clone();
        shuffle(&mut r.criteria, &mut rng);
        shuffle(&mut r.perspectives, &mut rng);
        r
    }
}

/// Fisher–Yates: each position from the last down swaps with one at or before it.
fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}
