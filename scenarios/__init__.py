"""Scenarios, verification runs and quizzes (filled by the engine steps)."""
