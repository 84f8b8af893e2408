"""The scenario pages: list and replay, editor, scenario reference, runs and coverage."""
