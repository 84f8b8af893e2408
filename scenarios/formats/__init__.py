"""The formats, each a package that owns its parts (see format.py), and their registry.

`format_for(slug)` is the format of a slug (None for a slug no format has); `all_formats()`
lists them. The bundled formats are registered on first use; a test may `register` another.
"""
from importlib import import_module

from .format import Format

BUNDLED = ("core", "thought_ruler_highlander", "deck_masters", "tag_team_phalanx",
           "kingdom_duels")
_REGISTRY: dict[str, Format] = {}


def _bundled_loaded() -> dict[str, Format]:
    if not _REGISTRY:
        for package in BUNDLED:
            fmt = import_module(f"{__name__}.{package}").FORMAT
            _REGISTRY.setdefault(fmt.slug, fmt)
    return _REGISTRY


def format_for(slug: str) -> Format | None:
    """The format of a slug, or None."""
    return _bundled_loaded().get(slug)


def format_or_core(slug: str) -> Format:
    """The format of a slug; a slug no format has is drawn and told as the core game is."""
    return format_for(slug) or _bundled_loaded()["core"]


def all_formats() -> list[Format]:
    return list(_bundled_loaded().values())


def register(fmt: Format) -> None:
    """Add a format (a slug already registered is replaced)."""
    _bundled_loaded()[fmt.slug] = fmt


def unregister(slug: str) -> None:
    _bundled_loaded().pop(slug, None)
