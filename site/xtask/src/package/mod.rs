//! `cargo xtask package`: the packages a pipeline installs, built from the formula crates:
//! the npm package into `target/npm/pickanumber/` ([`npm`]), tested by [`node`].

pub mod install;
pub mod node;
pub mod npm;

use crate::env::{Env, Failure};

/// Builds every package.
pub fn package(env: &Env) -> Result<(), Failure> {
    crate::setup::setup(env, false)?;
    npm::build(env)?;
    Ok(())
}
