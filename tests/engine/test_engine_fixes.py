"""The engine fixes of issue 21, section 2: each rule replayed on a small table of its own."""
import textwrap

from scenarios.engine import parse_scenario

from .conftest import run


def replayed(format_slug, rule, body):
    """Replay a scenario written inline (setup and steps), checked against nothing."""
    text = textwrap.dedent(f"""\
        slug: engine-fix
        format: {format_slug}
        rule: {rule}
        title: An engine fix
        narrative: A table.
        expect: {{}}
        """) + textwrap.dedent(body)
    return run(parse_scenario(text, "engine-fix.yaml"))


def test_an_idle_player_already_warned_loses_instead_of_a_second_warning():
    done = replayed("kingdom-duels", "kingdom-duels/idleness#second-warning-loses", """\
        setup:
          turn: {number: 7, player: A, phase: main2}
          players:
            A: {deck: 5, idle_warnings: 1}
            B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
        steps:
          - {player: A, end_turn: true}
        """)
    assert done.result["winner"] == "B" and done.result["reason"] == "idleness"
    assert done.outcome["warnings"]["A"] == 1  # the second warning is never given
    assert not any(e.get("count") == 2 for s in done.steps for e in s.events)


def test_a_first_idle_warning_is_still_given():
    done = replayed("kingdom-duels", "kingdom-duels/idleness#idle-warning-end-phase", """\
        setup:
          turn: {number: 7, player: A, phase: main2}
          players:
            A: {deck: 5}
            B: {deck: 5, monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}
        steps:
          - {player: A, end_turn: true}
        """)
    assert done.result is None and done.outcome["warnings"]["A"] == 1
