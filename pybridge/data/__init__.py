"""Data the project ships: the Comprehensive Rules text, the card list and the card pool
(cards.sqlite, built by tools/build_card_pool.py; read by pybridge/cards/)."""
