"""The longest, widest scenarios the limits allow, for the replay page's size and time.

A core duel with MAX_CARDS cards on the table at the start (named cards in both hands and
Graveyards, the rest in the Decks) and up to MAX_STEPS steps, every one of them legal or refused
as the scenario expects, so the replay runs to the end. Two patterns of steps:

- `turns` (the default): each turn the turn player Normal Summons a monster from a hand of a
  hundred and more named cards, tries a second Normal Summon (refused), tries to activate a Trap
  from the hand (refused), enters the Battle Phase, attacks (the two monsters have the same ATK,
  so both are destroyed, or the attack is direct) and ends the turn: the hands, the Graveyards
  and the sentences all grow, which is what makes boards big;
- `open-summon`: one Normal Summon, then nothing but refused steps, so the summon stays open to
  an answer through the whole replay and the engine checkpoints the duel before every step
  and puts it back after each refusal (`Duel.play`), its most expensive way to replay.

Importable by the tests and by `benchmarks/long_replay.py`: `long_scenario_source()` is the YAML.
"""
from scenarios.engine.scenario import MAX_CARDS, MAX_STEPS

SLUG = "hostile-long-replay"
# A name close to the 100-character limit and a long card text: every card picture and every
# card's hover text is as big as a scenario can make it.
MONSTER = ("Long Replay Warrior of the Endless Duel Who Attacks Every Single Turn Until the "
           "Script Ends")
TRAP = "Long Replay Trap That Must Be Set Before It Is Activated From the Hand"
TEXT = ("A plain Normal Monster defined for the longest replay the limits allow, with a text "
        "long enough to stand for any card's. " * 12).strip()
TRAP_TEXT = ("A Trap defined for the longest replay: it is always tried from the hand, which the "
             "rules refuse, so the replay goes on. " * 3).strip()

HAND = 120        # named cards in each hand: more than the turns can use up
GRAVEYARD = 60    # named cards in each Graveyard at the start
TRAPS = 10        # of each hand, the Traps tried from the hand
PATTERNS = ("turns", "open-summon")


def long_scenario_source(steps=MAX_STEPS, slug=SLUG, pattern="turns"):
    """The scenario's YAML: MAX_CARDS cards at the start and at most `steps` steps of
    `pattern`, all of them legal or refused as expected."""
    deck = (MAX_CARDS - 2 * (HAND + GRAVEYARD)) // 2
    lines = [
        f"slug: {slug}",
        "format: core",
        "rule: core/ending-the-game#zero-lp-immediate-loss",
        "title: The longest replay the limits allow",
        "narrative: >",
        f"  Two players with {MAX_CARDS} cards between them summon, attack and end the turn, "
        "again and again, until the script runs out.",
        "cards:",
        f"  - {{name: {MONSTER}, kind: monster, subtype: normal, attribute: EARTH, "
        f"race: Warrior, level: 4, atk: 1500, def: 1200, text: \"{TEXT}\"}}",
        f"  - {{name: {TRAP}, kind: trap, subtype: normal, text: \"{TRAP_TEXT}\", "
        "activation: {resolve: [{damage: {to: opponent, amount: 100}}]}}",
        "setup:",
        "  turn: {number: 3, player: A, phase: main1}",
        "  players:",
    ]
    for player in ("A", "B"):
        hand = [f"{{id: {player}h{n}, card: {TRAP if n < TRAPS else MONSTER}}}"
                for n in range(HAND)]
        graveyard = [f"{{id: {player}g{n}, card: {MONSTER}}}" for n in range(GRAVEYARD)]
        lines += [f"    {player}:", "      lp: 1000000",
                  f"      hand: [{', '.join(hand)}]",
                  f"      graveyard: [{', '.join(graveyard)}]",
                  f"      deck: {deck}"]
    lines.append("steps:")
    lines += _turns(steps) if pattern == "turns" else _open_summon(steps)
    lines += ["expect:", "  phase: main1"]
    return "\n".join(lines) + "\n"


def _turns(limit):
    """Whole turns of steps, as many as fit in `limit`; each turn's own sequence is legal by
    construction (a free Monster Zone, one Normal Summon, a Battle Phase, one attack)."""
    on_field = {"A": [], "B": []}
    next_monster = {"A": TRAPS, "B": TRAPS}
    next_trap = {"A": 0, "B": 0}
    player, other = "A", "B"
    steps = []
    while True:
        summoned = f"{player}h{next_monster[player]}"
        spare = f"{player}h{next_monster[player] + 1}"
        trap = f"{player}h{next_trap[player] % TRAPS}"
        turn = [f"  - {{player: {player}, summon: {summoned}}}",
                f"  - {{player: {player}, summon: {spare}, illegal: normal_summon_used}}",
                f"  - {{player: {player}, activate: {trap}, illegal: trap_from_hand}}",
                f"  - {{player: {player}, phase: battle}}"]
        if on_field[other]:
            target = on_field[other].pop()
            turn.append(f"  - {{player: {player}, attack: {summoned}, target: {target}}}")
        else:
            turn.append(f"  - {{player: {player}, attack: {summoned}, target: direct}}")
            on_field[player].append(summoned)
        turn += [f"  - {{player: {player}, pass: true}}",  # the attack stands: damage
                 f"  - {{player: {other}, pass: true}}",
                 f"  - {{player: {player}, end_turn: true}}"]
        if len(steps) + len(turn) > limit:
            break
        steps += turn
        next_monster[player] += 1
        next_trap[player] += 1
        player, other = other, player
    return steps


def _open_summon(limit):
    """A's Normal Summon, then A's refused tries (a Trap from the hand, a second Normal Summon)
    until `limit`: nothing answers the summon, so it stays open to the end."""
    steps = [f"  - {{player: A, summon: Ah{TRAPS}}}"]
    while len(steps) < limit:
        n = len(steps)
        steps.append(f"  - {{player: A, activate: Ah{n % TRAPS}, illegal: trap_from_hand}}"
                     if n % 2 else
                     f"  - {{player: A, summon: Ah{TRAPS + 1 + n % 50}, "
                     "illegal: normal_summon_used}")
    return steps
