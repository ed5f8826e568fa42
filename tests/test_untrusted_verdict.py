"""An answer that may rest on ability text the rules did not read: its verdict is `ok?` (not
`ok`), its JSON says `"trusted": false`, `check` counts it apart, and `--strict` fails on it."""
import json
import textwrap

from pybridge.cli import main

# Tromokratis's "can't be blocked unless all creatures defending player controls block it" is a
# combat rule the rules don't read, and a characteristics answer lists combat rules.
UNREAD = textwrap.dedent("""
    title = "A creature with a combat rule the rules don't read"
    [[permanent]]
    id = "tromokratis"
    card = "Tromokratis"
    [[ask]]
    characteristics = "tromokratis"
    expect = { power = 8, toughness = 8 }
    [[ask]]
    could_produce = "tromokratis"
""")
READ = textwrap.dedent("""
    title = "A Forest: every ability read"
    [[permanent]]
    id = "forest"
    card = "Forest"
    [[ask]]
    produce = "forest"
    expect = ["{G}"]
""")


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_json_says_untrusted_exactly_where_the_answer_names_unread_text(tmp_path, capsys):
    main(["ask", "--json", write(tmp_path, "unread.toml", UNREAD)])
    answers = json.loads(capsys.readouterr().out)["answers"]
    characteristics = answers[0]
    assert characteristics["ok"] is True and characteristics["trusted"] is False
    assert [row["permanent"] for row in characteristics["unmodelled"]] == ["tromokratis"]
    for answer in answers:
        assert ("trusted" in answer) == bool(answer.get("unmodelled"))
    main(["ask", "--json", write(tmp_path, "read.toml", READ)])
    assert "trusted" not in json.loads(capsys.readouterr().out)["answers"][0]


def test_ask_shows_ok_with_a_question_mark_and_strict_fails(tmp_path, capsys):
    path = write(tmp_path, "unread.toml", UNREAD)
    assert main(["ask", path]) == 0
    out = capsys.readouterr().out
    assert "characteristics tromokratis:  ok?" in out
    assert "This answer does not read Tromokratis's ability “Tromokratis can't be blocked" in out
    assert main(["ask", "--strict", path]) == 1
    capsys.readouterr()
    assert main(["ask", "--strict", write(tmp_path, "read.toml", READ)]) == 0


def test_check_counts_untrusted_answers_apart_and_strict_makes_them_failures(tmp_path, capsys):
    unread, read = write(tmp_path, "unread.toml", UNREAD), write(tmp_path, "read.toml", READ)
    assert main(["check", unread, read]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "1 ok, 1 ok?, 1 answered (2 files)"
    flagged = [line for line in lines if line.startswith("ok? ")]
    assert len(flagged) == 1 and "rests on text not modelled: tromokratis: Tromokratis can't be blocked" in flagged[0]
    assert main(["check", "--strict", unread, read]) == 1
    capsys.readouterr()
    assert main(["check", "--strict", read]) == 0
