//! `pickanumber-render --root DIR --out DIR [--calc DIR] [--dev] [--base-url /PATH/]`: builds
//! the site (under `site.toml`'s base path, or `--base-url`'s).
//!
//! Exit codes: 0 built, 1 a build error (every one is printed with its file and line), 2 a
//! usage error or an output folder the build may not replace ([`check_output`]).

use pickanumber_render::{build, check_output, Errors, Options};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: pickanumber-render --root DIR --out DIR [--calc DIR] [--dev] [--base-url /PATH/]
  --out is replaced as a whole: it must not exist, be empty, or be a folder an earlier build
  wrote (it holds .pickanumber-build), and it may not be, contain or lie inside the root or
  content/, paper/, examples/, static/ or site/";

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
    // Before anything is read: a refused output is a usage error.
    if let Err(e) = check_output(&root, &out, calc.as_deref()) {
        eprintln!("{}", Errors::from(e));
        return ExitCode::from(2);
    }
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
