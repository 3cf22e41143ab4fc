//! The npm package's install line from a clone, which `cargo xtask package npm` prints when it
//! is done. The lines the pages and the README show are `site.toml`'s (the renderer's
//! `SiteConfig::install`, checked by its `consistency::install_lines`).

/// The npm package's install line, from a clone after `cargo xtask package npm`.
pub const NPM: &str = "npm install ./target/npm/pickanumber";
