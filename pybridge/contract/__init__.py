"""The contracts between the bridge and the logic programs, each declared once: the scenario's keys
(scenario/), the card vocabulary (vocabulary.py), the shown answer atoms (answers.py) and the
question kinds (kinds.py); generate.py writes the files derived from them."""
