"""Scenarios: the pure rules engine (engine/) and the apps built on it, one job each:
verification, decks, presentation and quizzes; the bundled scenario files (data/) and rule
marks (marks/). See docs/architecture.md."""
