"""Resuming a sweep doesn't trust what it kept: every vector carries its provenance (mtgasp's
version, digests of asp/ and of the card data, the Comprehensive Rules' date); a kept vector of
another provenance is answered again, and `--verify N` answers a seeded sample again."""
import json

from pybridge.cli import main
from pybridge.sweep.provenance import FIELDS, provenance
from pybridge.sweep.run import run_sweep
from pybridge.sweep.spec import parse_spec

SPEC = ('title = "provenance"\npermanents = ["Forest"]\neffects = ["Mana Reflection", '
        '"Contamination"]\nsizes = [0, 1]\ncontrollers = ["you"]\nasks = ["produce", '
        '"could_produce"]\n')


def vectors(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def write(path, items):
    path.write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in items))


def first_run(tmp_path):
    out = tmp_path / "p.jsonl"
    summary = run_sweep(parse_spec(SPEC), out, progress=False)
    assert (summary.vectors, summary.agree) == (6, 6)
    return out


def test_every_vector_says_what_answered_it(tmp_path):
    out = first_run(tmp_path)
    stamps = [v["provenance"] for v in vectors(out)]
    assert all(s == provenance() for s in stamps) and set(stamps[0]) == set(FIELDS)
    assert len(stamps[0]["asp"]) == 16 and stamps[0]["rules"].count("-") == 2


def test_a_kept_vector_of_another_provenance_is_answered_again(tmp_path):
    out = first_run(tmp_path)
    whole = out.read_bytes()
    edited = vectors(out)
    edited[3]["provenance"] = {**edited[3]["provenance"], "asp": "0" * 16}
    edited[3]["answer"] = ["{W}"]                       # what an old asp/ might have said
    del edited[4]["provenance"]                         # written before vectors carried one
    write(out, edited)
    summary = run_sweep(parse_spec(SPEC), out, progress=False)
    assert (summary.stale, summary.stale_fields) == (2, {"asp": 1, "missing": 1})
    # vectors 0-2 kept in place; 3 and 4 answered again (with 5, the other ask of 4's board)
    assert (summary.resumed, summary.vectors, summary.agree) == (3, 6, 6)
    assert "2 kept vectors had another provenance (asp 1, missing 1)" in summary.text()
    assert out.read_bytes() == whole


def test_verify_catches_an_edited_kept_vector(tmp_path, capsys):
    out = first_run(tmp_path)
    edited = vectors(out)
    assert edited[2]["answer"] == edited[2]["reference"] == ["{G}{G}"]   # Mana Reflection
    edited[2]["answer"] = edited[2]["reference"] = ["{G}"]              # still "agreeing"
    write(out, edited)
    spec = tmp_path / "p.toml"
    spec.write_text(SPEC)
    assert main(["sweep", str(spec), "--out", str(out), "--verify", "6"]) == 1
    text = capsys.readouterr().out
    assert "6 vectors (6 already written, 0 new" in text and "5 agree" in text
    assert "--verify: 6 kept vectors answered again, 1 differ" in text
    assert "kept vector 2 differs from a fresh answer in answer, reference" in text
    # the sample is the seed's: the same vectors every time
    summary = run_sweep(parse_spec(SPEC), out, progress=False, verify=2, seed=1)
    again = run_sweep(parse_spec(SPEC), out, progress=False, verify=2, seed=1)
    assert summary.verified == again.verified == 2
    assert summary.verify_failed == again.verify_failed
