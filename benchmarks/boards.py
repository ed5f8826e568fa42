"""Generated benchmark boards, written as scenario TOML so that the real loader reads them.

Three families, one per series of docs/benchmarks.md:
  mana_board(n)          n permanents of lands, mana rocks and reflecting creatures on both sides,
                         a type-changing land of each kind and a few mana replacement effects;
                         one `could_produce` ask per permanent.
  replacement_board(k)   one Forest and the first k effects of REPLACEMENT_SEQUENCE, all of which
                         apply to it; one `produce` ask.
  copy_board(n, kind)    n permanents in short chains of copies of copies, face-down creatures
                         (morph, Ixidron) and copies of those; one `kind` ask per permanent.
Card names live here on purpose: the bridge and the rules never name a card.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import cycle

YOU, OPPONENT = "you", "opponent"


@dataclass(frozen=True)
class PermanentSpec:
    id: str
    card: str
    controller: str = YOU
    # Further scenario keys (copy_of, face_down, chosen_type ...), in the order they are written.
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class EffectSpec:
    """A lasting effect of a resolved spell or ability (a scenario [[effect]] table)."""
    card: str
    controller: str = YOU


@dataclass
class Board:
    title: str
    permanents: list[PermanentSpec] = field(default_factory=list)
    effects: list[EffectSpec] = field(default_factory=list)
    asks: list[tuple[str, str]] = field(default_factory=list)   # (question kind, permanent id)
    commanders: dict[str, str] = field(default_factory=dict)

    def to_toml(self) -> str:
        lines = [f"title = {_quote(self.title)}"]
        if self.commanders:
            pairs = ", ".join(f"{player} = {_quote(card)}" for player, card in self.commanders.items())
            lines += ["", "[game]", f"commanders = {{ {pairs} }}"]
        for p in self.permanents:
            lines += ["", "[[permanent]]", f"id = {_quote(p.id)}", f"card = {_quote(p.card)}",
                      f"controller = {_quote(p.controller)}"]
            lines += [f"{key} = {_quote(value)}" for key, value in p.extra]
        for e in self.effects:
            lines += ["", "[[effect]]", f"card = {_quote(e.card)}", f"controller = {_quote(e.controller)}"]
        for kind, target in self.asks:
            lines += ["", "[[ask]]", f"{kind} = {_quote(target)}"]
        return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    # A JSON string with ASCII escapes is also a valid TOML basic string.
    return json.dumps(text, ensure_ascii=True)


# --- series 1: a large board of mana sources ---

# The parts every mana board has once, whatever its size: a type-changing land on each side and
# mana replacement effects.  Contamination is left out on purpose: it makes every land produce
# only {B}, which would shrink every answer and so flatter the solver.
MANA_BOARD_FIXED: tuple[PermanentSpec, ...] = (
    PermanentSpec("urborg", "Urborg, Tomb of Yawgmoth", YOU),
    PermanentSpec("omen", "Prismatic Omen", OPPONENT),
    PermanentSpec("reflection", "Mana Reflection", YOU),
    PermanentSpec("virtue", "Virtue of Strength", YOU),
    PermanentSpec("nyxbloom", "Nyxbloom Ancient", OPPONENT),
)
MANA_BOARD_EFFECTS: tuple[EffectSpec, ...] = (EffectSpec("Pale Moon", OPPONENT),)
MANA_BOARD_COMMANDERS = {YOU: "Scion of the Ur-Dragon", OPPONENT: "Kinnan, Bonder Prodigy"}

# The repeating part, dealt out to both players in turn: basics, nonbasic lands, and the
# reflecting family (a quarter of the cycle) whose answers depend on everyone else's.
MANA_BOARD_CYCLE: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Plains", ()), ("Island", ()), ("Swamp", ()), ("Mountain", ()), ("Forest", ()),
    ("Wastes", ()), ("Snow-Covered Forest", ()),
    ("Reflecting Pool", ()), ("Exotic Orchard", ()),
    ("Tundra", ()), ("Savannah", ()), ("Breeding Pool", ()), ("Hallowed Fountain", ()),
    ("Ketria Triome", ()), ("Karplusan Forest", ()), ("Command Tower", ()),
    ("Fellwar Stone", ()), ("Naga Vitalist", ()),
    ("City of Brass", ()), ("Gemstone Mine", ()), ("Ancient Tomb", ()),
    ("Cavern of Souls", (("chosen_type", "Elf"),)), ("Vivid Crag", ()), ("Dryad Arbor", ()),
    ("Sol Ring", ()), ("Birds of Paradise", ()), ("Harvester Druid", ()), ("Sylvok Explorer", ()),
)


def mana_board(n: int) -> Board:
    """n permanents (n >= len(MANA_BOARD_FIXED)), with a could_produce ask for each."""
    if n < len(MANA_BOARD_FIXED):
        raise ValueError(f"a mana board needs at least {len(MANA_BOARD_FIXED)} permanents")
    board = Board(title=f"Benchmark: {n} mana permanents, could_produce for each",
                  effects=list(MANA_BOARD_EFFECTS), commanders=dict(MANA_BOARD_COMMANDERS))
    board.permanents.extend(MANA_BOARD_FIXED)
    cards = cycle(MANA_BOARD_CYCLE)
    for index in range(n - len(MANA_BOARD_FIXED)):
        card, extra = next(cards)
        # Alternating controllers: the cycle's length is even, so shift by one each lap to give
        # both players every card.
        lap = index // len(MANA_BOARD_CYCLE)
        controller = YOU if (index + lap) % 2 == 0 else OPPONENT
        board.permanents.append(PermanentSpec(f"p{index}", card, controller, extra))
    board.asks = [("could_produce", p.id) for p in board.permanents]
    return board


# --- series 2: k replacement effects on one Forest ---

@dataclass(frozen=True)
class ReplacementSource:
    card: str
    controller: str
    lasting: bool = False   # an [[effect]] of a resolved ability rather than a permanent


# Every one of these applies to a Forest you control (some only once the mana has grown: Damping
# Sphere needs two or more).  Pale Moon's effect is not here: it only touches nonbasic lands.
REPLACEMENT_SEQUENCE: tuple[ReplacementSource, ...] = (
    ReplacementSource("Mana Reflection", YOU),
    ReplacementSource("Mana Reflection", YOU),
    ReplacementSource("Nyxbloom Ancient", YOU),
    ReplacementSource("Virtue of Strength", YOU),
    ReplacementSource("Contamination", OPPONENT),
    ReplacementSource("Infernal Darkness", OPPONENT),
    ReplacementSource("Damping Sphere", OPPONENT),
    ReplacementSource("Pulse of Llanowar", YOU),
    ReplacementSource("Reality Twist", OPPONENT),
    ReplacementSource("Naked Singularity", OPPONENT),
    ReplacementSource("Deep Water", YOU, lasting=True),
    ReplacementSource("Mana Reflection", YOU),
)
MAX_EFFECTS = len(REPLACEMENT_SEQUENCE)


def replacement_board(k: int) -> Board:
    """A Forest you control and the first k replacement effects; asks `produce` of the Forest."""
    if not 0 <= k <= MAX_EFFECTS:
        raise ValueError(f"k must be between 0 and {MAX_EFFECTS}")
    board = Board(title=f"Benchmark: {k} replacement effects on one Forest",
                  permanents=[PermanentSpec("forest", "Forest", YOU)])
    for index, source in enumerate(REPLACEMENT_SEQUENCE[:k]):
        if source.lasting:
            board.effects.append(EffectSpec(source.card, source.controller))
        else:
            board.permanents.append(PermanentSpec(f"effect{index}", source.card, source.controller))
    board.asks = [("produce", "forest")]
    return board


# --- series 3: copies of copies and face-down permanents ---

COPY_BLOCK_CREATURES = ("Grizzly Bears", "Llanowar Elves", "Birds of Paradise", "Morphling",
                        "Exalted Angel", "Ulvenwald Hydra")


def _copy_block(block: int) -> list[PermanentSpec]:
    """Thirteen permanents; every copy_of names an earlier one of the same block."""
    side, other = (YOU, OPPONENT) if block % 2 == 0 else (OPPONENT, YOU)
    creature = COPY_BLOCK_CREATURES[block % len(COPY_BLOCK_CREATURES)]

    def ident(i: int) -> str:
        return f"b{block}_{i}"

    def copy(i: int, card: str, controller: str, of: int) -> PermanentSpec:
        return PermanentSpec(ident(i), card, controller, (("copy_of", ident(of)),))

    return [
        PermanentSpec(ident(0), creature, side),
        copy(1, "Clone", other, of=0),
        copy(2, "Phantasmal Image", side, of=1),
        copy(3, "Vesuvan Doppelganger", other, of=2),
        PermanentSpec(ident(4), "Dryad Arbor", side),
        copy(5, "Clone", side, of=4),
        copy(6, "Phantasmal Image", other, of=5),
        PermanentSpec(ident(7), "Fellwar Stone", side),
        copy(8, "Sculpting Steel", other, of=7),
        copy(9, "Sculpting Steel", side, of=8),
        PermanentSpec(ident(10), "Exalted Angel", side, (("face_down", "morph"),)),
        copy(11, "Clone", other, of=10),
        PermanentSpec(ident(12), "Grizzly Bears", other, (("face_down", "Ixidron"),)),
    ]


def copy_board(n: int, kind: str) -> Board:
    """n permanents in blocks of originals, copies of copies and face-down permanents.

    Each block holds chains up to four deep (a creature, a Clone of it, a Phantasmal Image of that
    Clone, a Vesuvan Doppelganger of that Image), a land creature and copies of it, an artifact
    and a copy of the copy, and face-down permanents (morph, Ixidron) with a Clone of one, whose
    copiable values are the face-down ones (rule 707.2).  The last block is cut short at n, which
    keeps every copy_of valid.  Every permanent is asked `kind`.
    """
    board = Board(title=f"Benchmark: {n} permanents with copies of copies and face-down ones, "
                        f"{kind} for each")
    block = 0
    while len(board.permanents) < n:
        board.permanents.extend(_copy_block(block))
        block += 1
    del board.permanents[n:]
    board.asks = [(kind, p.id) for p in board.permanents]
    return board
