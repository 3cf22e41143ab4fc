"""The judge loop's differential test: 200 seeded random panels of 2 to 4 graders (good,
inventing, raising, timing out, prose, cut-off JSON, parsed JSON) through every surface that
calls graders — the CLI's ``combine --outcomes``, Python's ``judge()``, the inspect adapter
(mockllm graders), the DeepEval adapter (``DeepEvalBaseLLM`` graders), npm's ``judge()`` and
the promptfoo assertion with promptfoo's own provider loader — must give the same final,
interval, passes, failures with their reasons, ``passed`` and ``misses``.

Each surface runs every panel at once (one process for npm and promptfoo, one eval for
inspect), so the timing-out graders cost one timeout, not one each."""

import ast
import asyncio
import json
import os
import random
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import anyio
import pytest
from deepeval.models import DeepEvalBaseLLM
from deepeval.test_case import LLMTestCase
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate

import pickanumber
from conftest import REPO
from pickanumber.deepeval import EvidenceMetric
from pickanumber.inspect import evidence_scorer
from test_judge import AGREES, GOOD, HARSH, INVENTS, WORK, answer

RUBRIC_PATH = REPO / "examples/rubrics/generic.toml"
RUBRIC = pickanumber.Rubric.load(RUBRIC_PATH)
PANELS = 200
SEED = 47
#: Each grader's time, in seconds: long enough for an answer on a busy machine.
TIMEOUT = 3.0
KINDS = ("good", "invents", "raises", "times_out", "prose", "cut_off", "parsed")
GOODS = (GOOD, AGREES, HARSH)
INVENTS_ALL = answer(
    ("sme", "all errors are logged", "every error is logged with its request id", 5),
    ("production", "metrics are exported", "exports Prometheus metrics", 2),
)
#: The option settings a panel is drawn with, as Python keywords.
SETTINGS = ({}, {"fail_under": 60}, {"min_judges": 1}, {"fail_under": 45, "min_judges": 2})


class Error(Exception):
    """The raising graders' exception, named as JavaScript's plain ``Error`` is."""


def panels():
    """The seeded panels: each a work (WORK with the panel's number, so that a grader can
    tell its panel from the prompt), the settings and the graders ``{name, kind, answer}``
    (``answer``: the text, the parsed JSON, or the message raised)."""
    rng = random.Random(SEED)
    out = []
    for i in range(PANELS):
        graders = []
        for k in range(rng.randint(2, 4)):
            kind = rng.choice(KINDS)
            text = rng.choice(GOODS)
            value = {
                "good": text,
                "invents": rng.choice((INVENTS, INVENTS_ALL)),
                "raises": rng.choice(("quota exceeded", "upstream 504 from the gateway")),
                "times_out": None,
                "prose": "The work looks solid to me; I would give it a 7/10.\n",
                "cut_off": text[: rng.randint(20, len(text) - 2)],
                "parsed": json.loads(text),
            }[kind]
            graders.append({"name": f"g{k}", "kind": kind, "answer": value})
        out.append({"work": f"{WORK}Panel {i}.\n", "options": dict(rng.choice(SETTINGS)), "graders": graders})
    return out


OPTION_NAMES = {
    "min_judges=": "MIN_JUDGES", "minJudges": "MIN_JUDGES", "--min-judges": "MIN_JUDGES",
    "fail_under=": "FAIL_UNDER", "failUnder": "FAIL_UNDER", "--fail-under": "FAIL_UNDER",
}


def canonical(misses):
    """The misses with the options named one way (each surface spells them its own)."""
    out = []
    for m in misses:
        for spelled, name in OPTION_NAMES.items():
            m = m.replace(spelled, name)
        out.append(m)
    return out


def fields(d):
    """The compared fields of a verdict's JSON (``to_dict()``, the CLI's)."""
    return {
        "final": d["final"],
        "interval": list(d["interval"]) if d.get("interval") is not None else None,
        "passes": [[p["name"], p["final"]] for p in d["passes"]],
        "failures": {n: j["error"] for n, j in d["judges"].items() if j["error"] is not None},
        "passed": d["gate"]["passed"],
        "misses": canonical(d["gate"]["misses"]),
    }


def no_score(failures, misses):
    return {"final": None, "interval": None, "passes": [], "failures": dict(failures), "passed": False,
            "misses": canonical(misses)}


def panel_of(prompt):
    return int(re.search(r"Panel (\d+)\.", prompt).group(1))


# --- Python's judge() ---------------------------------------------------------------------


def python_judges(panel):
    def make(g):
        if g["kind"] == "raises":
            def raises(prompt, schema):
                raise Error(g["answer"])
            return raises
        if g["kind"] == "times_out":
            async def never(prompt, schema):
                await asyncio.sleep(3600)
            return never
        return lambda prompt, schema: g["answer"]
    return {g["name"]: make(g) for g in panel["graders"]}


