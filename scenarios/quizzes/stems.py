"""What a question shows before it asks: the format, the moment (turn, phase, step), Life
Points, what the turn has used, the chain, what lasts beyond a step, what happened so far in
words, and the table at that moment. A judge must be able to answer from it alone.

Copies of one card are told apart everywhere a question writes card names: "A's first
Sangan", "B's Sangan" (`copy_labels`).
"""
from scenarios.engine.vocabulary import is_refused

from scenarios.presentation.readable.board import board_html
from scenarios.presentation.readable.sentences import (ORDINALS, PHASE_WORDS, Names, card_names, event_sentence,
                                  listing, sentence, step_sentences)

# Events the game makes between scripted steps, told in the history: a phase ends or begins,
# a draw, a Standby Phase effect, the Damage Step begins, a time limit runs out.
AUTOMATIC = {"phase", "draw", "standby", "persist", "idle"}
AUTOMATIC_WHAT = {"battle": {"damage_step"}}


def copy_labels(replay):
    """{card id: what questions call it}: its name, or, where two or more cards share a name,
    its name with its owner and (if one owner has several) its place among them:
    "Sangan (A's second)"."""
    names = card_names(replay)
    owners = _owners(replay)
    by_name = {}
    for card_id, name in names.items():
        by_name.setdefault(name, []).append(card_id)
    labels = dict(names)
    for name, ids in by_name.items():
        if len(ids) < 2:
            continue
        per_owner = {}
        for card_id in ids:
            per_owner.setdefault(owners.get(card_id), []).append(card_id)
        for owner, owned in per_owner.items():
            for n, card_id in enumerate(owned):
                place = ORDINALS[n] if len(owned) > 1 and n < len(ORDINALS) else \
                    f"number {n + 1}" if len(owned) > 1 else ""
                whose = f"{owner}'s" if owner else ""
                told = " ".join(w for w in (whose, place) if w)
                labels[card_id] = f"{name} ({told})" if told else name
    return labels


def _owners(replay):
    """{card id: its owner}: the duel's own record, else the player whose side holds it first,
    in the order the table lists cards."""
    owners = {str(card_id): card.owner for card_id, card in
              (getattr(getattr(replay, "duel", None), "cards", None) or {}).items()
              if getattr(card, "owner", None)}
    states = [replay.initial_state] + [step.state for step in replay.steps]
    for state in states:
        for player, side in ((state or {}).get("players") or {}).items():
            for entries in side.values():
                for entry in entries if isinstance(entries, list) else ():
                    if isinstance(entry, dict) and "id" in entry:
                        owners.setdefault(str(entry["id"]), entry.get("owner") or player)
    return owners


def state_at(replay, cut):
    """The table after `cut` steps (0: before the first)."""
    return replay.initial_state if cut == 0 else replay.steps[cut - 1].state


# What the engine works out from the table rather than shows on it: the Summon Limit is the
# judge's to work out from the Life Points shown, and a stem that printed it would answer every
# question about it.
WORKED_OUT = ("summon_limit",)


def shown_state(state):
    """The table as a question shows it: without what a judge works out from it."""
    return {key: value for key, value in (state or {}).items() if key not in WORKED_OUT}


