"""A board of plain permanents (issue 11: 100,000 of them): the answers are the printed ones,
and no rule keeps per-permanent bookkeeping that nothing on the board reads: options of
abilities that are the same everywhere are built once per ability (once per player where only
the controller changes them), no ability is numbered when
no question names one by number, no layer-7 effect instance exists without a layer-7 ability,
and no permanent is fitted to an activated ability's filter when nothing asks about activating."""
import clingo

from pybridge import parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.answer.kinds import KINDS, ModelAtoms
from pybridge.cards.library import program_files
from pybridge.solve.solver import add_programs, ground, solve_in_process

CARDS = {"Forest": ["G"], "Island": ["U"], "Sol Ring": ["C"], "Llanowar Elves": ["G"],
         "Birds of Paradise": ["W", "U", "B", "R", "G"], "Command Tower": []}
COPIES = 4   # of each card, both players


def board_text(kind: str = "could_produce") -> tuple[str, list[tuple[str, str]]]:
    lines = ['title = "A board of plain mana sources"']
    names = []
    for index, card in enumerate(sorted(CARDS) * COPIES):
        ident = f"p{index}"
        names.append((ident, card))
        side = "you" if index % 2 else "opponent"
        lines += ["", "[[permanent]]", f'id = "{ident}"', f'card = "{card}"', f'controller = "{side}"']
    for ident, _ in names:
        lines += ["", "[[ask]]", f'{kind} = "{ident}"']
    return "\n".join(lines) + "\n", names


def grounded_atoms(text: str) -> dict[str, list[clingo.Symbol]]:
    ctl = ground(scenario_facts(parse_scenario(text, "plain.toml")))
    atoms: dict[str, list[clingo.Symbol]] = {}
    for atom in ctl.symbolic_atoms:
        atoms.setdefault(f"{atom.symbol.name}/{len(atom.symbol.arguments)}", []).append(atom.symbol)
    return atoms


def test_plain_board_answers_are_the_printed_mana():
    text, names = board_text()
    scenario = parse_scenario(text, "plain.toml")
    atoms = ModelAtoms(solve_in_process(scenario_facts(scenario)).symbols)
    answers = {a.target: KINDS[a.kind].answer(atoms, a) for a in scenario.asks}
    # Command Tower without commanders adds nothing (rule 106.5), whoever controls it.
    assert answers == {ident: CARDS[card] for ident, card in names}


def test_plain_board_keeps_no_per_permanent_bookkeeping():
    text, names = board_text()
    atoms = grounded_atoms(text)
    # Every activation reads its ability's options, built once per ability, or once per player
    # for Command Tower, whose types are its controller's commanders' colours: no chain of parts
    # per permanent at all.
    per_activation = [str(s) for name in ("option_part/4", "group_amount/4", "static_type/4",
                                          "option/3", "activation_sig/3")
                      for s in atoms.get(name, [])]
    assert not per_activation, per_activation[:3]
    activated = {str(s.arguments[1]) for s in atoms["activation/2"]}
    assert activated - {str(s.arguments[0]) for s in atoms["ab_option/2"]} == {'ab("Command Tower",1)'}
    # Without commanders its one part has no type (rule 106.5): an option that adds nothing,
    # one for each player who controls a Command Tower (all four are at odd places: "you").
    towers = {"you" if index % 2 else "opponent" for index, (_, card) in enumerate(names)
              if card == "Command Tower"}
    assert towers == {"you"}
    assert {(s.arguments[0].string, str(s.arguments[1]), str(s.arguments[2]))
            for s in atoms["player_option/3"]} == \
        {(side, 'ab("Command Tower",1)', "m(0,0,0,0,0,0)") for side in towers}
    for name in ("mana_ability_number/3", "mana_abilities_count/2", "effect_instance/3",
                 "act_fits/2", "state/2", "matches_l1/2", "flag_tap/3"):
        assert not atoms.get(name), (name, atoms.get(name, [])[:3])
    # Every permanent still has its activations; their event signatures are read per ability and
    # signature (sig_ability/2), Command Tower's too.
    assert len({s.arguments[0] for s in atoms["activation/2"]}) == len(names)
    assert {str(s.arguments[1]) for s in atoms["sig_ability/2"]} == activated
    assert {s.arguments[0].arguments[0].string for s in atoms["sig_ability/2"]} == {"you", "opponent"}


