"""The combat rules of static abilities moved to pybridge/oracle/statics/rules.py; this name stays
for pybridge/answer/kinds/characteristics.py, which imports rule_words from it."""
from pybridge.oracle.statics.rules import RULE_KINDS, rule_words  # noqa: F401
