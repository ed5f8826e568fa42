"""Reading a scenario: the TOML text, the [[event]] tables, text checks, mana strings, each kind's
`expect` and options, and the one facts assembler (facts.py) that turns it into clingo symbols."""
