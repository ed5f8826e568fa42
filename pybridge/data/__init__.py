"""Data the project ships: the Comprehensive Rules text and the card lists."""
