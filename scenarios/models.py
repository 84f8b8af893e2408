"""Scenario models arrive with the rules engine (step 2)."""
