//! `cargo xtask setup | build | serve | test | bench | fuzz`: installs the missing tools, builds
//! the site into `dist/`, serves it with live reload, runs every test, measures the site and
//! fuzzes the parser. See `--help`; the command line is read in [`cli`].

mod bench;
mod check;
mod cli;
mod env;
mod fuzz;
mod pipeline;
mod serve;
mod setup;

use std::process::ExitCode;

use cli::Command;
use env::Env;

fn main() -> ExitCode {
    let result = cli::parse(std::env::args_os().skip(1)).and_then(|command| {
        if command == Command::Help {
            print!("{}", cli::HELP);
            return Ok(());
        }
        let env = Env::new()?;
        match command {
            Command::Help => Ok(()),
            Command::Setup { browser: true } => setup::setup(&env, setup::Needs::Everything),
            Command::Setup { browser: false } => setup::setup(&env, setup::Needs::Build),
            Command::Build { base_url } => pipeline::build(
                &env,
                pipeline::Mode::Release {
                    base_url: base_url.as_deref(),
                },
            ),
            Command::Serve { port } => serve::serve(&env, port),
            Command::Test => check::test(&env),
            Command::Bench(options) => bench::bench(&env, &options),
            Command::Fuzz { seconds } => fuzz::fuzz(&env, seconds),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("\nerror: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}
