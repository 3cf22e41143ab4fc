//! The agent skills' install test: the skills CLI (npm `skills`, pinned in the root
//! `package.json`, run by Node 22 from npm) lists the skills of a fresh clone of this
//! repository, installs each one from the clone into a fresh project for two agents (Claude
//! Code and Cursor), and the installed scripts run with `python3 -S` and print what the debug
//! `pickanumber` prints for the same input. Nothing here needs the network but npm's
//! registry: the clone is local and the CLI's telemetry is switched off.
//!
//! The skills are the ones `site.toml` lists (`skills = [...]`), the declaration every install
//! line on the site and in the README comes from.

use std::path::{Path, PathBuf};
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
    let installed = installed_version(&env.repo).map_err(failed)?;
    if installed != version {
        return Err(failed(format!(
            "node_modules has skills {installed}, package.json pins {version}: run npm ci"
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
    let skills_cli = |cwd: &Path, args: &[&std::ffi::OsStr]| {
        let mut c = env.command(&node, "");
        c.arg(&cli).args(args).current_dir(cwd);
        c.env("HOME", dir.join("home"))
            .env("DISABLE_TELEMETRY", "1")
            .env("DO_NOT_TRACK", "1")
            .env("NO_COLOR", "1");
        c
    };
    let list = run(
        &mut skills_cli(
            &dir,
            &["add".as_ref(), clone.as_os_str(), "--list".as_ref()],
        ),
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
        let mut args: Vec<&std::ffi::OsStr> = vec!["add".as_ref(), source.as_os_str()];
        for (agent, _) in AGENTS {
            args.push("--agent".as_ref());
            args.push(agent.as_ref());
        }
        args.push("--yes".as_ref());
        run(
            &mut skills_cli(&project, &args),
            &format!("skills add {skill}"),
        )?;
        let want = std::fs::read(source.join("SKILL.md")).context(skill)?;
        for (agent, folder) in AGENTS {
            let at = project.join(folder).join(skill).join("SKILL.md");
            if std::fs::read(&at).ok().as_deref() != Some(&want[..]) {
                return Err(failed(format!(
                    "skills add {skill} for {agent}: {} is missing or differs from the clone's",
                    at.display()
                )));
            }
        }
        let scripts = project.join(AGENTS[0].1).join(skill).join("scripts");
        let checked = run_scripts(env, &scripts, &project)?;
        println!("    {skill}: installed for {}{checked}", agents_named());
    }
    println!("    skills: ok in {}", human(started.elapsed()));
    Ok(())
}

fn agents_named() -> String {
    AGENTS.map(|(a, _)| a).join(" and ")
}

/// The installed scripts of one skill, each run with `python3 -S` beside the debug CLI.
fn run_scripts(env: &Env, scripts: &Path, project: &Path) -> Result<String, Failure> {
    let cli = env.target().join("debug/pickanumber");
    let mut said = String::new();
    let score = scripts.join("score.py");
    if score.exists() {
        let n = score_py_agrees(&cli, &score, project)?;
        said.push_str(&format!("; scripts/score.py printed pickanumber's scores for {n} evidence files and saved a version `pickanumber versions` reads"));
    }
    let items = scripts.join("score_items.py");
    if items.exists() {
        let n = score_items_agrees(&cli, &items, project)?;
        said.push_str(&format!(
            "; scripts/score_items.py gave pickanumber's figures for {n} item files"
        ));
    }
    let aggregate = scripts.join("aggregate.py");
    if aggregate.exists() {
        let n = aggregate_agrees(&cli, &aggregate, project)?;
        said.push_str(&format!(
            "; scripts/aggregate.py printed pickanumber probe's aggregate.json for {n} folders of runs"
        ));
    }
    Ok(said)
}

/// Runs `cmd`, returning its standard output, or fails naming `what` with its output.
fn run(cmd: &mut Command, what: &str) -> Result<String, Failure> {
    let out = cmd
        .output()
        .map_err(|e| failed(format!("{what}: cannot run: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(failed(format!(
            "{what}: {}\n{stdout}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(stdout)
}

/// Runs `cmd` and returns its exit code and standard output, whatever the code.
fn answer(cmd: &mut Command) -> Result<(Option<i32>, String), Failure> {
    let out = cmd
        .output()
        .map_err(|e| failed(format!("cannot run {:?}: {e}", cmd.get_program())))?;
    Ok((
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

/// A small deterministic generator for the evidence files (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// Random four-bucket evidence files through the installed `score.py` and `pickanumber score
/// --compat score-py`: the same exit code and standard output for each; then one saved pass.
fn score_py_agrees(cli: &Path, script: &Path, project: &Path) -> Result<usize, Failure> {
    let mut rng = Rng(0x005e_ed0f_5c0e);
    let buckets: [(&str, &[i64]); 4] = [
        ("working", &[1, 2, 3, 5]),
        ("not_working", &[-1, -2, -3, -5]),
        ("missing", &[-1, -2, -3, -5]),
        ("confusing", &[-1, -2, -3]),
    ];
    let n = 60;
    for k in 0..n {
        let mut members = Vec::new();
        for (name, allowed) in buckets {
            let count = rng.below(6);
            let items: Vec<String> = (0..count)
                .map(|i| {
                    // One file in ten has a value its bucket does not allow.
                    let v = if k % 10 == 9 && i == 0 {
                        4
                    } else {
                        allowed[rng.below(allowed.len() as u64) as usize]
                    };
                    format!("{{\"value\": {v}, \"text\": \"item {i} é\"}}")
                })
                .collect();
            members.push(format!("\"{name}\": [{}]", items.join(", ")));
        }
        let file = project.join(format!("evidence-{k}.json"));
        std::fs::write(&file, format!("{{{}}}", members.join(", "))).context(file.display())?;
        let ours = answer(
            Command::new("python3")
                .args(["-S", "-B"])
                .arg(script)
                .arg("--input")
                .arg(&file)
                .current_dir(project),
        )?;
        let theirs = answer(
            Command::new(cli)
                .args(["score", "--compat", "score-py", "--input"])
                .arg(&file),
        )?;
        if ours != theirs {
            return Err(failed(format!(
                "{}: the installed score.py gave {ours:?}, pickanumber {theirs:?}",
                file.display()
            )));
        }
    }
    let saved = answer(
        Command::new("python3")
            .args(["-S", "-B"])
            .arg(script)
            .args(["--save", "--slug", "install-test", "--input"])
            .arg(project.join("evidence-0.json"))
            .current_dir(project)
            .env_remove("JUDGE_DIR"),
    )?;
    let listed = answer(
        Command::new(cli)
            .args(["versions", "--slug", "install-test", "--json"])
            .current_dir(project)
            .env_remove("JUDGE_DIR"),
    )?;
    if saved.0 != Some(0) || listed.0 != Some(0) || !listed.1.contains("\"version\": 1") {
        return Err(failed(format!(
            "score.py --save then pickanumber versions: {saved:?} then {listed:?}"
        )));
    }
    Ok(n)
}

/// Random JSON item files (the hackathon preset's criteria) through the installed
/// `score_items.py --preset hackathon` and `pickanumber score --no-interval --preset
/// hackathon`: every key the script prints holds pickanumber's value.
fn score_items_agrees(cli: &Path, script: &Path, project: &Path) -> Result<usize, Failure> {
    let mut rng = Rng(0x17e5_5c0e);
    let criteria = [
        "problem_fit",
        "craft",
        "depth",
        "innovation",
        "completeness",
    ];
    let impacts = [5, 3, 2, 1, -1, -2, -3, -5];
    let n = 40;
    for k in 0..n {
        let count = 1 + rng.below(30);
        let items: Vec<String> = (0..count)
            .map(|_| {
                format!(
                    "{{\"perspective\": \"sme\", \"criterion\": \"{}\", \"text\": \"seen\", \"evidence\": \"a.rs:1\", \"impact\": {}}}",
                    criteria[rng.below(5) as usize],
                    impacts[rng.below(8) as usize]
                )
            })
            .collect();
        let file = project.join(format!("items-{k}.json"));
        std::fs::write(&file, format!("{{\"items\": [{}]}}", items.join(", ")))
            .context(file.display())?;
        let ours = answer(
            Command::new("python3")
                .args(["-S", "-B"])
                .arg(script)
                .arg(&file)
                .args(["--preset", "hackathon"]),
        )?;
        let theirs = answer(
            Command::new(cli)
                .args(["score", "--no-interval", "--preset", "hackathon"])
                .arg(&file),
        )?;
        let parsed = |text: &str| serde_json::from_str::<serde_json::Value>(text).ok();
        let agree = match (ours.0, parsed(&ours.1), theirs.0, parsed(&theirs.1)) {
            (Some(0), Some(serde_json::Value::Object(o)), Some(0), Some(t)) => {
                o.iter().all(|(key, value)| &t[key] == value)
            }
            _ => false,
        };
        if !agree {
            return Err(failed(format!(
                "{}: the installed score_items.py gave {ours:?}, pickanumber {theirs:?}",
                file.display()
            )));
        }
    }
    Ok(n)
}

/// Folders of random runs through the installed `aggregate.py --json` and `pickanumber probe
/// --json`: the same exit code and standard output for each.
fn aggregate_agrees(cli: &Path, script: &Path, project: &Path) -> Result<usize, Failure> {
    let mut rng = Rng(0x090b_e5ee);
    let n = 12;
    for k in 0..n {
        let runs = project.join(format!("runs-{k}"));
        std::fs::create_dir_all(&runs).context(runs.display())?;
        let count = 1 + rng.below(12);
        let centre = 1 + rng.below(10) as i64;
        for r in 0..count {
            let scores: Vec<String> = (0..20)
                .map(|_| (centre + rng.below(5) as i64 - 2).clamp(1, 10).to_string())
                .collect();
            let text = if k % 4 == 3 && r == 0 {
                "{\"parse_failed\": true, \"error\": \"prose\"}".to_string()
            } else {
                format!(
                    "{{\"scores\": [{}], \"summary\": \"run {r}\"}}",
                    scores.join(", ")
                )
            };
            let file = runs.join(format!("run-{r:03}.json"));
            std::fs::write(&file, text).context(file.display())?;
        }
        let ours = answer(
            Command::new("python3")
                .args(["-S", "-B"])
                .arg(script)
                .arg("--runs-dir")
                .arg(&runs)
                .arg("--json")
                .current_dir(project),
        )?;
        let theirs = answer(
            Command::new(cli)
                .args(["probe", "--json", "--runs-dir"])
                .arg(&runs),
        )?;
        if ours != theirs {
            return Err(failed(format!(
                "{}: the installed aggregate.py gave {ours:?}, pickanumber probe {theirs:?}",
                runs.display()
            )));
        }
    }
    Ok(n)
}

/// The version of the skills CLI in `node_modules`.
fn installed_version(repo: &Path) -> Result<String, String> {
    let manifest: PathBuf = repo.join("node_modules/skills/package.json");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|_| "the skills CLI is not in node_modules: run npm ci".to_string())?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    v["version"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{} has no version", manifest.display()))
}

/// The skills `site.toml` lists: its one-line `skills = ["a", "b"]`.
fn listed(site_toml: &str) -> Result<Vec<String>, String> {
    let line = site_toml
        .lines()
        .find_map(|l| l.trim().strip_prefix("skills = "))
        .ok_or("site.toml has no skills = [...] line")?;
    let inner = line
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("site.toml's skills are not a list on one line")?;
    let names: Vec<String> = inner
        .split(',')
        .map(|n| n.trim().trim_matches('"').to_string())
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Err("site.toml lists no skills".into());
    }
    Ok(names)
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
