//! The agent skills' install test: the skills CLI (npm `skills`, pinned in the root
//! `package.json`, run by Node 22 from npm) lists the skills of a fresh clone of this
//! repository and installs each one from the clone into a fresh project for two agents (Claude
//! Code and Cursor); the installed files must be the clone's, byte for byte, and each installed
//! script must run with `python3 -S` and print what the debug `pickanumber` prints for the same
//! input (the CLI's `tests/skill_*.rs` hold the scripts to `pickanumber` on thousands of
//! inputs). Nothing here needs the network but npm's registry: the clone is local and the CLI's
//! telemetry is switched off.
//!
//! The skills are the ones `site.toml` lists (`skills = [...]`), the declaration every install
//! line on the site and in the README comes from.

use std::path::{Path, PathBuf};

use serde_json::json;
use std::process::Command;
use std::time::Instant;

use crate::env::{failed, human, Context, Env, Failure};
use crate::tools::{npm_node, npm_pin, NODE22};

/// Where the clone and the projects go (emptied first).
const DIR: &str = "target/skills-test";

/// The agents each skill is installed for, with the folder each reads skills from.
const AGENTS: [(&str, &str); 2] = [
    ("claude-code", ".claude/skills"),
    ("cursor", ".agents/skills"),
];

/// Runs the install test.
pub fn test(env: &Env) -> Result<(), Failure> {
    println!("==> skills: the skills CLI installs each skill from a clone, for two agents");
    let started = Instant::now();
    let skills = listed(&std::fs::read_to_string(env.repo.join("site.toml")).context("site.toml")?)
        .map_err(failed)?;
    let version = npm_pin(env, "skills")?;
    let cli = env.repo.join("node_modules/skills/bin/cli.mjs");
    let manifest = std::fs::read_to_string(env.repo.join("node_modules/skills/package.json"));
    let manifest = serde_json::from_str(&manifest.unwrap_or_default()).unwrap_or(json!({}));
    if manifest["version"] != version.as_str() {
        return Err(failed(format!(
            "node_modules has skills {}, package.json pins {version}: run npm ci",
            manifest["version"]
        )));
    }
    let node = npm_node(env, NODE22)?;
    let dir = env.repo.join(DIR);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("home")).context(dir.display())?;
    let clone = dir.join("clone");
    let mut git = env.command("git", "clone --quiet --no-local");
    git.arg(&env.repo).arg(&clone);
    run(&mut git, "git clone")?;
    // `skills add SOURCE OPTIONS` run in `cwd`.
    let skills_add = |cwd: &Path, source: &Path, options: &str| {
        let mut c = env.command(&node, "");
        c.arg(&cli)
            .arg("add")
            .arg(source)
            .args(options.split_whitespace());
        c.env("HOME", dir.join("home"))
            .env("DISABLE_TELEMETRY", "1");
        c.env("DO_NOT_TRACK", "1")
            .env("NO_COLOR", "1")
            .current_dir(cwd);
        c
    };
    let list = run(
        &mut skills_add(&dir, &clone, "--list"),
        "skills add <clone> --list",
    )?;
    let found = format!("Found {} skills", skills.len());
    if !list.contains(&found) || skills.iter().any(|s| !list.contains(s.as_str())) {
        return Err(failed(format!(
            "skills add {} --list does not say \"{found}\" and name {}:\n{list}",
            clone.display(),
            skills.join(", ")
        )));
    }
    println!("    skills {version}: --list finds {}", skills.join(", "));
    for skill in &skills {
        let project = dir.join(format!("project-{skill}"));
        std::fs::create_dir_all(&project).context(project.display())?;
        let source = clone.join(skill);
        let agents: String = AGENTS
            .map(|(agent, _)| format!("--agent {agent} "))
            .concat();
        let mut add = skills_add(&project, &source, &(agents + "--yes"));
        run(&mut add, &format!("skills add {skill}"))?;
        for (agent, folder) in AGENTS {
            let installed = project.join(folder).join(skill);
            same_files(&source, &installed)
                .map_err(|why| failed(format!("skills add {skill} for {agent}: {why}")))?;
        }
        let scripts = project.join(AGENTS[0].1).join(skill).join("scripts");
        let checked = run_scripts(env, &scripts, &project)?;
        let names = AGENTS.map(|(agent, _)| agent).join(" and ");
        println!("    {skill}: installed for {names}{checked}");
    }
    println!("    skills: ok in {}", human(started.elapsed()));
    Ok(())
}

/// Whether every file of the skill's folder in the clone is installed at `installed` with
/// the same bytes: the CLI's `tests/skill_*.rs` test the scripts against `pickanumber` on
/// thousands of inputs, and these are the files they test.
fn same_files(source: &Path, installed: &Path) -> Result<(), String> {
    for entry in walkdir::WalkDir::new(source) {
        let entry = entry.map_err(|e| e.to_string())?;
        let rel = entry.path().strip_prefix(source).unwrap_or(entry.path());
        let at = installed.join(rel);
        if entry.file_type().is_file()
            && std::fs::read(entry.path()).ok() != std::fs::read(&at).ok()
        {
            return Err(format!(
                "{} is missing or differs from the clone's",
                at.display()
            ));
        }
    }
    Ok(())
}

/// A script a skill may carry, run once where it is installed: its name, the input files it
/// reads (written into the project), its arguments and `pickanumber`'s for the same
/// input, and whether it prints a part of pickanumber's JSON (each key it prints must hold
/// pickanumber's value) rather than the same output, both exiting with 0.
type ScriptRun = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
    bool,
);

