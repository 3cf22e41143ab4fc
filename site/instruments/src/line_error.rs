//! A pasted line that could not be used, and why: the formula crate's [`LineError`], shared by
//! both instruments' text readers, so every tool reports a bad line the same way
//! (`line 3: …`, `line 4, column 9: …`).

pub use pickanumber_score::LineError;
