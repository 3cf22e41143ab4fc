//! `cargo xtask setup | build | serve | test | bench | fuzz`: installs the missing tools, builds
//! the site into `dist/`, serves it with live reload, runs every test, measures the site and
//! fuzzes the parser. See `--help`.

mod bench;
mod check;
mod env;
mod fuzz;
mod pipeline;
mod serve;
mod setup;

use std::process::ExitCode;

use env::{Env, Failure};

const HELP: &str = "\
cargo xtask — build, serve and test the pickanumber site

USAGE:
    cargo xtask <COMMAND> [OPTIONS]

COMMANDS:
    setup [--no-browser]   install what is missing, each tool checked by version first: the
                           wasm32 target (rustup), trunk 0.21.14 and wasm-bindgen-cli 0.2.130
                           (cargo install), wasm-opt (npm binaryen 132, into node_modules/),
                           rustfmt and clippy, and Debian's chromium and chromium-driver
                           (apt-get; skipped with --no-browser)
    build                  setup (without the browser), then build the calculator with trunk and
                           generate the site into dist/ (dist/index.html is the home page)
    serve [--port N]       build, serve dist/ on http://127.0.0.1:N/ (default 8000) and rebuild
                           on changes: content/, paper/, examples/, static/ and site/render/
                           re-render the pages; site/calculator/ and site/score/ also rebuild
                           the wasm. Open pages reload themselves after a rebuild
    test                   setup, cargo fmt --check, clippy (native and wasm), unit tests,
                           build, then the browser tests (headless Chromium) against dist/
    bench [--no-build] [--only weight,lighthouse,latency,throughput,build]
                           build, then measure and print one table (also target/bench.json):
                           page weight (raw, gzip, brotli), Lighthouse 13 mobile and desktop
                           (Node 22 and Lighthouse from npm into target/bench-tools/),
                           calculator latency, parse + score throughput, render and
                           edit-to-reload times. Prints figures; never fails on them
    fuzz [--seconds N]     run the cargo-fuzz target fuzz/ (parse) for N seconds (default 60)
                           where a nightly toolchain and cargo-fuzz are installed; otherwise
                           say how to install them and skip
    help, --help           this text

Exit codes: 0 success, 1 a step failed, 2 a tool is missing and cannot be installed here
(or a usage error).
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("help", &[][..]),
    };
    let result = match command {
        "help" | "-h" | "--help" => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        "setup" => match rest {
            [] => Env::new().and_then(|env| setup::setup(&env, setup::Needs::Everything)),
            [flag] if flag == "--no-browser" => {
                Env::new().and_then(|env| setup::setup(&env, setup::Needs::Build))
            }
            _ => usage(command, rest),
        },
        "build" => match rest {
            [] => Env::new().and_then(|env| pipeline::build(&env, pipeline::Mode::Release)),
            _ => usage(command, rest),
        },
        "serve" => match parse_port(rest) {
            Ok(port) => Env::new().and_then(|env| serve::serve(&env, port)),
            Err(e) => Err(e),
        },
        "test" => match rest {
            [] => Env::new().and_then(|env| check::test(&env)),
            _ => usage(command, rest),
        },
        "bench" => bench::parse_options(rest)
            .and_then(|options| Env::new().and_then(|env| bench::bench(&env, &options))),
        "fuzz" => fuzz::parse_seconds(rest)
            .and_then(|seconds| Env::new().and_then(|env| fuzz::fuzz(&env, seconds))),
        other => Err(Failure::Usage(format!(
            "unknown command `{other}`; the commands are setup, build, serve, test, bench and fuzz (see --help)"
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("\nerror: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}

fn usage<T>(command: &str, rest: &[String]) -> Result<T, Failure> {
    Err(Failure::Usage(format!(
        "`{command}` does not take `{}` (see cargo xtask --help)",
        rest.join(" ")
    )))
}

/// `serve`'s options: `--port N` or `--port=N`; 8000 by default.
fn parse_port(args: &[String]) -> Result<u16, Failure> {
    let value = match args {
        [] => return Ok(8000),
        [flag, value] if flag == "--port" => value.as_str(),
        [flag] if flag.starts_with("--port=") => &flag["--port=".len()..],
        _ => return usage("serve", args),
    };
    value.parse().map_err(|_| {
        Failure::Usage(format!(
            "--port needs a number from 1 to 65535, not `{value}`"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::parse_port;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn port_defaults_to_8000_and_accepts_both_forms() {
        assert_eq!(parse_port(&[]).unwrap(), 8000);
        assert_eq!(parse_port(&args(&["--port", "9001"])).unwrap(), 9001);
        assert_eq!(parse_port(&args(&["--port=9002"])).unwrap(), 9002);
        assert!(parse_port(&args(&["--port", "x"])).is_err());
        assert!(parse_port(&args(&["--prot", "1"])).is_err());
    }
}
