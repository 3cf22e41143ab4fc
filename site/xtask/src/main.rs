//! `cargo xtask tools | build | serve | test | examples | bench | fuzz | package` (see `--help` and [`cli`]).

mod bench;
mod check;
mod cli;
#[cfg(test)]
mod comments;
mod env;
mod examples;
mod fuzz;
mod minify;
mod package;
mod pipeline;
mod serve;
mod skills;
mod stamp;
mod tools;

use bench::SECTIONS;
use package::KINDS;

use std::process::ExitCode;

use clap::Parser;
use cli::Command;

fn main() -> ExitCode {
    match run(cli::Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("\nerror: {failure}");
            ExitCode::from(failure.code)
        }
    }
}

fn run(command: Command) -> Result<(), env::Failure> {
    let env = env::Env::new()?;
    match command {
        Command::Tools { no_browser } => tools::install(&env, !no_browser),
        Command::Build { base_url } => pipeline::build(&env, base_url.as_deref()),
        Command::Serve { port } => serve::serve(&env, port),
        Command::Test => check::test(&env),
        Command::Bench { no_build, mut only } => {
            if only.is_empty() {
                only = SECTIONS.map(|s| s.0.to_owned()).to_vec();
            }
            bench::bench(&env, !no_build, &only)
        }
        Command::Fuzz {
            seconds,
            runs,
            target,
        } => fuzz::fuzz(&env, seconds, runs, &target),
        Command::Package { kinds } => {
            let all = KINDS
                .iter()
                .filter(|k| kinds.is_empty() || kinds.iter().any(|n| n == k.0));
            package::package(&env, &all.map(|k| k.1).collect::<Vec<_>>())
        }
        Command::ReleaseCheck { npm_packed } => {
            package::release::check(&env, npm_packed).map(|lines| {
                println!("==> release dry run: what each route took");
                for line in lines {
                    println!("    {line}");
                }
            })
        }
        Command::Examples { update } => {
            env.cargo("build -p pickanumber-cli")?;
            examples::run(&env, update)
        }
    }
}