def via_python(all_panels):
    async def one(panel):
        try:
            j = await pickanumber.judge_async(panel["work"], RUBRIC, python_judges(panel), timeout=TIMEOUT,
                                              **panel["options"])
        except pickanumber.JudgeError as e:
            return no_score(e.failures, e.misses)
        return fields(j.to_dict())

    async def every():
        return await asyncio.gather(*(one(p) for p in all_panels))

    return asyncio.run(every())


# --- the CLI: combine --outcomes ----------------------------------------------------------


def outcome(g):
    if g["kind"] == "raises":
        return {"name": g["name"], "kind": "raised", "type": "Error", "message": g["answer"]}
    if g["kind"] == "times_out":
        return {"name": g["name"], "kind": "timed_out", "seconds": TIMEOUT}
    if g["kind"] == "parsed":
        return {"name": g["name"], "kind": "parsed", "value": g["answer"]}
    return {"name": g["name"], "kind": "answer", "text": g["answer"]}


def via_cli(cli, all_panels, tmp_path):
    def one(i_panel):
        i, panel = i_panel
        work = tmp_path / f"work-{i}.md"
        work.write_text(panel["work"])
        outcomes = tmp_path / f"outcomes-{i}.json"
        outcomes.write_text(json.dumps([outcome(g) for g in panel["graders"]]))
        args = [str(cli), "combine", "--rubric", str(RUBRIC_PATH), "--against", str(work), "--outcomes", str(outcomes)]
        for key, value in panel["options"].items():
            args += [f"--{key.replace('_', '-')}", str(value)]
        out = subprocess.run(args, capture_output=True, text=True)
        assert out.returncode in (0, 1, 3), out.stderr
        d = json.loads(out.stdout)
        if d["final"] is None:
            return no_score({n: j["error"] for n, j in d["judges"].items()}, d["gate"]["misses"])
        return fields(d)

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(one, enumerate(all_panels)))


# --- inspect: mockllm graders, one eval --------------------------------------------------


#: As many connections as graders, for every mock model (they share one pool, sized by the
#: first): a timing-out grader holds its connection until its deadline.
CONNECTIONS = GenerateConfig(max_connections=PANELS * 4)


def via_inspect(all_panels, tmp_path):
    by_panel = {i: p for i, p in enumerate(all_panels)}

    def mock(name):
        async def output(messages, tools, tool_choice, config):
            panel = by_panel[panel_of(messages[-1].text)]
            g = next(g for g in panel["graders"] if g["name"] == name)
            if g["kind"] == "raises":
                raise Error(g["answer"])
            if g["kind"] == "times_out":
                await anyio.sleep(3600)
            text = g["answer"] if isinstance(g["answer"], str) else json.dumps(g["answer"])
            o = ModelOutput.from_content(model="mockllm/model", content=text)
            o.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
            return o
        return get_model("mockllm/model", custom_outputs=output, memoize=False, config=CONNECTIONS)

    # One task for each panel size and settings: a scorer's graders and options are its own.
    groups = {}
    for i, p in by_panel.items():
        groups.setdefault((len(p["graders"]), json.dumps(p["options"], sort_keys=True)), []).append(i)
    tasks = []
    for (size, options), ids in groups.items():
        graders = {f"g{k}": mock(f"g{k}") for k in range(size)}
        samples = [Sample(input=str(i), id=i) for i in ids]
        outputs = {i: by_panel[i]["work"] for i in ids}

        def solver_output(messages, tools, tool_choice, config, outputs=outputs):
            o = ModelOutput.from_content(model="mockllm/model", content=outputs[int(messages[-1].text)])
            o.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
            return o

        tasks.append(Task(dataset=samples, solver=generate(), name=f"panels-{size}-{len(tasks)}",
                          model=get_model("mockllm/model", custom_outputs=solver_output, memoize=False,
                                          config=CONNECTIONS),
                          scorer=evidence_scorer(str(RUBRIC_PATH), model=graders, timeout=TIMEOUT,
                                                 **json.loads(options))))
    logs = eval(tasks, display="none", log_dir=str(tmp_path), fail_on_error=False, max_samples=PANELS,
                max_tasks=1, max_connections=PANELS * 4)
    out = {}
    for log in logs:
        for s in log.samples:
            if s.error is not None:
                message = s.error.message
                # The sample's error is the JudgeError's repr: its message, one "name: why" a line.
                text = ast.literal_eval(message[message.index("(") + 1:message.rindex(")")])
                failures = dict(re.findall(r"^(g\d): (.*)$", text, re.M))
                out[int(s.id)] = {"error": message, "failures": failures}
                continue
            meta = s.scores["evidence_scorer"].metadata
            out[int(s.id)] = fields(meta["analysis"])
    return [out[i] for i in range(len(all_panels))]


