//! The boot module minified after the generator writes it: `out/calc/boot.js` (which
//! `pickanumber-render` copies from `site/render/assets/boot.js` without its comment lines) →
//! esbuild `--minify` in place, as trunk's hook minifies the wasm-bindgen glue. The boot module
//! counts in the calculator's byte budget (`site/byte-budgets`); minified it
//! packs smaller.

use crate::env::{step, Env, Failure};

/// Minifies `out/calc/boot.js` in place (`out` below the repository, or absolute), when the
/// site written to `out` has one.
pub fn boot(env: &Env, out: &str) -> Result<(), Failure> {
    let file = env.repo.join(out).join("calc/boot.js");
    if !file.exists() {
        return Ok(());
    }
    let mut esbuild = env.command(
        "esbuild",
        "--minify --format=esm --log-level=warning --allow-overwrite",
    );
    esbuild
        .arg(&file)
        .arg(format!("--outfile={}", file.display()));
    step("minify the boot module (esbuild)", &mut esbuild)
}
