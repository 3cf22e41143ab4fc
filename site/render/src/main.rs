//! `pickanumber-render --root DIR --out DIR [--calc DIR] [--dev] [--base-url /PATH/]`: builds
//! the site (under `site.toml`'s base path, or `--base-url`'s).

use pickanumber_render::site::{build, Options};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: pickanumber-render --root DIR --out DIR [--calc DIR] [--dev] [--base-url /PATH/]";

fn main() -> ExitCode {
    let mut root = None;
    let mut out = None;
    let mut calc = None;
    let mut dev = false;
    let mut base_url = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--root" => root = args.next().map(PathBuf::from),
            "--out" => out = args.next().map(PathBuf::from),
            "--calc" => calc = args.next().map(PathBuf::from),
            "--dev" => dev = true,
            "--base-url" => base_url = args.next(),
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("pickanumber-render: unknown argument '{other}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let (Some(root), Some(out)) = (root, out) else {
        eprintln!("pickanumber-render: --root and --out are required\n{USAGE}");
        return ExitCode::from(2);
    };
    let started = std::time::Instant::now();
    match build(&Options {
        root,
        out: out.clone(),
        calc,
        dev,
        base_url,
    }) {
        Ok(s) => {
            println!(
                "rendered {} pages into {} in {} ms",
                s.pages,
                out.display(),
                started.elapsed().as_millis()
            );
            ExitCode::SUCCESS
        }
        Err(errors) => {
            eprintln!("{errors}");
            ExitCode::from(1)
        }
    }
}
