//! The command line, read with [`lexopt`] (`--port N` and `--port=N` alike), and the help text.

use std::ffi::OsString;
use std::num::NonZeroU64;
use std::str::FromStr;

use lexopt::Arg::{Long, Short, Value};
use lexopt::{Parser, ValueExt};

use crate::bench::SECTIONS;
use crate::env::{missing as usage, Failure};

/// `cargo xtask --help`.
pub const HELP: &str = "\
cargo xtask — build, serve and test the pickanumber site

USAGE: cargo xtask <COMMAND> [OPTIONS]

    setup [--no-browser]   install what is missing, each tool checked by version first (without
                           --no-browser also rustfmt, clippy, chromium and chromium-driver)
    build [--base-url /name/]
                           setup, build the wasm and generate the site into dist/
    serve [--port N]       build into target/serve-dist/, serve it on http://127.0.0.1:N/ (default
                           8000) and rebuild when the sources change; open pages then reload
    test                   setup, fmt, clippy, unit tests, the README's install line, build, then
                           the browser tests (headless Chromium) against dist/
    bench [--no-build] [--only weight,lighthouse,latency,throughput,build]
                           build, then print the figures against their targets (also
                           target/bench.json); never fails on a figure
    fuzz [--seconds N]     run the cargo-fuzz target parse for N seconds (default 60) where nightly
                           and cargo-fuzz are installed; otherwise say how to install them

Exit codes: 0 success, 1 a step failed, 2 a missing tool that cannot be installed, or a usage error.
";

/// What was asked for: a command and its options (see [`HELP`]).
#[derive(Debug, PartialEq)]
pub enum Command {
    Help,
    /// With the browser and the linters.
    Setup(bool),
    Build(Option<String>),
    Serve(u16),
    Test,
    /// Whether to build first, and the sections to run.
    Bench(bool, Vec<String>),
    Fuzz(NonZeroU64),
}

/// Reads the arguments after `cargo xtask`.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let mut p = Parser::from_args(args);
    let name = match p.next().map_err(|e| usage(e.to_string()))? {
        None | Some(Short('h') | Long("help")) => return Ok(Command::Help),
        Some(Value(v)) => v.string().map_err(|e| usage(e.to_string()))?,
        Some(other) => return Err(usage(format!("{} before the command", other.unexpected()))),
    };
    let mut command = match name.as_str() {
        "help" => Command::Help,
        "setup" => Command::Setup(true),
        "build" => Command::Build(None),
        "serve" => Command::Serve(8000),
        "test" => Command::Test,
        "bench" => Command::Bench(true, SECTIONS.map(|s| s.0.to_owned()).to_vec()),
        "fuzz" => Command::Fuzz(NonZeroU64::new(60).expect("not 0")),
        other => return Err(usage(format!("unknown command `{other}`; the commands are setup, build, serve, test, bench and fuzz (see --help)"))),
    };
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        let shown = match &arg {
            Short(c) => format!("-{c}"),
            Long(l) => format!("--{l}"),
            Value(v) => v.to_string_lossy().into_owned(),
        };
        match (&mut command, arg) {
            (Command::Setup(browser), Long("no-browser")) => *browser = false,
            (Command::Build(b), Long("base-url")) => *b = Some(value(&mut p, &shown)?),
            (Command::Serve(n), Long("port")) => *n = number(&mut p, &shown, "a port, 0 to 65535")?,
            (Command::Fuzz(n), Long("seconds")) => {
                *n = number(&mut p, &shown, "whole seconds above 0")?
            }
            (Command::Bench(build, _), Long("no-build")) => *build = false,
            (Command::Bench(_, only), Long("only")) => {
                *only = value(&mut p, &shown)?
                    .split(',')
                    .map(|s| s.trim().to_owned())
                    .collect();
                if let Some(bad) = only.iter().find(|o| !SECTIONS.iter().any(|s| s.0 == *o)) {
                    let all = SECTIONS.map(|s| s.0).join(", ");
                    return Err(usage(format!("--only: `{bad}` is not one of {all}")));
                }
            }
            _ => {
                return Err(usage(format!(
                    "`{name}` does not take `{shown}` (see --help)"
                )))
            }
        }
    }
    Ok(command)
}

/// The value of the option `what` (`--port 1` or `--port=1`).
fn value(p: &mut Parser, what: &str) -> Result<String, Failure> {
    let v = p
        .value()
        .map_err(|_| usage(format!("{what} needs a value")))?;
    Ok(v.to_string_lossy().into_owned())
}

/// The option `what`'s value as a number (else the error says it `needs`).
fn number<T: FromStr>(p: &mut Parser, what: &str, needs: &str) -> Result<T, Failure> {
    let v = value(p, what)?;
    v.parse()
        .map_err(|_| usage(format!("{what} needs {needs}, not `{v}`")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, Failure> {
        parse(line.split_whitespace().map(OsString::from))
    }

    #[test]
    fn every_command_and_option_parses() {
        for (line, command) in [
            ("", Command::Help),
            ("--help", Command::Help),
            ("setup --no-browser", Command::Setup(false)),
            ("build --base-url=/x/", Command::Build(Some("/x/".into()))),
            ("serve", Command::Serve(8000)),
            ("serve --port 9001", Command::Serve(9001)),
            (
                "fuzz --seconds=7",
                Command::Fuzz(NonZeroU64::new(7).unwrap()),
            ),
            (
                "bench --no-build --only weight,build",
                Command::Bench(false, vec!["weight".into(), "build".into()]),
            ),
        ] {
            assert_eq!(parse_str(line).unwrap(), command, "{line}");
        }
    }

    #[test]
    fn mistakes_are_usage_errors_that_say_what_is_wrong() {
        for (line, says) in [
            (
                "serve --port 65536",
                "--port needs a port, 0 to 65535, not `65536`",
            ),
            ("serve --prot 1", "`serve` does not take `--prot`"),
            ("fuzz --seconds 0", "whole seconds above 0, not `0`"),
            ("bench --only=nope", "`nope` is not one of weight"),
            ("bench --only=", "`` is not one of"),
            ("bench -f", "`bench` does not take `-f`"),
            ("build extra", "`build` does not take `extra`"),
            ("deploy", "unknown command `deploy`"),
        ] {
            let err = parse_str(line).unwrap_err();
            assert_eq!(err.code, 2, "{line}");
            assert!(err.message.contains(says), "{line}: {err}");
        }
    }
}
