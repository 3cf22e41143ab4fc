//! The command line, read with clap's derive: `cargo xtask --help` and each command's `--help`
//! are made from the doc comments below. A usage error exits with 2, as a missing tool does.

use std::num::NonZeroU64;

use clap::{Parser, Subcommand};

use crate::bench::SECTIONS;
use crate::fuzz::TARGETS;
use crate::package::KINDS;

/// cargo xtask — build, serve and test the pickanumber site
#[derive(Debug, Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    arg_required_else_help = true
)]
#[command(
    after_help = "Exit codes: 0 success, 1 a step failed, 2 a missing tool that cannot \
                        be installed, or a usage error."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// What was asked for: a command and its options.
#[derive(Debug, PartialEq, Subcommand)]
pub enum Command {
    /// Install what is missing, each tool checked by version first
    Tools {
        /// Leave out rustfmt, clippy, chromium and chromium-driver
        #[arg(long)]
        no_browser: bool,
    },
    /// Tools, build the wasm and generate the site into dist/
    Build {
        /// The path the site is served under, such as /name/
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Build into target/serve-dist/, serve it on http://127.0.0.1:PORT/ and rebuild when the
    /// sources change; open pages then reload
    Serve {
        /// The loopback port
        #[arg(long, default_value_t = 8000)]
        port: u16,
    },
    /// Tools, fmt, clippy, unit tests, the README's install line, the npm package and its node
    /// tests (promptfoo), the agent skills installed from a clone by the skills CLI, the
    /// release's dry run, build, the examples, then the browser tests (headless Chromium)
    /// against dist/
    Test,
    /// Run every example of the README and docs/*.md and compare their output with the page
    ///
    /// Console blocks run with the debug CLI, python and js run blocks with the test venv and
    /// the built npm package (after `test` or `package`).
    Examples {
        /// Write the printed output into the pages
        #[arg(long)]
        update: bool,
    },
    /// Build the Python wheel and sdist into target/wheels/ (Rust and Python only) and/or the
    /// npm package into target/npm/pickanumber/ (Rust and Node only); both without an argument
    Package {
        /// The packages to build
        #[arg(value_parser = KINDS.map(|k| k.0))]
        kinds: Vec<String>,
    },
    /// The release's dry run (what .github/workflows/release.yml runs before publishing)
    ///
    /// cargo package, maturin sdist and the wheel built from it, npm pack, and the git routes,
    /// each installed as its registry's users install it in a fresh place under
    /// target/release-check/; all must print the same JSON for examples/cua-bench-gui.txt.
    ReleaseCheck {
        /// Install the npm package already packed at target/npm/pickanumber.tgz instead of
        /// building it (`test` builds it before)
        #[arg(long)]
        npm_packed: bool,
    },
    /// Build, then print the figures against their targets (also target/bench.json); never
    /// fails on a figure
    Bench {
        /// Measure the site as it is built
        #[arg(long)]
        no_build: bool,
        /// The sections to run, all without it
        #[arg(long, value_delimiter = ',', value_parser = SECTIONS.map(|s| s.0))]
        only: Vec<String>,
    },
    /// Build the libFuzzer targets on the stable toolchain and run each; crashes land in
    /// fuzz/artifacts/
    ///
    /// No nightly and no cargo-fuzz; a C++ compiler (g++, installed when missing).
    Fuzz {
        /// Run each target for this many seconds (60 without --runs)
        #[arg(long, conflicts_with = "runs")]
        seconds: Option<NonZeroU64>,
        /// Run each target on this many inputs
        #[arg(long)]
        runs: Option<NonZeroU64>,
        /// The targets to run, all without it
        #[arg(long, value_parser = TARGETS)]
        target: Vec<String>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Command, clap::Error> {
        let args = ["cargo xtask"].into_iter().chain(line.split_whitespace());
        Cli::try_parse_from(args).map(|cli| cli.command)
    }

    #[test]
    fn every_command_and_option_parses() {
        Cli::command().debug_assert();
        for (line, command) in [
            ("tools --no-browser", "Tools { no_browser: true }"),
            ("build --base-url=/x/", r#"Build { base_url: Some("/x/") }"#),
            ("serve", "Serve { port: 8000 }"),
            ("serve --port 9001", "Serve { port: 9001 }"),
            ("test", "Test"),
            ("examples --update", "Examples { update: true }"),
            ("package npm", r#"Package { kinds: ["npm"] }"#),
            ("release-check", "ReleaseCheck { npm_packed: false }"),
            (
                "release-check --npm-packed",
                "ReleaseCheck { npm_packed: true }",
            ),
            (
                "bench --only npm",
                r#"Bench { no_build: false, only: ["npm"] }"#,
            ),
            (
                "bench --no-build --only weight,build",
                r#"["weight", "build"]"#,
            ),
            (
                "fuzz --seconds=7",
                "Fuzz { seconds: Some(7), runs: None, target: [] }",
            ),
            (
                "fuzz --runs 10 --target parse",
                r#"runs: Some(10), target: ["parse"]"#,
            ),
        ] {
            let parsed = format!("{:?}", parse(line));
            assert!(parsed.contains(command), "{line}: {parsed}");
        }
    }

    #[test]
    fn mistakes_are_usage_errors_that_name_the_bad_word() {
        for (line, says) in [
            ("serve --port 65536", "'65536'"),
            ("fuzz --seconds 0", "'0'"),
            ("fuzz --seconds 1 --runs 1", "cannot be used with '--runs"),
            (
                "fuzz --target all",
                "[possible values: parse, instruments, evidence]",
            ),
            ("bench --only=nope", "'nope'"),
            ("build extra", "'extra'"),
            ("setup", "unrecognized subcommand 'setup'"),
            ("package wheel", "[possible values: python, npm]"),
        ] {
            let err = parse(line).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{line}");
            assert!(err.to_string().contains(says), "{line}: {err}");
        }
    }
}
