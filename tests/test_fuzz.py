"""Property-based fuzzing of the scenario loader and the command line.

Whatever the file holds (random text, TOML-ish lines, well-formed tables with wrong types, unknown
keys, huge numbers, unicode), `mtgasp` ends with exit 0, 1, 2 or 3 and, on a problem, one line on
stderr; never a traceback.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pybridge import InputError, parse_scenario
from pybridge.cli import main
from pybridge.read.scenario import EFFECT_KEYS, GAME_KEYS, PERMANENT_KEYS, TOP_KEYS

ROOT = Path(__file__).resolve().parent.parent
# FUZZ_EXAMPLES=2000 for a longer hunt; CI runs the default.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 60))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# --- strategies ---
CARDS = ["Forest", "Reflecting Pool", "Exotic Orchard", "Contamination", "Mana Reflection",
         "Damping Sphere", "Blood Moon", "Clone", "forrest", "", "Forest // Forest"]
KIND_KEYS = ["could_produce", "produce", "characteristics", "can_activate", "etb_x",
             "turn_face_up", "ability", "expect"]
HOSTILE = ['")."', "a\nb", "#include \"x.lp\".", "p :- q.", "#script (python) x #end.",
           "\\", "\u0000", "\U0001F600", "é", "x" * 300]

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(CARDS + HOSTILE + ["you", "opponent", "forest", "pool", "G", "B", "{G}"]),
    st.text(max_size=12),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(sorted(PERMANENT_KEYS | GAME_KEYS) + ["zz"]), inner, max_size=3)),
    max_leaves=8)


def key(known: set[str]):
    return st.one_of(st.sampled_from(sorted(known)), st.text(min_size=1, max_size=8))


def permanent_tables():
    base = st.fixed_dictionaries({"id": st.sampled_from(["forest", "pool", "x", "Bad Id", 3]),
                                  "card": st.sampled_from(CARDS)})
    return st.tuples(base, st.dictionaries(key(PERMANENT_KEYS), values, max_size=3)).map(
        lambda pair: {**pair[0], **pair[1]})


def ask_tables():
    return st.dictionaries(st.sampled_from(KIND_KEYS + ["zz"]),
                           st.one_of(st.sampled_from(["forest", "pool", "x"]), values),
                           min_size=1, max_size=3)


documents = st.fixed_dictionaries(
    {"title": st.one_of(st.text(max_size=10), values)},
    optional={
        "cites": values,
        "game": st.dictionaries(key(GAME_KEYS), values, max_size=3),
        "permanent": st.lists(permanent_tables(), max_size=3),
        "effect": st.lists(st.dictionaries(key(EFFECT_KEYS), values, max_size=3), max_size=2),
        "ask": st.one_of(st.lists(ask_tables(), max_size=3), values),
        "zz": values,
    })


# --- a tiny TOML writer for the generated documents (tests only) ---
def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)   # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(doc: dict) -> str:
    lines = []
    for k, v in doc.items():
        if not (isinstance(v, list) and v and all(isinstance(t, dict) for t in v)) \
                and not (k == "game" and isinstance(v, dict)):
            lines.append(f"{json.dumps(k)} = {toml_value(v)}")
    for k, v in doc.items():
        if k == "game" and isinstance(v, dict):
            lines.append("[game]")
            lines += [f"{json.dumps(a)} = {toml_value(b)}" for a, b in v.items()]
        elif isinstance(v, list) and v and all(isinstance(t, dict) for t in v):
            for table in v:
                lines.append(f"[[{json.dumps(k)}]]")
                lines += [f"{json.dumps(a)} = {toml_value(b)}" for a, b in table.items()]
    return "\n".join(lines) + "\n"


toml_ish_lines = st.lists(st.one_of(
    st.sampled_from(["[game]", "[[permanent]]", "[[ask]]", "[[effect]]", "title = \"t\"",
                     'id = "forest"', 'card = "Forest"', 'produce = "forest"', "expect = [",
                     'could_produce = "forest"', "x = 99999999999999999999", "[[permanent]",
                     "a.b.c = 1", "tapped = yes", '"\\u0000" = 1', "= 3", "[[ask]]\n[[ask]]"]),
    st.text(max_size=30)), max_size=12).map("\n".join)


# --- the loader: only InputError, always one line naming the file ---
def assert_clean_rejection_or_scenario(text: str) -> None:
    try:
        parse_scenario(text, "fuzz.toml")
    except InputError as err:
        message = str(err)
        assert message.startswith("fuzz.toml"), message
        assert "\n" not in message and "\r" not in message, repr(message)


@FUZZ
@given(st.text(max_size=200))
def test_random_text_is_rejected_cleanly(text):
    assert_clean_rejection_or_scenario(text)


@FUZZ
@given(toml_ish_lines)
def test_toml_ish_lines_are_rejected_cleanly(text):
    assert_clean_rejection_or_scenario(text)


@FUZZ
@given(documents)
def test_tables_with_wrong_types_are_rejected_cleanly(doc):
    assert_clean_rejection_or_scenario(toml_document(doc))


# --- the command line, in process ---
def run_cli(tmp_path, capsys, text: str, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "fuzz.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code = main(["ask", str(path), *options])
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean_exit(code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2, 3), (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("mtgasp: ") and err.count("\n") == 1, repr(err)


@FUZZ
@given(documents)
def test_cli_never_crashes_on_generated_tables(tmp_path, capsys, doc):
    assert_clean_exit(*run_cli(tmp_path, capsys, toml_document(doc), "--json"))


def near_valid_documents():
    """Mostly valid scenarios with one thing off, so that the solver runs too."""
    good = {"title": "fuzz", "permanent": [{"id": "forest", "card": "Forest"},
                                           {"id": "pool", "card": "Reflecting Pool"}],
            "ask": [{"could_produce": "pool"}, {"produce": "forest"}]}
    paths = st.sampled_from([("permanent", 0), ("permanent", 1), ("ask", 0), ("ask", 1)])
    return st.tuples(paths, key(PERMANENT_KEYS | {"could_produce", "produce", "ability"}), values).map(
        lambda t: {**good, t[0][0]: [dict(tb, **({t[1]: t[2]} if i == t[0][1] else {}))
                                     for i, tb in enumerate(good[t[0][0]])]})


@settings(max_examples=EXAMPLES * 2 // 3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(near_valid_documents())
def test_cli_never_crashes_on_nearly_valid_scenarios(tmp_path, capsys, doc):
    code, out, err = run_cli(tmp_path, capsys, toml_document(doc), "--explain")
    assert_clean_exit(code, out, err)
    if code == 0:
        assert "pool" in out


def test_top_level_keys_are_the_documented_ones():
    assert {"title", "permanent", "ask"} <= TOP_KEYS


# --- odd command lines ---
def test_odd_command_lines_are_usage_errors(tmp_path, capsys):
    scenario = ROOT / "queries" / "produce" / "contamination_mana_reflection.toml"
    for argv in (["ask", str(scenario), "--timeout", "nan"], ["ask", str(scenario), "--timeout", "0"],
                 ["ask", str(scenario), "--timeout", "-1"], ["ask", str(scenario), "--timeout", "soon"],
                 ["ask", str(tmp_path)], ["ask", "no\x00such.toml"], ["check", "-j", "0"],
                 ["ask"], [], ["--version-of-nothing"]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2, argv
        assert err.startswith("mtgasp: ") and err.count("\n") == 1 and "Traceback" not in err, (argv, err)


def test_endless_timeouts_mean_no_limit(capsys):
    scenario = ROOT / "queries" / "produce" / "contamination_mana_reflection.toml"
    for endless in ("inf", "1e400", "1e300"):
        assert main(["ask", str(scenario), "--timeout", endless]) == 0
        assert '["{B}", "{B}{B}"]  ok' in capsys.readouterr().out


def test_not_utf8_file_is_bad_input(tmp_path, capsys):
    path = tmp_path / "latin1.toml"
    path.write_bytes('title = "caf\xe9"\n'.encode("latin-1"))
    assert main(["ask", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_deeply_nested_arrays_are_bad_input(capsys, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("title = " + "[" * 5000 + "]" * 5000 + "\n")
    assert main(["ask", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# --- a couple of real processes, as a user runs them ---
def run_process(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_process_rejects_garbage_with_one_line(tmp_path):
    path = tmp_path / "garbage.toml"
    path.write_bytes(b"\x00\xff[[[ title = \n\"\"\"")
    done = run_process("ask", str(path))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_process_rejects_huge_numbers_with_one_line(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text('title = "t"\n[[permanent]]\nid = "forest"\ncard = "Forest"\n'
                    'timestamp = 99999999999999999999\n[[ask]]\nproduce = "forest"\nability = 4294967297\n')
    done = run_process("ask", str(path), "--json")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
