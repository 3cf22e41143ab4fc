//! `cargo xtask package`: the packages other ecosystems install, built from the formula crates
//! into `target/`: the npm package into `target/npm/pickanumber/` ([`npm`], tested by
//! [`node`]), the Python wheel into `target/wheels/` ([`python`]). One module per package;
//! [`install`] checks the install lines the README and the site show.

pub mod install;
pub mod node;
pub mod npm;
pub mod python;

use crate::env::{Env, Failure};

/// Builds every package.
pub fn package(env: &Env) -> Result<(), Failure> {
    crate::tools::install(env, false)?;
    npm::build(env)?;
    let wheel = python::wheel(env)?;
    println!("built {}", wheel.display());
    Ok(())
}
