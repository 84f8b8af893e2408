"""Every event goes through Duel.emit, which builds its kind's typed payload: a key or sub-kind
the kind does not declare is an error, and an event serialises as the emitter wrote it."""
import ast
from dataclasses import FrozenInstanceError, fields

import pytest

from scenarios.engine.state import Event
from scenarios.engine.vocabulary.events import ALIASES, PAYLOADS, EventKind

from .conftest import ROOT, SCENARIO_FILES, run, scenario_at

ENGINE = ROOT / "scenarios" / "engine"


def emit_calls():
    """(file:line, kind, keyword names, literal `what` values) of every emit(...) call."""
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and node.args):
                continue
            names = [k.arg for k in node.keywords if k.arg not in (None, "rules")]
            for spread in (k.value for k in node.keywords if k.arg is None):
                if isinstance(spread, ast.Dict):
                    names += [k.value for k in spread.keys if isinstance(k, ast.Constant)]
                else:  # `**({...} if ... else {})`
                    names += [k.value for d in ast.walk(spread) if isinstance(d, ast.Dict)
                              for k in d.keys if isinstance(k, ast.Constant)]
            whats = [c.value for k in node.keywords if k.arg == "what"
                     for c in ast.walk(k.value) if isinstance(c, ast.Constant)]
            yield f"{path.name}:{node.lineno}", node.args[0], names, whats


def field_names(kind):
    return {f.name for f in fields(PAYLOADS[kind])}


def test_every_event_kind_has_a_payload():
    assert set(PAYLOADS) == set(EventKind)


def test_every_emitter_names_a_declared_kind_keys_and_sub_kinds():
    calls = list(emit_calls())
    assert len(calls) > 150
    for site, kind, names, whats in calls:
        assert isinstance(kind, ast.Constant), f"{site}: the kind is written as a literal"
        kind = EventKind(kind.value)
        unknown = {ALIASES.get(n, n) for n in names} - field_names(kind)
        assert not unknown, f"{site}: {kind} declares no {sorted(unknown)}"
        assert set(whats) <= PAYLOADS[kind].WHATS, f"{site}: {kind} has no sub-kind {whats}"


def test_an_unknown_key_is_an_error():
    with pytest.raises(TypeError):
        Event.of("draw", "A draws", (), {"player": "A", "colour": "blue"})


def test_an_unknown_kind_or_sub_kind_is_an_error():
    with pytest.raises(ValueError):
        Event.of("teleport", "nothing", (), {})
    with pytest.raises(ValueError):
        Event.of("summon", "A summons", (), {"card": "x", "what": "conjured"})


def test_an_event_serialises_its_keys_in_the_order_given():
    event = Event.of("move", "m1 leaves", ("core/x#y",),
                     {"card": "m1", "to": "graveyard", "player": "A", "from_player": "A",
                      "from": "monsters"})
    assert list(event.as_dict().items()) == [
        ("kind", "move"), ("text", "m1 leaves"), ("rules", ["core/x#y"]), ("card", "m1"),
        ("to", "graveyard"), ("player", "A"), ("from_player", "A"), ("from", "monsters")]
    assert event.payload.from_zone == "monsters" and type(event.as_dict()["kind"]) is str
    swapped = Event.of("move", "m1 leaves", (), {"player": "A", "card": "m1"})
    assert list(swapped.as_dict())[3:] == ["player", "card"]


def test_a_payload_cannot_change():
    event = Event.of("draw", "A draws", (), {"player": "A"})
    with pytest.raises(FrozenInstanceError):
        event.payload.player = "B"


@pytest.mark.parametrize("path", SCENARIO_FILES[::12], ids=lambda p: p.stem)
def test_every_event_of_a_replay_reads_as_its_typed_payload(path):
    for event in run(scenario_at(path)).duel.events:
        payload = event.payload
        assert isinstance(payload, PAYLOADS[event.kind])
        assert all(getattr(payload, ALIASES.get(k, k)) == v for k, v in event.data.items())
