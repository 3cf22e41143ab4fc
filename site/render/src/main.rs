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

/// What the command line asks for.
enum Args {
    /// `--help`.
    Help,
    /// A build.
    Build(Options),
}

/// Reads the command line with [`lexopt`] (`--out DIR` and `--out=DIR` alike).
fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut root, mut out, mut calc, mut dev, mut base_url) = (None, None, None, false, None);
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Long("root") => root = Some(PathBuf::from(p.value()?)),
            Long("out") => out = Some(PathBuf::from(p.value()?)),
            Long("calc") => calc = Some(PathBuf::from(p.value()?)),
            Long("dev") => dev = true,
            Long("base-url") => base_url = Some(p.value()?.string()?),
            Short('h') | Long("help") => return Ok(Args::Help),
            _ => return Err(arg.unexpected()),
        }
    }
    let (Some(root), Some(out)) = (root, out) else {
        return Err("--root and --out are required".into());
    };
    Ok(Args::Build(Options {
        root,
        out,
        calc,
        dev,
        base_url,
    }))
}

fn main() -> ExitCode {
    let options = match parse(std::env::args_os().skip(1)) {
        Ok(Args::Build(options)) => options,
        Ok(Args::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("pickanumber-render: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (root, out, calc) = (&options.root, &options.out, options.calc.as_deref());
    // Before anything is read: a refused output is a usage error.
    if let Err(e) = check_output(root, out, calc) {
        eprintln!("{}", Errors::from(e));
        return ExitCode::from(2);
    }
    let started = std::time::Instant::now();
    match build(&options) {
        Ok(s) => {
            println!(
                "rendered {} pages into {} in {} ms",
                s.pages,
                options.out.display(),
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
