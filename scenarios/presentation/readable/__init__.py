"""Readable views of a replay: sentences for its steps and a picture of its board."""
