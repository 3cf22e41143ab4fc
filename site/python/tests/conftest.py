"""Shared fixtures: the repository, the CLI to compare with, and an environment for the
frameworks with telemetry, update checks and caches off (the tests use no network)."""

import os
import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# Set before any framework is imported.
os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
os.environ.setdefault("DEEPEVAL_UPDATE_WARNING_OPT_IN", "NO")
os.environ.setdefault("INSPECT_DISPLAY", "none")
os.environ.setdefault("PROMPTFOO_DISABLE_TELEMETRY", "1")
os.environ.setdefault("PROMPTFOO_DISABLE_UPDATE", "1")


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The `pickanumber` binary: $PICKANUMBER_CLI, else target/debug/pickanumber."""
    path = pathlib.Path(os.environ.get("PICKANUMBER_CLI", REPO / "target/debug/pickanumber"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `cargo build -p pickanumber-cli` first")
    return path


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
