"""Answering: the questions asked of a scenario (answering.py), the events applied step by step
(events.py), each question kind's reading of its answer (kinds/), explanations, the unmodelled
check and the text, JSON and DOT reports."""
