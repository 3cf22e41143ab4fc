"""Shared fixtures: the repository, the CLI to compare with, the promptfoo CLI, and an
environment for the frameworks with telemetry, update checks and caches off (the tests use no
network)."""

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# Set before any framework is imported.
os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
os.environ.setdefault("DEEPEVAL_UPDATE_WARNING_OPT_IN", "NO")
os.environ.setdefault("INSPECT_DISPLAY", "none")


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The `pickanumber` binary: $PICKANUMBER_CLI, else target/debug/pickanumber."""
    path = pathlib.Path(os.environ.get("PICKANUMBER_CLI", REPO / "target/debug/pickanumber"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `cargo build -p pickanumber-cli` first")
    return path


@pytest.fixture(scope="session")
def promptfoo():
    """A function that runs the pinned promptfoo CLI (node_modules, on Node 22 from
    $PICKANUMBER_NODE22, which xtask sets) on the config in a folder, with no telemetry,
    update checks, sharing, remote generation or cache, and returns its results in the
    config's order."""
    package = REPO / "node_modules/promptfoo/package.json"
    if not package.is_file():
        pytest.fail("node_modules/promptfoo is missing: run `npm ci` (cargo xtask tools does)")
    node = os.environ.get("PICKANUMBER_NODE22")
    if not node:
        pytest.fail("PICKANUMBER_NODE22 is not set: `cargo xtask test` sets it to Node 22 from npm")
    entry = package.parent / json.loads(package.read_text())["bin"]["promptfoo"]

    def run(folder: pathlib.Path, config: str = "promptfooconfig.yaml") -> list:
        env = dict(os.environ,
                   PATH=f"{pathlib.Path(node).parent}{os.pathsep}{os.environ['PATH']}",
                   PROMPTFOO_PYTHON=sys.executable,
                   PROMPTFOO_DISABLE_TELEMETRY="1",
                   PROMPTFOO_DISABLE_UPDATE="1",
                   PROMPTFOO_DISABLE_SHARING="1",
                   PROMPTFOO_DISABLE_REMOTE_GENERATION="1",
                   PROMPTFOO_CACHE_ENABLED="false",
                   PROMPTFOO_CONFIG_DIR=str(folder / ".promptfoo"))
        out_file = folder / "results.json"
        done = subprocess.run(
            [node, str(entry), "eval", "-c", config, "--no-cache", "--no-write", "--no-share",
             "--no-table", "--no-progress-bar", "-o", str(out_file)],
            cwd=folder, env=env, capture_output=True, text=True, timeout=300)
        assert out_file.is_file(), done.stdout[-2000:] + done.stderr[-2000:]
        results = json.loads(out_file.read_text())["results"]["results"]
        return sorted(results, key=lambda r: r["testIdx"])

    return run


#: Each CLI flag of the gate and the keyword argument the package's misses name instead.
GATE_NAMES = (
    ("--fail-under", "fail_under="),
    ("--min-confidence", "min_confidence="),
    ("--require-self-check", "require_self_check="),
)


def as_package(cli_json: dict) -> dict:
    """The CLI's JSON as the package words it: the gate's misses name the keyword arguments
    (``(fail_under=)``) where the CLI names its flags (``(--fail-under)``); nothing else
    differs."""
    gate = cli_json.get("gate")
    if gate is not None:
        misses = []
        for m in gate["misses"]:
            for flag, keyword in GATE_NAMES:
                m = m.replace(flag, keyword)
            misses.append(m)
        gate["misses"] = misses
    return cli_json


def docs_blocks(page: str, language: str):
    """The fenced blocks of `language` on the docs page `docs/<page>.md`, as (info string,
    code). (The pages' ```python run blocks are run by `cargo xtask examples`; these are the
    blocks that need a framework's own runner.)"""
    text = (REPO / "docs" / f"{page}.md").read_text(encoding="utf-8")
    return re.findall(rf"^```({language}[^\n]*)\n(.*?)^```$", text, re.S | re.M)
