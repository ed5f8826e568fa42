"""The Comprehensive Rules the programs cite: docs/RULES.md, made from the comments of asp/."""
