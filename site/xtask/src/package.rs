//! `cargo xtask package [python|npm]`: the packages other ecosystems install, built from the
//! formula crates into `target/`, each on its own: the npm package into
//! `target/npm/pickanumber/` ([`npm`], tested by [`node`]; Rust and Node only), the Python
//! wheel into `target/wheels/` and its sdist beside it ([`python`]; Rust and Python only).
//! [`release`] installs every artifact as a user of its registry would, in fresh places.
//! [`install`] holds the npm package's line from a clone.

pub mod install;
pub mod node;
pub mod npm;
pub mod python;
pub mod release;

use crate::env::{Env, Failure};

/// A package `cargo xtask package` builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The wheel and the sdist.
    Python,
    /// The npm package's folder.
    Npm,
}

/// The packages' names on the command line, and what each is.
pub const KINDS: [(&str, Kind); 2] = [("python", Kind::Python), ("npm", Kind::Npm)];

/// Builds each package of `kinds`, installing only the tools it needs.
pub fn package(env: &Env, kinds: &[Kind]) -> Result<(), Failure> {
    for kind in kinds {
        match kind {
            Kind::Npm => {
                crate::tools::npm_tools(env, None)?;
                npm::build(env)?;
            }
            Kind::Python => {
                let wheel = python::wheel(env)?;
                println!("built {}", wheel.display());
                let sdist = python::sdist(env, &env.target().join("wheels"))?;
                println!("built {}", sdist.display());
            }
        }
    }
    Ok(())
}
