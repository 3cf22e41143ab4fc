//! The command line, read with [`lexopt`] (`--port N` and `--port=N` alike), and the help text.

use std::ffi::OsString;
use std::num::NonZeroU64;
use std::str::FromStr;

use lexopt::Arg::{Long, Short, Value};
use lexopt::{Parser, ValueExt};

use crate::bench::SECTIONS;
use crate::env::{missing as usage, Failure};
use crate::fuzz::{Budget, TARGETS};
use crate::package::{Kind, KINDS};

/// `cargo xtask --help`.
pub const HELP: &str = "\
cargo xtask — build, serve and test the pickanumber site

USAGE: cargo xtask <COMMAND> [OPTIONS]

    tools [--no-browser]   install what is missing, each tool checked by version first (without
                           --no-browser also rustfmt, clippy, chromium and chromium-driver)
    build [--base-url /name/]
                           tools, build the wasm and generate the site into dist/
    serve [--port N]       build into target/serve-dist/, serve it on http://127.0.0.1:N/ (default
                           8000) and rebuild when the sources change; open pages then reload
    test                   tools, fmt, clippy, unit tests, the README's install line, the npm
                           package and its node tests (promptfoo), the agent skills installed
                           from a clone by the skills CLI, the release's dry run, build, the
                           examples, then the browser tests (headless Chromium) against dist/
    examples [--update]    run every example of the README and docs/*.md (console blocks with the
                           debug CLI, python and js run blocks with the test venv and the built npm
                           package, after `test` or `package`) and compare their output with the
                           page; --update writes the printed output into the pages
    package [python|npm]   build the Python wheel and sdist into target/wheels/ (Rust and Python
                           only) and/or the npm package into target/npm/pickanumber/ (Rust and
                           Node only); both without an argument
    release-check          the release's dry run (what .github/workflows/release.yml runs before
                           publishing): cargo package, maturin sdist and the wheel built from
                           it, npm pack, and the git routes, each installed as its registry's
                           users install it in a fresh place under target/release-check/; all
                           must print the same JSON for examples/cua-bench-gui.txt
    bench [--no-build] [--only weight,lighthouse,latency,throughput,build,python,npm]
                           build, then print the figures against their targets (also
                           target/bench.json); never fails on a figure
    fuzz [--seconds N | --runs N] [--target parse|instruments]
                           build the libFuzzer targets on the stable toolchain (no nightly, no
                           cargo-fuzz; a C++ compiler, g++ installed when missing) and run each
                           for N seconds (default 60) or N inputs; crashes land in fuzz/artifacts/

Exit codes: 0 success, 1 a step failed, 2 a missing tool that cannot be installed, or a usage error.
";

/// What was asked for: a command and its options (see [`HELP`]).
#[derive(Debug, PartialEq)]
pub enum Command {
    Help,
    /// With the browser and the linters.
    Tools(bool),
    Build(Option<String>),
    Serve(u16),
    Test,
    /// Whether to build first, and the sections to run.
    Bench(bool, Vec<String>),
    /// How long each target runs, and the targets.
    Fuzz(Budget, Vec<&'static str>),
    /// Run the examples of the README and the docs; with `true`, write their output in.
    Examples(bool),
    /// The packages for other ecosystems: npm into `target/npm/pickanumber/`, the wheel and
    /// the sdist into `target/wheels/`.
    Package(Vec<Kind>),
    /// The release's dry run.
    ReleaseCheck,
}

impl From<lexopt::Error> for Failure {
    fn from(e: lexopt::Error) -> Failure {
        usage(e.to_string())
    }
}

/// Reads the arguments after `cargo xtask`.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let mut p = Parser::from_args(args);
    let name = match p.next()? {
        None | Some(Short('h') | Long("help")) => return Ok(Command::Help),
        Some(Value(v)) => v.string()?,
        Some(other) => return Err(usage(format!("{} before the command", other.unexpected()))),
    };
    let mut command = match name.as_str() {
        "help" => Command::Help,
        "tools" => Command::Tools(true),
        "build" => Command::Build(None),
        "serve" => Command::Serve(8000),
        "test" => Command::Test,
        "package" => Command::Package(vec![]),
        "release-check" => Command::ReleaseCheck,
        "examples" => Command::Examples(false),
        "bench" => Command::Bench(true, SECTIONS.map(|s| s.0.to_owned()).to_vec()),
        "fuzz" => Command::Fuzz(Budget::Seconds(60), TARGETS.to_vec()),
        other => return Err(usage(format!("unknown command `{other}`; the commands are tools, build, serve, test, examples, package, release-check, bench and fuzz (see --help)"))),
    };
    while let Some(arg) = p.next()? {
        match (&mut command, arg) {
            (Command::Tools(browser), Long("no-browser")) => *browser = false,
            (Command::Build(b), Long("base-url")) => *b = Some(p.value()?.string()?),
            (Command::Serve(n), Long("port")) => {
                *n = number(&mut p, "--port", "a port, 0 to 65535")?
            }
            (Command::Fuzz(b, _), Long("seconds")) => {
                let n = number::<NonZeroU64>(&mut p, "--seconds", "whole seconds above 0")?;
                *b = Budget::Seconds(n.get())
            }
            (Command::Fuzz(b, _), Long("runs")) => {
                let n = number::<NonZeroU64>(&mut p, "--runs", "a count of inputs above 0")?;
                *b = Budget::Runs(n.get())
            }
            (Command::Fuzz(_, targets), Long("target")) => {
                let v = p.value()?.string()?;
                let Some(&t) = TARGETS.iter().find(|&&t| t == v) else {
                    let all = TARGETS.join(", ");
                    return Err(usage(format!("--target: `{v}` is not one of {all}")));
                };
                *targets = vec![t]
            }
            (Command::Package(kinds), Value(v)) => {
                let v = v.string()?;
                let Some(&(_, kind)) = KINDS.iter().find(|(name, _)| *name == v) else {
                    let all = KINDS.map(|k| k.0).join(", ");
                    return Err(usage(format!("package: `{v}` is not one of {all}")));
                };
                kinds.push(kind);
            }
            (Command::Bench(build, _), Long("no-build")) => *build = false,
            (Command::Examples(update), Long("update")) => *update = true,
            (Command::Bench(_, only), Long("only")) => {
                let v = p.value()?.string()?;
                *only = v.split(',').map(|s| s.trim().to_owned()).collect();
                if let Some(bad) = only.iter().find(|o| !SECTIONS.iter().any(|s| s.0 == *o)) {
                    let all = SECTIONS.map(|s| s.0).join(", ");
                    return Err(usage(format!("--only: `{bad}` is not one of {all}")));
                }
            }
            (_, arg) => {
                let what = arg.unexpected();
                return Err(usage(format!("`{name}`: {what} (see --help)")));
            }
        }
    }
    if let Command::Package(kinds) = &mut command {
        if kinds.is_empty() {
            *kinds = KINDS.map(|k| k.1).to_vec();
        }
    }
    Ok(command)
}

/// The value of `option` as a number (else the error says it `needs` one).
fn number<T: FromStr>(p: &mut Parser, option: &str, needs: &str) -> Result<T, Failure> {
    let v = p.value()?.string()?;
    let needs = format!("{option} needs {needs}, not `{v}`");
    v.parse().map_err(|_| usage(needs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, Failure> {
        parse(line.split_whitespace().map(OsString::from))
    }

    #[test]
    fn every_command_and_option_parses() {
        let bench = Command::Bench(false, vec!["weight".into(), "build".into()]);
        for (line, command) in [
            ("", Command::Help),
            ("--help", Command::Help),
            ("tools --no-browser", Command::Tools(false)),
            ("build --base-url=/x/", Command::Build(Some("/x/".into()))),
            ("serve", Command::Serve(8000)),
            ("examples", Command::Examples(false)),
            ("examples --update", Command::Examples(true)),
            ("serve --port 9001", Command::Serve(9001)),
            ("fuzz", Command::Fuzz(Budget::Seconds(60), TARGETS.to_vec())),
            (
                "fuzz --seconds=7",
                Command::Fuzz(Budget::Seconds(7), TARGETS.to_vec()),
            ),
            (
                "fuzz --runs 10000 --target instruments",
                Command::Fuzz(Budget::Runs(10_000), vec!["instruments"]),
            ),
            ("bench --no-build --only weight,build", bench),
            ("package", Command::Package(vec![Kind::Python, Kind::Npm])),
            ("package npm", Command::Package(vec![Kind::Npm])),
            ("package python", Command::Package(vec![Kind::Python])),
            ("release-check", Command::ReleaseCheck),
        ] {
            assert_eq!(parse_str(line).unwrap(), command, "{line}");
        }
    }

    #[test]
    fn the_help_lists_each_command_once() {
        let listed: Vec<&str> = HELP
            .lines()
            .filter_map(|l| l.strip_prefix("    "))
            .filter(|l| !l.starts_with(' '))
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        let commands = [
            "tools",
            "build",
            "serve",
            "test",
            "examples",
            "package",
            "release-check",
            "bench",
            "fuzz",
        ];
        assert_eq!(listed, commands);
        for c in commands {
            assert!(parse_str(c).is_ok(), "{c}");
        }
    }

    #[test]
    fn mistakes_are_usage_errors_that_say_what_is_wrong() {
        for (line, says) in [
            ("serve --port 65536", "a port, 0 to 65535, not `65536`"),
            ("serve --port", "missing argument for option '--port'"),
            ("serve --prot 1", "`serve`: invalid option '--prot'"),
            ("fuzz --seconds 0", "whole seconds above 0, not `0`"),
            ("fuzz --runs ten", "a count of inputs above 0, not `ten`"),
            (
                "fuzz --target all",
                "`all` is not one of parse, instruments",
            ),
            ("bench --only=nope", "`nope` is not one of weight"),
            ("bench --only=", "`` is not one of"),
            ("bench -f", "`bench`: invalid option '-f'"),
            ("build extra", r#"`build`: unexpected argument "extra""#),
            ("deploy", "unknown command `deploy`"),
            // "setup" names the site's page; the tools' install is `tools`.
            (
                "setup",
                "unknown command `setup`; the commands are tools, build",
            ),
            (
                "package wheel",
                "package: `wheel` is not one of python, npm",
            ),
        ] {
            let err = parse_str(line).unwrap_err();
            assert_eq!(err.code, 2, "{line}");
            assert!(err.message.contains(says), "{line}: {err}");
        }
    }
}
