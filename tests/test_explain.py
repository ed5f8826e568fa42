"""--explain and --dot: explanations derived by the logic programs, checked against the state
graph itself, citing rules that exist."""
import re
import shutil
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import pytest

from pybridge import answer_scenario, ask, build_scenario, load_scenario
from pybridge.answer import answering
from pybridge.cli import main
from pybridge.answer.events import final_states, question_facts
from pybridge.read.facts import scenario_facts
from pybridge.answer.explain import explain_ask
from pybridge.answer.kinds import KINDS, ModelAtoms
from pybridge.answer.kinds.mana import mana_counts, mana_string
from pybridge.cards.library import asp_dir, program_files
from pybridge.solve.solver import solve_in_process

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
RULES = ROOT / "pybridge" / "data" / "MagicCompRules.txt"
RULE_STRING = re.compile(r'"(\d{3}\.\d+[a-z]?)"')


def steps(group):
    return [(s.rule, s.text) for s in group.steps]


def board(*permanents, asks):
    return {"title": "t", "permanent": [dict(zip(("id", "card", "controller"), p)) for p in permanents],
            "ask": asks}


CONTAMINATION_REFLECTION_SPHERE = board(
    ("forest", "Forest"), ("contamination", "Contamination", "opponent"),
    ("reflection", "Mana Reflection"), ("sphere", "Damping Sphere", "opponent"),
    asks=[{"produce": "forest"}, {"could_produce": "forest"}])


# --- produce ---
def test_produce_each_result_with_its_orders_and_a_shortest_order():
    result = ask(QUERIES / "produce" / "contamination_mana_reflection.toml", explain=True)
    produce = result.results[0]
    assert [g.fields for g in produce.explain] == [{"result": "{B}", "orders": 1},
                                                   {"result": "{B}{B}", "orders": 1}]
    one_black, two_black = produce.explain
    assert [rule for rule, _ in steps(one_black)] == ["305.6", "616.1e", "614.6", "616.1f"]
    assert "Mana Reflection (reflection) replaces {G} with {G}{G}" in steps(one_black)[1][1]
    assert "Contamination (contamination) replaces {G}{G} with {B}" in steps(one_black)[2][1]
    assert "Contamination (contamination) replaces {G} with {B}" in steps(two_black)[1][1]
    assert "Mana Reflection (reflection) replaces {B} with {B}{B}" in steps(two_black)[2][1]


def test_an_effect_that_became_applicable_cites_616_2():
    result = ask(CONTAMINATION_REFLECTION_SPHERE, explain=True)
    produce, could = result.results
    assert produce.answer == ["{B}", "{C}"]
    by_result = {g.fields["result"]: g for g in produce.explain}
    assert by_result["{B}"].fields["orders"] == 2 and by_result["{C}"].fields["orders"] == 1
    # {B}: Mana Reflection then Contamination (2 steps) beats the 3-step order through the Sphere.
    assert len(by_result["{B}"].steps) == 4
    sphere = [step for step in steps(by_result["{C}"]) if "Damping Sphere" in step[1]]
    assert sphere == [("616.2", "Damping Sphere (sphere) replaces {B}{B} with {C}")]
    assert [g.fields["type"] for g in could.explain] == ["B", "C"]


def test_triggered_mana_follows_the_replacement_effects():
    result = ask(board(("forest", "Forest"), ("flare", "Mana Flare"), ("c", "Contamination"),
                       asks=[{"produce": "forest"}]), explain=True)
    (group,) = result.results[0].explain
    assert group.fields == {"result": "{B}{B}", "orders": 1}
    assert steps(group)[-1] == ("106.12a", "Mana Flare (flare) triggers and adds {B}: {B}{B} in all")


def test_no_mana_ability_no_result():
    result = ask(board(("bear", "Grizzly Bears"), asks=[{"produce": "bear"}]), explain=True)
    assert result.answer() == []
    (group,) = result.results[0].explain
    assert steps(group) == [("605.1a", "Grizzly Bears (bear) has no mana ability to activate")]


def test_an_undefined_type_adds_no_mana_by_106_5():
    result = ask(QUERIES / "could_produce" / "two_reflecting_pools.toml", explain=True)
    produce = result.results[1]
    (group,) = produce.explain
    assert group.fields == {"result": "", "orders": 1}
    assert steps(group)[0][0] == "106.5"


@lru_cache(maxsize=None)
def graph_of(doc_key: str):
    """The raw state graph (all atoms, no explain programs) of one of the boards below."""
    scenario = build_scenario(BOARDS[doc_key])
    atoms = solve_in_process(scenario_facts(scenario), shown_only=False).symbols
    return scenario, atoms


BOARDS = {
    "mix": board(("forest", "Forest"), *[(f"r{i}", "Mana Reflection") for i in range(4)],
                 ("c", "Contamination", "opponent"), ("s", "Damping Sphere", "opponent"),
                 ("n", "Nyxbloom Ancient"), asks=[{"produce": "forest"}]),
    "choices": board(("brass", "City of Brass"), ("r", "Mana Reflection"),
                     ("c", "Contamination", "opponent"), ("s", "Damping Sphere", "opponent"),
                     ("p", "Pulse of Llanowar"), asks=[{"produce": "brass"}]),
}


