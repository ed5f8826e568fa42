"""The README's command examples print what the README says they print."""
import re
import shlex
from pathlib import Path

import pytest

from pybridge.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# A fenced block that opens with "$ mtgasp ask ..." and shows the output below it.
EXAMPLES = re.findall(r"```\n\$ mtgasp (ask [^\n]+)\n(.*?)```", README, flags=re.S)


def test_the_readme_has_command_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("command,shown", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command, shown, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    if "--dot" in args:  # write the picture somewhere harmless
        args[args.index("--dot") + 1] = str(tmp_path / "states.dot")
    status = main(args)
    printed = capsys.readouterr().out.splitlines()
    assert status == 0
    expected = shown.rstrip("\n").splitlines()
    if any(line.strip() == "..." for line in expected):
        # "..." stands for lines left out: the rest must appear, in order
        wanted = [line for line in expected if line.strip() != "..."]
        position = 0
        for line in wanted:
            assert line in printed[position:], f"missing from the output: {line}"
            position = printed.index(line, position) + 1
    else:
        assert printed == expected


def test_the_readme_counts_the_scenarios_and_asks_of_queries():
    """The README's "(N files, M asks)" is what queries/ holds (a file's asks are its [[ask]]
    tables)."""
    import tomllib
    found = re.search(r"`queries/` \(([\d,]+) files, ([\d,]+) asks\)", README)
    assert found, "the README no longer says how many scenarios queries/ holds"
    files = sorted((ROOT / "queries").rglob("*.toml"))
    asks = sum(len(tomllib.loads(path.read_text(encoding="utf-8")).get("ask", [])) for path in files)
    assert (int(found[1].replace(",", "")), int(found[2].replace(",", ""))) == (len(files), asks)