/// Twenty answers of a probe run, as `aggregate.py` reads them.
const RUN: &str = r#"{"scores": [3, 4, 4, 5, 4, 3, 4, 5, 4, 4, 3, 4, 5, 4, 4, 3, 4, 4, 5, 4], "summary": "a run"}"#;

/// Another run, its answers one higher or lower here and there.
const OTHER_RUN: &str = r#"{"scores": [4, 4, 3, 5, 5, 3, 4, 6, 4, 4, 2, 4, 5, 4, 3, 3, 4, 5, 5, 4], "summary": "another"}"#;

/// The run of each script the skills carry.
const SCRIPT_RUNS: [ScriptRun; 3] = [
    (
        "score.py",
        &[(
            "evidence.json",
            r#"{"working": [{"value": 2, "text": "item é"}], "not_working": [{"value": -1, "text": "b"}], "missing": [{"value": -3, "text": "c"}], "confusing": []}"#,
        )],
        "--input evidence.json",
        "score --compat score-py --input evidence.json",
        false,
    ),
    (
        "score_items.py",
        &[(
            "items.json",
            r#"{"items": [{"perspective": "sme", "criterion": "craft", "text": "seen", "evidence": "a.rs:1", "impact": 3}, {"perspective": "sme", "criterion": "depth", "text": "thin", "evidence": "b.rs:2", "impact": -2}]}"#,
        )],
        "items.json --preset hackathon",
        "score --no-interval --preset hackathon items.json",
        true,
    ),
    (
        "aggregate.py",
        &[("runs/run-000.json", RUN), ("runs/run-001.json", OTHER_RUN)],
        "--runs-dir runs --json",
        "probe --json --runs-dir runs",
        false,
    ),
];

/// Each installed script of one skill run once with `python3 -S` in `project`, beside the
/// debug CLI on the same input ([`SCRIPT_RUNS`]); a script without a run there fails.
fn run_scripts(env: &Env, scripts: &Path, project: &Path) -> Result<String, Failure> {
    let cli = env.target().join("debug/pickanumber");
    let mut said = String::new();
    let mut found: Vec<PathBuf> = std::fs::read_dir(scripts)
        .context(scripts.display())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    found.sort();
    for script in found {
        let name = script.file_name().unwrap_or_default().to_string_lossy();
        let Some((_, files, args, cli_args, part)) = SCRIPT_RUNS.iter().find(|r| r.0 == name)
        else {
            return Err(failed(format!(
                "{}: no run of it in xtask's skills test",
                script.display()
            )));
        };
        for (file, text) in *files {
            let at = project.join(file);
            std::fs::create_dir_all(at.parent().unwrap_or(project)).context(at.display())?;
            std::fs::write(&at, text).context(at.display())?;
        }
        let mut python = Command::new("python3");
        python.args(["-S", "-B"]).arg(&script);
        let [ours, theirs] = [(python, args), (Command::new(&cli), cli_args)].map(|(mut c, a)| {
            let (code, out, _) = answer(c.args(a.split_whitespace()).current_dir(project))?;
            Ok::<_, Failure>((code, out))
        });
        let (ours, theirs) = (ours?, theirs?);
        let parsed = |text: &str| serde_json::from_str::<serde_json::Value>(text).ok();
        let agree = match (ours.0, parsed(&ours.1), theirs.0, parsed(&theirs.1)) {
            (Some(0), Some(serde_json::Value::Object(o)), Some(0), Some(t)) if *part => {
                o.iter().all(|(key, value)| &t[key] == value)
            }
            _ => !*part && ours.0 == Some(0) && ours == theirs,
        };
        let command = format!("pickanumber {cli_args}");
        if !agree {
            return Err(failed(format!(
                "{}: the installed {name} gave {ours:?}, `{command}` {theirs:?}",
                project.display()
            )));
        }
        said.push_str(&format!("; scripts/{name} printed what `{command}` prints"));
    }
    Ok(said)
}

/// Runs `cmd`, returning its standard output, or fails naming `what` with its output.
fn run(cmd: &mut Command, what: &str) -> Result<String, Failure> {
    let (status, stdout, stderr) = answer(cmd)?;
    if status == Some(0) {
        return Ok(stdout);
    }
    Err(failed(format!(
        "{what}: exit code {status:?}\n{stdout}{stderr}"
    )))
}

/// Runs `cmd` and returns its exit code, standard output and standard error, whatever the code.
fn answer(cmd: &mut Command) -> Result<(Option<i32>, String, String), Failure> {
    let out = cmd.output();
    let out = out.map_err(|e| failed(format!("cannot run {:?}: {e}", cmd.get_program())))?;
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    Ok((out.status.code(), text(out.stdout), text(out.stderr)))
}

/// The skills `site.toml` lists: its one-line `skills = ["a", "b"]`.
fn listed(site_toml: &str) -> Result<Vec<String>, String> {
    let line = site_toml
        .lines()
        .find_map(|l| l.trim().strip_prefix("skills = "));
    let list = line.ok_or("site.toml has no skills = [...] line")?.trim();
    let names = serde_json::from_str::<Vec<String>>(list);
    match names.map_err(|e| e.to_string())? {
        names if names.is_empty() => Err("site.toml lists no skills".into()),
        names => Ok(names),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skills_are_read_from_site_toml() {
        assert_eq!(
            listed("title = \"x\"\n# skills\nskills = [\"a-b\", \"c\"]\n"),
            Ok(vec!["a-b".to_string(), "c".to_string()])
        );
        assert_eq!(
            listed("title = \"x\"\n"),
            Err("site.toml has no skills = [...] line".into())
        );
        let toml =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site.toml"))
                .unwrap();
        assert_eq!(listed(&toml).unwrap().len(), 4);
    }
}