def independent_counts(atoms):
    """Paths and shortest lengths per final mana, counted in Python over transition/8,
    transition_weight/4 (an edge applying one of W interchangeable effects is W orders) and
    final/4 atoms, from every root of the asked activation: a check on the ASP count."""
    edges = defaultdict(list)
    finals = set()
    roots = []
    weight = {}
    for a in atoms:
        if a.name == "transition_weight":
            sig, counts, x, w = a.arguments
            weight[(sig, counts, x)] = w.number
    for a in atoms:
        if a.name == "transition":
            sig, m0, s, m, x, _op, s2, m2 = a.arguments
            edges[(sig, m0, s, m)].append(((sig, m0, s2, m2), weight[(sig, s, x)]))
        elif a.name == "final":
            finals.add(tuple(a.arguments))
        elif a.name == "produce_wanted":
            asked = (a.arguments[1], a.arguments[2])
    signature = {(a.arguments[0], a.arguments[1]): a.arguments[2] for a in atoms
                 if a.name == "activation_sig"}
    start = {(a.arguments[0], a.arguments[1]): a.arguments[2] for a in atoms
             if a.name == "state" and len(a.arguments) == 4
             and a.arguments[2].arguments[0].number == 0}
    for a in atoms:
        if a.name == "option" and (a.arguments[0], a.arguments[1]) == asked:
            sig, m0 = signature[asked], a.arguments[2]
            roots.append((sig, m0, start[(sig, m0)], m0))
    counts, shortest = defaultdict(int), {}

    def walk(state, depth, paths):
        if state in finals:
            key = mana_string(mana_counts(state[3]))
            counts[key] += paths
            shortest[key] = min(shortest.get(key, depth), depth)
        for nxt, w in edges[state]:
            walk(nxt, depth + 1, paths * w)
    for root in roots:
        walk(root, 0, 1)
    return dict(counts), shortest


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_order_counts_and_shortest_orders_match_the_state_graph(name):
    scenario, atoms = graph_of(name)
    counts, shortest = independent_counts(atoms)
    produce = answer_scenario(scenario, explain=True).results[0]
    assert {g.fields["result"]: g.fields["orders"] for g in produce.explain} == counts
    for group in produce.explain:
        replacements = [s for s in group.steps if " replaces " in s.text]
        assert len(replacements) == shortest[group.fields["result"]]


def test_counts_beyond_one_limb_are_exact():
    """Ten Mana Reflections on a Forest: 10! orders, all giving 1,024 {G} (the count is kept in
    base-10^4 limbs in ASP, so this crosses two carries)."""
    doc = board(("forest", "Forest"), *[(f"r{i}", "Mana Reflection") for i in range(10)],
                asks=[{"produce": "forest"}])
    (group,) = ask(doc, explain=True).results[0].explain
    assert group.fields["orders"] == 3_628_800
    assert "3,628,800 orders" in group.heading


# --- could_produce ---
def test_could_produce_names_the_chain_of_permanents():
    result = ask(QUERIES / "could_produce" / "orchard_chain.toml", explain=True)
    their_pool = result.results[1]
    (green,) = their_pool.explain
    assert green.fields["type"] == "G"
    texts = [text for _, text in steps(green)]
    assert [rule for rule, _ in steps(green)] == ["305.6", "106.7", "106.7", "106.7", "106.7", "106.7"]
    assert texts[0].startswith("Forest (forest)")
    assert texts[2].startswith("Exotic Orchard (their_orchard)") and "as forest could produce {G}" in texts[2]
    assert texts[4].startswith("Reflecting Pool (their_pool)") and "as their_orchard could produce" in texts[4]
    assert texts[5] == "so Reflecting Pool (their_pool) could produce {G}"


def sampled_queries():
    """Every produce and could_produce scenario, and the first two of every other folder: the
    kinds whose explanations are counted and chained, and a taste of the rest."""
    files = []
    for folder in sorted(p for p in QUERIES.iterdir() if p.is_dir()):
        found = sorted(folder.rglob("*.toml"))
        files += found if folder.name in ("produce", "could_produce") else found[:2]
    return files


@lru_cache(maxsize=1)
def explained_queries():
    """(path, ask, answer, groups, unexplained could_produce atoms) of each sampled scenario, from
    one solver run each, with the explain programs an --explain run loads."""
    rows = []
    for path in sampled_queries():
        scenario = load_scenario(path)
        files = answering.explain_programs(scenario, explain=True, graph=False)
        facts = scenario_facts(scenario)
        if scenario.events:       # asked of the state after them (the first outcome's)
            facts = question_facts(scenario, final_states(scenario)[0])
        symbols = solve_in_process(facts, extra_programs=files).symbols
        atoms = ModelAtoms(symbols)
        gaps = atoms.by_name.get("could_produce_unexplained", [])
        for a in scenario.asks:
            kind = KINDS[a.kind]
            rows.append((path, a, kind.answer(atoms, a), explain_ask(atoms, a, kind.explain), gaps))
    return rows


