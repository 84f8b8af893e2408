"""Replay presentation: replays in sentences and boards, outcome words, and the scenario pages."""
