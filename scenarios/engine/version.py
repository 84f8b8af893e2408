"""The engine's version: a digest of its own code and card catalog.

A stored verdict records it, so any change to how the engine replays (a rule
hook, a card's data) makes earlier verdicts stale without anyone bumping a number.
"""
import hashlib
from functools import lru_cache
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def engine_version() -> str:
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*")):
        if path.suffix in (".py", ".yaml") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ENGINE_DIR).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