def test_every_sampled_query_is_explained_and_every_could_produce_type_has_a_chain():
    for path, a, answer, groups, gaps in explained_queries():
        assert gaps == [], path
        assert groups, (path, a.number)
        if a.kind == "could_produce":
            assert [g.fields["type"] for g in groups] == (answer or [None]), (path, a.number)
        if a.kind == "produce" and answer:
            assert [g.fields["result"] for g in groups] == answer, (path, a.number)
            assert all(g.fields["orders"] >= 1 and g.steps for g in groups)


# --- citations ---
@lru_cache(maxsize=1)
def rule_numbers() -> set[str]:
    text = RULES.read_text(encoding="utf-8-sig")
    return set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.M))


def cited_in_programs() -> set[str]:
    """Rule numbers an explanation can cite: every quoted rule number in the code of asp/ (the
    explain programs cite their own and pass on those the rules programs attach to their
    reasons) and in pybridge/answer/explain.py."""
    found: set[str] = set()
    for path in sorted(asp_dir().rglob("*.lp")):
        for line in path.read_text(encoding="utf-8").splitlines():
            found.update(RULE_STRING.findall(line.split("%")[0]))
    found.update(RULE_STRING.findall((ROOT / "pybridge" / "answer" / "explain.py").read_text(encoding="utf-8")))
    return found


def test_every_rule_the_explanations_can_cite_exists():
    cited = cited_in_programs()
    assert {"616.1", "616.1e", "616.1f", "616.2", "614.6", "106.7", "305.6", "106.12a"} <= cited
    assert sorted(cited - rule_numbers()) == []


def test_every_rule_cited_in_the_answers_exists():
    for path, a, _, groups, _ in explained_queries():
        for group in groups:
            for step in group.steps:
                assert step.rule in rule_numbers(), (path, a.number, step)


# --- plain runs stay plain ---
def test_plain_runs_load_no_explain_program(monkeypatch):
    assert not [p for p in program_files() if "explain" in p.relative_to(asp_dir()).parts]
    # The worker runs what explain_programs lists beside the rules programs.
    scenario = load_scenario(QUERIES / "produce" / "contamination_mana_reflection.toml")
    assert answering.explain_programs(scenario, explain=False, graph=False) == []
    result = ask(scenario)
    assert all(r.explain == [] for r in result.results)
    loaded = answering.explain_programs(scenario, explain=True, graph=False)
    assert {p.stem for p in loaded} == {"common", "produce", "could_produce"}


def test_text_and_json_explanations(capsys):
    path = QUERIES / "produce" / "contamination_mana_reflection.toml"
    assert main(["ask", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "    {B}: 1 order leads here:\n" in out
    assert "      2. Mana Reflection (reflection) replaces {G} with {G}{G} (rule 616.1e)" in out
    assert main(["ask", str(path), "--explain", "--json"]) == 0
    import json
    answers = json.loads(capsys.readouterr().out)["answers"]
    first = answers[0]["explain"][0]
    assert first["result"] == "{B}" and first["orders"] == 1
    assert first["steps"][0] == {"rule": "305.6",
                                 "text": 'Forest (forest) activates "{T}: Add {G}.", which would add {G}'}
    assert main(["ask", str(path), "--json"]) == 0
    assert "explain" not in json.loads(capsys.readouterr().out)["answers"][0]


# --- --dot ---
def test_dot_draws_the_state_graph(tmp_path, capsys):
    target = tmp_path / "graph.dot"
    source = tmp_path / "crs.toml"
    source.write_text('title = "crs"\n' + "".join(
        f'[[permanent]]\nid = "{i}"\ncard = "{c}"\ncontroller = "{pl}"\n' for i, c, pl in
        [("forest", "Forest", "you"), ("contamination", "Contamination", "opponent"),
         ("reflection", "Mana Reflection", "you"), ("sphere", "Damping Sphere", "opponent")])
        + '[[ask]]\nproduce = "forest"\n')
    assert main(["ask", str(source), "--dot", str(target)]) == 0
    dot = target.read_text()
    assert dot.startswith("digraph states {")
    assert dot.count(" -> ") == 7                       # one edge per transition
    assert dot.count("peripheries=2") == 3              # three final states
    assert dot.count('[label="Damping Sphere (sphere)"]') == 2
    if shutil.which("dot"):
        assert target.with_suffix(".svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_dot_needs_a_produce_question(tmp_path, capsys):
    path = QUERIES / "could_produce" / "orchard_chain.toml"
    assert main(["ask", str(path), "--dot", str(tmp_path / "g.dot")]) == 2
    assert "produce" in capsys.readouterr().err


def test_the_readme_picture_is_there():
    assert (ROOT / "docs" / "contamination_reflection_sphere.svg").exists()
