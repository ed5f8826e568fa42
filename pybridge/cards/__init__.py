"""The card pool: typed card records, the embedded and user pools, printed facts, coverage."""