def test_numbered_abilities_where_a_question_names_one():
    text, names = board_text()
    text = text.replace('could_produce = "p0"', 'produce = "p0"\nability = 1', 1)
    atoms = grounded_atoms(text)
    assert {str(s.arguments[0]) for s in atoms["mana_ability_number/3"]} == {'"p0"'}


def test_plain_board_copies_no_printed_value_nothing_reads():
    # Name, mana cost and mana value are read by no rule on this board and no question shows
    # them; zones by no event; filters by nothing but the vocabulary's own.
    text, names = board_text()
    atoms = grounded_atoms(text)
    for name in ("name/2", "mana_cost/2", "mana_value/2", "in_zone/2", "zone_card/2",
                 "zone_owner/2", "effect_instance_l1/3", "option/3"):
        kept = [str(s) for s in atoms.get(name, []) if "Command Tower" not in str(s)
                and not (name == "option/3" and s.arguments[1].name != "ab")]
        assert not kept, (name, kept[:3])
    assert not [s for s in atoms["l1/3"] if s.arguments[1].name in ("name", "mana_cost", "mana_value")]
    # ... but a question about characteristics still gets them
    described = grounded_atoms(text.replace('could_produce = "p0"', 'characteristics = "p0"', 1))
    assert {str(s) for s in described["name/2"]} == {f'name("p0","{names[0][1]}")'}


class GroundRules(clingo.Observer):
    """The ground program's rules, as the grounder emits them."""

    def __init__(self) -> None:
        self.rules: list[tuple[bool, list[int], list[int]]] = []

    def rule(self, choice: bool, head, body) -> None:
        self.rules.append((choice, list(head), list(body)))

    def undecided(self, ctl: clingo.Control) -> list[str]:
        """The atoms some rule that isn't a fact derives (a choice, or a rule with a body)."""
        derived = {a for choice, head, body in self.rules if choice or body for a in head}
        return sorted(str(a.symbol) for a in ctl.symbolic_atoms
                      if not a.is_fact and abs(a.literal) in derived)


def test_grants_and_colours_are_settled_by_the_grounder():
    # A grant without a condition and the colours of a board without colour effects don't wait
    # for the conditions and colour scopes that could read them: every atom is a fact, none is
    # left to the solver.
    text, names = board_text()
    for index, card in enumerate(("Chromatic Lantern", "Cryptolith Rite")):
        text = text.replace("\n[[ask]]", f'\n[[permanent]]\nid = "grant{index}"\ncard = "{card}"\n'
                            'controller = "you"\n\n[[ask]]', 1)
    facts = scenario_facts(parse_scenario(text, "plain.toml"))
    ctl = ground(facts)
    # What the grounder hands the solver: the rules of the ground program, each a fact or not.
    # (An atom a negative literal put in the grounder's domain but no rule derives is false: it
    # is no symbolic atom's fact, yet nothing of it reaches the solver.)
    observer = GroundRules()
    settled = clingo.Control(["--models=2"], logger=lambda code, message: None)
    settled.register_observer(observer)
    add_programs(settled, program_files(), None, facts)
    with settled.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    settled.ground([("base", [])])
    undecided = observer.undecided(settled)
    assert not undecided, undecided[:5]
    granted = {a.symbol.arguments[0].string for a in ctl.symbolic_atoms.by_signature("activation", 2)
               if a.symbol.arguments[1].name == "grant"}
    # every land (Lantern) and creature (Rite) of the grants' controller has one
    assert granted == {ident for index, (ident, card) in enumerate(names)
                       if index % 2 and card != "Sol Ring"}
