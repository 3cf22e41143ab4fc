//! The npm package's install line from a clone, which `cargo xtask package npm` prints when it
//! is done and the release's dry run runs. The lines the pages and the README show are
//! `site.toml`'s (the renderer's `SiteConfig::install`, checked by its `consistency::install_lines`).

/// The packed npm package (`npm pack` of [`super::npm::OUT`]) that `cargo xtask package npm`
/// writes beside the package folder, under a name without the version.
pub const TARBALL: &str = "target/npm/pickanumber.tgz";

/// The npm package's install line, run in the user's own project, the folder the clone
/// (`pickanumber/`) was made in, after `cargo xtask package npm`: the packed package is
/// installed there, and nothing in the clone changes.
pub const NPM: &str = "npm install ./pickanumber/target/npm/pickanumber.tgz";
