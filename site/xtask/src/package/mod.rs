//! `cargo xtask package`: the packages other ecosystems install, built from the formula crate
//! into `target/` (the Python wheel into `target/wheels/`). One module per package.

pub mod python;

use crate::env::{Env, Failure};

/// Builds every package.
pub fn package(env: &Env) -> Result<(), Failure> {
    let wheel = python::wheel(env)?;
    println!("built {}", wheel.display());
    Ok(())
}
