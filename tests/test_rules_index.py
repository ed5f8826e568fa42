"""docs/RULES.md is the index the programs' citations make, and it finds what it should."""
from pybridge.comprules.index import citations, rules_markdown, rules_path


def test_docs_rules_md_is_current():
    assert rules_path().read_text(encoding="utf-8") == rules_markdown(), \
        "regenerate it: python -m pybridge.comprules.index"


def test_the_index_points_at_lines_that_cite_the_rule():
    found = citations()
    assert {"616.1", "708.2", "106.7", "613.1d"} <= set(found)
    root = rules_path().parent.parent
    for rule in ("616.1", "708.2"):
        for place in found[rule]:
            path, line = place.rsplit(":", 1)
            assert rule in (root / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]
