"""Grounding and solving: the programs selected for a scenario's facts, the clingo symbols made
and decoded in bulk, the answer set's atoms (model.py)."""