# --- DeepEval: DeepEvalBaseLLM graders ----------------------------------------------------


class PanelLLM(DeepEvalBaseLLM):
    """A DeepEval custom model answering as its grader's kind says."""

    def __init__(self, grader):
        self.grader = grader
        super().__init__(model=grader["name"])

    def load_model(self):
        return self

    def generate(self, prompt, schema=None):
        raise AssertionError("the adapter awaits a_generate")

    async def a_generate(self, prompt, schema=None):
        g = self.grader
        if g["kind"] == "raises":
            raise Error(g["answer"])
        if g["kind"] == "times_out":
            await asyncio.sleep(3600)
        return g["answer"]

    def get_model_name(self):
        return self.grader["name"]


def via_deepeval(all_panels):
    async def one(panel):
        metric = EvidenceMetric(str(RUBRIC_PATH), model=[PanelLLM(g) for g in panel["graders"]], timeout=TIMEOUT,
                                **panel["options"])
        try:
            await metric.a_measure(LLMTestCase(input="write the notes", actual_output=panel["work"]))
        except pickanumber.JudgeError as e:
            return no_score(e.failures, e.misses)
        return fields(metric.analysis.to_dict())

    async def every():
        # In groups: the adapter runs DeepEval's models on the caller's loop, where many
        # panels at once would make each other's answers late.
        out = []
        for start in range(0, len(all_panels), 50):
            out += await asyncio.gather(*(one(p) for p in all_panels[start:start + 50]))
        return out

    return asyncio.run(every())


# --- npm and promptfoo: one Node process ---------------------------------------------------


def via_node(all_panels):
    node = os.environ.get("PICKANUMBER_NODE22")
    if not node:
        pytest.fail("PICKANUMBER_NODE22 is not set: `cargo xtask test` sets it to Node 22 from npm")
    package = pathlib_npm()
    if not (package / "index.js").is_file():
        pytest.fail(f"{package} is missing: run `cargo xtask package npm` first")
    npm_options = {"fail_under": "failUnder", "min_judges": "minJudges"}
    payload = {
        "rubric": str(RUBRIC_PATH),
        "timeoutMs": TIMEOUT * 1000,
        "panels": [
            {
                "work": p["work"],
                "options": {npm_options[k]: v for k, v in p["options"].items()},
                "graders": p["graders"],
            }
            for p in all_panels
        ],
    }
    env = dict(os.environ, PICKANUMBER_NPM=str(package), PROMPTFOO_DISABLE_TELEMETRY="1",
               PROMPTFOO_DISABLE_UPDATE="1", PROMPTFOO_CACHE_ENABLED="false")
    script = REPO / "site/npm/tests/differential-run.mjs"
    out = subprocess.run([node, str(script)], input=json.dumps(payload), capture_output=True, text=True, env=env,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-4000:]
    both = json.loads(out.stdout)

    def norm(v):
        return {**v, "misses": canonical(v["misses"])}

    return [norm(v) for v in both["npm"]], [norm(v) for v in both["promptfoo"]]


def pathlib_npm():
    import pathlib

    return pathlib.Path(os.environ.get("PICKANUMBER_NPM", REPO / "target/npm/pickanumber"))


def test_every_surface_gives_the_same_verdict_for_200_random_panels(cli, tmp_path):
    all_panels = panels()
    kinds = {g["kind"] for p in all_panels for g in p["graders"]}
    assert kinds == set(KINDS)
    want = via_python(all_panels)
    # The panels cover what the verdict can be: a pass, a miss, and no score at all.
    assert {w["passed"] for w in want} == {True, False}
    assert any(w["final"] is None for w in want) and any(w["final"] is not None for w in want)
    npm, promptfoo = via_node(all_panels)
    surfaces = {
        "cli": via_cli(cli, all_panels, tmp_path),
        "npm": npm,
        "promptfoo": promptfoo,
        "deepeval": via_deepeval(all_panels),
    }
    for surface, got in surfaces.items():
        for i, (g, w) in enumerate(zip(got, want)):
            assert g == w, f"panel {i} ({surface}): {json.dumps(all_panels[i]['graders'])[:400]}"
    inspected = via_inspect(all_panels, tmp_path)
    for i, (g, w) in enumerate(zip(inspected, want)):
        if w["final"] is None:
            # No score: inspect records the sample's error, which names each grader.
            assert g.get("failures") == w["failures"], f"panel {i} (inspect): {g}"
        else:
            assert g == w, f"panel {i} (inspect)"
