"""Verification: scenario records and runs, replaying them against the rules (fingerprints,
sync, impact, coverage, editing) and the scenarios API."""
