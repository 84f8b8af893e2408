"""Scenarios: the pure rules engine (engine/) and the apps built on it, one job each:
verification, decks, presentation and quizzes; the formats, a package each (formats/: ruleset,
deck rules, board layout, words, catalog files and rule marks); the bundled scenario files
(data/). See docs/architecture.md."""
