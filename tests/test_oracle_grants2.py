"""Ability grants the first grants tests don't reach (pybridge/oracle/grants.py, statics.py,
the cost grammar of oracle.lark, asp/rules/tokens.lp and activation.lp): for each pattern, a
real pool card's compiled facts and an answer on a board of it."""
from __future__ import annotations

from pybridge import ask
from pool_cards import board, chars, facts, pt, why


# --- tokens without printed power and toughness (rules 111.4, 604.3) ---
AVATAR = 'token(ab("Ajani Goldmane",3),1)'
ELEPHANT = 'token(ab("Elephant Resurgence",1),1)'


def test_a_token_whose_ability_defines_its_size_is_whole():
    assert facts("Ajani Goldmane", 3) >= {
        f'token_value({AVATAR},type,"Creature")', f'token_value({AVATAR},color,w)',
        f'pt_cda(ab({AVATAR},1),power,count(life(you)))',
        f'pt_cda(ab({AVATAR},1),toughness,count(life(you)))'}
    assert not any("power," in f and "token_value" in f for f in facts("Ajani Goldmane", 3))
    result = ask(board({"id": "avatar", "token": "Ajani Goldmane"}, asks=chars("avatar"),
                       life={"you": 17, "opponent": 20}))
    assert pt(result, "avatar") == (17, 17)


def test_its_controllers_graveyard_is_the_graveyard_of_whoever_controls_the_token():
    assert f'pt_cda(ab({ELEPHANT},1),power,count(cards(graveyard,you,type("Creature"))))' in \
        facts("Elephant Resurgence", 1)
    result = ask(board({"id": "mine", "token": "Elephant Resurgence"},
                       {"id": "theirs", "token": "Elephant Resurgence", "controller": "opponent"},
                       asks=chars("mine", "theirs"),
                       graveyards={"you": ["Grizzly Bears", "Forest", "Llanowar Elves"],
                                   "opponent": ["Grizzly Bears"]}))
    assert (pt(result, "mine"), pt(result, "theirs")) == ((2, 2), (1, 1))


def test_a_token_without_power_and_toughness_nor_an_ability_defining_them_stays_unmodelled():
    # Saproling Burst's token counts fade counters on the card that made it: not the token's own.
    assert why("Saproling Burst", 2) == "a token's static ability that names the card that made it"
    # Daxos's Spirit counts its controller's experience counters: no scenario key states them.
    assert "the token's static ability" in why("Daxos the Returned", 2)
