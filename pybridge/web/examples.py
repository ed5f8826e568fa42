"""The scenarios of queries/, listed once, served by their index only (no user text in paths)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


def default_queries_dir() -> Path | None:
    """queries/ beside the package in a checkout (an installed wheel has none)."""
    folder = Path(__file__).resolve().parent.parent.parent / "queries"
    return folder if folder.is_dir() else None


@dataclass(frozen=True)
class Example:
    index: int
    name: str       # "produce/contamination_reflection_sphere"
    kind: str       # its folder, the question topic
    title: str
    path: Path

    def json(self) -> dict:
        return {"index": self.index, "name": self.name, "kind": self.kind, "title": self.title}


def list_examples(folder: Path | None) -> list[Example]:
    if folder is None:
        return []
    examples = []
    for path in sorted(folder.rglob("*.toml")):
        try:
            title = tomllib.loads(path.read_text(encoding="utf-8")).get("title", path.stem)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        relative = path.relative_to(folder).with_suffix("")
        examples.append(Example(len(examples), relative.as_posix(), relative.parts[0],
                                str(title), path))
    return examples
