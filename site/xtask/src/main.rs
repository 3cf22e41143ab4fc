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

use std::process::ExitCode;

use cli::Command;

fn main() -> ExitCode {
    match cli::parse(std::env::args_os().skip(1)).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("\nerror: {failure}");
            ExitCode::from(failure.code)
        }
    }
}

fn run(command: Command) -> Result<(), env::Failure> {
    let env = env::Env::new;
    match command {
        Command::Help => {
            print!("{}", cli::HELP);
            Ok(())
        }
        Command::Tools(browser) => tools::install(&env()?, browser),
        Command::Build(base_url) => pipeline::build(&env()?, base_url.as_deref()),
        Command::Serve(port) => serve::serve(&env()?, port),
        Command::Test => check::test(&env()?),
        Command::Bench(build, only) => bench::bench(&env()?, build, &only),
        Command::Fuzz(budget, targets) => fuzz::fuzz(&env()?, budget, &targets),
        Command::Package(kinds) => package::package(&env()?, &kinds),
        Command::ReleaseCheck => package::release::check(&env()?).map(|lines| {
            for line in lines {
                println!("    {line}");
            }
        }),
        Command::Examples(update) => {
            let env = env()?;
            env.cargo("build -p pickanumber-cli")?;
            examples::run(&env, update)
        }
    }
}
