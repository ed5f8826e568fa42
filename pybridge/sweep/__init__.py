"""`mtgasp sweep`: exhaustive checks over card combinations against the independent reference
(pybridge.reference), written as test vectors (docs/sweep-format.md)."""