class Stem:
    """The stem of a question that tells the first `cut` steps of the true replay and shows
    the table (and the facts) after the first `moment` of them: a question about what
    follows a step stops there; a question about the end shows the table before the step the
    ruling decides, so the table never gives the answer away."""

    def __init__(self, replay, cut, format_name, labels=None, catalog=None, moment=None,
                 intents=None, attempts=None, needed=()):
        self.replay, self.cut, self.format_name = replay, cut, format_name
        # The steps as attempted (for the moment the table shows), and as attempts whose fate
        # is left open (for a refused step the question needs, `needed`).
        self.intents, self.attempts, self.needed = intents, attempts, set(needed)
        self.moment = cut if moment is None else moment
        self.labels = labels if labels is not None else copy_labels(replay)
        self.names = Names(self.labels)
        self.catalog = catalog
        self.state = shown_state(state_at(replay, self.moment))

    def facts(self):
        """What a judge needs to know of the moment, one sentence each."""
        state = self.state
        facts = []  # the format is shown with every question (Question.format)
        if self.moment < self.cut:
            facts.append(self._table_moment())
        facts.append(self._moment(state))
        facts.append(self._life_points(state))
        facts += self._turn_so_far(state)
        facts += self._chain(state)
        facts += self._counters(state)
        return [f for f in facts if f]

    def _table_moment(self):
        """Which moment the table shows, named by the step that follows it (steps are told
        unnumbered, and refused ones are mostly left out)."""
        if not self.moment:
            return "The table shows the position before the first step."
        following = self.replay.steps[self.moment]
        told = self.attempts if is_refused(following.status) else self.intents
        if not told:
            return f"The table shows the position after step {self.moment}."
        said = told[self.moment].rstrip(".")
        return sentence(f"The table shows the position just before this: {said}")

    def history(self, sentences=None):
        """What happened so far: each step that happened, in words, then what the game did
        by itself during it (the Damage Step begins, a phase ends). A step the rules refused
        changed nothing and is left out, unless the question needs it (`needed`): then it is
        told as an attempt, without whether it worked or why."""
        sentences = sentences or step_sentences(self.replay, names=self.labels)
        told = []
        for record, said in zip(self.replay.steps[:self.cut], sentences):
            if is_refused(record.status):
                if record.number in self.needed and self.attempts:
                    told.append(self.attempts[record.number - 1])
                continue
            told.append(said)
            for event in record.events:
                if _automatic(event):
                    text = event_sentence(event, self.names)
                    if text and text not in told:
                        told.append(text)
        return told

    def board(self, format_slug):
        """The table at the moment asked about, copies told apart."""
        catalog = getattr(getattr(self.replay, "duel", None), "catalog", None) or self.catalog
        return board_html(labelled(self.state, self.labels), format_slug, catalog)

    # --- the facts ----------------------------------------------------------------------------

    def _moment(self, state):
        phase = PHASE_WORDS.get(state.get("phase"), str(state.get("phase") or "").title())
        text = f"Turn {state.get('turn')}: {state.get('turn_player')}'s turn, {phase}"
        attack = state.get("attack")
        if attack and not attack.get("negated"):
            target = self.names(attack.get("target")) if attack.get("target") else None
            text += (f"; {self.names(attack.get('attacker'))} is attacking "
                     f"{target if target else 'directly'}")
            text += (", and the Damage Step has begun" if attack.get("step") == "damage"
                     else " (the Battle Step)")
        return text + "."

    def _life_points(self, state):
        players = state.get("players") or {}
        teams = {name: team for name, team in (state.get("teams") or {}).items()
                 if isinstance(team, dict) and team.get("lp") is not None}
        shared = {p for team in teams.values() for p in team.get("players", [])}
        parts = [f"team {name} ({listing(team.get('players', []))}) {team['lp']}"
                 for name, team in teams.items()]
        parts += [f"{p} {side.get('lp')}" for p, side in players.items()
                  if p not in shared and side.get("lp") is not None]
        return f"Life Points: {', '.join(parts)}." if parts else ""

    def _turn_so_far(self, state):
        facts = []
        this_turn = state.get("this_turn") or {}
        player = state.get("turn_player")
        if "normal_summons" in this_turn:
            count = this_turn["normal_summons"]
            facts.append(f"{player} has not Normal Summoned this turn." if not count else
                         f"{player} has Normal Summoned {count} "
                         f"time{'s' if count != 1 else ''} this turn.")
        elif this_turn.get("normal_summon_used"):
            facts.append(f"{player} has used this turn's Normal Summon.")
        attacked = [self.names(card_id) for card_id in this_turn.get("attacked") or ()]
        if attacked:
            facts.append(f"{listing(attacked)} {'has' if len(attacked) == 1 else 'have'} "
                         "already attacked this turn.")
        if this_turn.get("strikes"):
            facts.append(f"{player} has used STRIKE {this_turn['strikes']} "
                         f"time{'s' if this_turn['strikes'] != 1 else ''} this turn.")
        summons = state.get("summons") or {}
        if summons:
            facts.append("Summons counted toward the Summon Limit this turn: " + ", ".join(
                f"{p} {count}" for p, count in summons.items()) + ".")
        for owner, turn in (this_turn.get("ability_negated_until") or {}).items():
            facts.append(f"{owner}'s Deck Master's Ability is negated until the end of "
                         f"turn {turn}.")
        warnings = {p: n for p, n in (state.get("idle_warnings") or {}).items() if n}
        if warnings:
            facts.append("Idle Warnings: " + ", ".join(f"{p} {n}" for p, n in
                                                       warnings.items()) + ".")
        return facts

    def _chain(self, state):
        links = state.get("chain") or []
        if not links:
            return []
        told = [f"Chain Link {link.get('link')}: {self.names(link.get('card'))}, activated by "
                f"{link.get('player')}" + (" (negated)" if link.get("negated") else "")
                for link in links]
        return ["The chain so far: " + "; ".join(told) + "."]

    def _counters(self, state):
        facts = []
        for side in (state.get("players") or {}).values():
            for entries in side.values():
                for entry in entries if isinstance(entries, list) else ():
                    for kind, count in ((entry or {}).get("counters") or {}).items():
                        if count:
                            named = " ".join(w.capitalize() for w in str(kind).split("_"))
                            facts.append(sentence(
                                f"{self.names(entry.get('id'))} has {count} {named} "
                                f"Counter{'s' if count != 1 else ''}"))
        return facts


def labelled(state, labels):
    """A copy of the table whose cards carry the labels questions use (the board draws them)."""
    def label(entry):
        if isinstance(entry, dict) and "id" in entry and "card" in entry:
            shown = labels.get(str(entry["id"]))
            if shown and shown != entry["card"]:
                return {**entry, "label": shown}
        return entry

    players = {}
    for player, side in ((state or {}).get("players") or {}).items():
        players[player] = {zone: [label(e) for e in entries] if isinstance(entries, list)
                           else entries for zone, entries in side.items()}
    return {**(state or {}), "players": players}


def _automatic(event):
    kind = event.get("kind")
    return kind in AUTOMATIC or event.get("what") in AUTOMATIC_WHAT.get(kind, ())
