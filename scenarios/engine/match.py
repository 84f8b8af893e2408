"""The Match a Duel belongs to: the Duels already played, the score, and who wins the Match.

A scenario's Duel is one Duel of a Match. `setup: match: {duels: [...]}` lists the Duels
played before it, in order (`{winner: A}` or `{draw: true}`); without it the Duel is the
Match's first. The score counts the Duels each side won, a Draw counting for nobody
(core/draws#draw-scores-zero); the first side to win two Duels wins the Match
(core/ending-the-game#match-of-three-duels). A card may win the Match outright (Victory
Dragon) and a player may concede the whole Match (core/ending-the-game#concede-any-time).

Nothing here runs during the steps: the Match is looked at once, when the Duel ends, and
when the outcome is observed.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .rules import Rule

if TYPE_CHECKING:
    from .scenario import Scenario
    from .state import Result
    from .yamltypes import YamlMapping, YamlValue

# A Match is three Duels (deck-masters/basic-rules names it so); two wins decide it.
DUELS_IN_A_MATCH = 3
DUELS_TO_WIN = 2


class MatchRules:
    """The rules of the Match around the Duel: a part of `Duel` (duel.py)."""

    if TYPE_CHECKING:  # what the Duel this is part of provides
        result: Result | None
        earlier_duels: tuple[str | None, ...]

        def misreads(self, rule: str, name: str) -> bool: ...
        def note_rule(self, rule: str) -> None: ...
        def match_sides(self) -> tuple[str, ...]: ...

    MATCH_RULES = (
        Rule("match-score", "core/ending-the-game#match-of-three-duels",
             "The first player to win two Duels of a Match wins the Match.",
             {"three-duels-always": "a Match always runs to its third Duel: two wins after two "
                                    "Duels do not end it yet"}),
        Rule("draw-no-match-point", "core/draws#draw-scores-zero",
             "A drawn Duel scores 0:0: it gives no one a win towards the Match.",
             {"draw-scores-both": "a drawn Duel counts as a win for each player"}),
    )

    # --- the setup ---------------------------------------------------------------------------

    def setup_match(self, scenario: Scenario, match: YamlMapping | None) -> None:
        """The Duels played before this one (the schema has checked their shape); a Match that
        those Duels already decided has no Duel left to play."""
        if match is None:
            return
        sides = self.match_sides()
        played: list[str | None] = []
        for number, duel in enumerate(match.get("duels", [])):
            where = f"setup.match.duels[{number}]"
            if "winner" in duel and "draw" in duel:
                raise scenario.error("an earlier Duel has a winner or is a draw, not both", where)
            winner = duel.get("winner")
            if winner is not None and str(winner) not in sides:
                raise scenario.error(f"'{winner}' cannot win a Duel here (the sides: "
                                     f"{', '.join(sides)})", f"{where}.winner")
            played.append(None if winner is None else str(winner))
            decided = match_decided(played, sides, draws_score=False, run_to_three=False)
            if decided is not None:
                raise scenario.error(f"{decided} had already won the Match after Duel "
                                     f"{number + 1}: there is no Duel left to play", where)
        if len(played) >= DUELS_IN_A_MATCH:
            raise scenario.error(f"a Match has {DUELS_IN_A_MATCH} Duels: {len(played)} earlier "
                                 "ones leave none to play", "setup.match.duels")
        self.earlier_duels = tuple(played)

    # --- the Duel's end ----------------------------------------------------------------------

    def wins_the_match(self, winner: str) -> bool:
        """Does winning this Duel win `winner` the Match, on the score?"""
        if not self.earlier_duels:
            return False  # the first Duel of a Match never decides it
        return self.match_winner_after([*self.earlier_duels, winner]) == winner

    def match_winner_after(self, duels: Sequence[str | None]) -> str | None:
        """The side the score of these Duels makes the Match's winner, read as this replay
        reads the rules."""
        draws = None in duels
        if draws:
            self.note_rule("draw-no-match-point")
        self.note_rule("match-score")
        return match_decided(duels, self.match_sides(),
                             draws_score=draws and self.misreads("draw-no-match-point",
                                                                 "draw-scores-both"),
                             run_to_three=self.misreads("match-score", "three-duels-always"))

    def observe_match(self) -> YamlMapping:
        """The Match as an outcome: each side's Duel wins, and the Match's winner ('none' while
        it is undecided)."""
        result = self.result
        duels: list[str | None] = list(self.earlier_duels)
        if result is not None:
            duels.append(result.winner)
        sides = self.match_sides()
        draws_score = None in duels and self.misreads("draw-no-match-point", "draw-scores-both")
        score: dict[str, YamlValue] = {side: 0 for side in sides}
        for side in scorers(duels, sides, draws_score):
            score[side] = int(score.get(side, 0) or 0) + 1
        if result is not None and result.match:
            winner = result.winner  # a card, a concession or the score won it with this Duel
        elif self.earlier_duels:  # a wrong reading may have decided it before this Duel
            winner = self.match_winner_after(duels)
        else:
            winner = None
        return {"score": score, "winner": "none" if winner is None else winner}


def scorers(duels: Iterable[str | None], sides: Sequence[str],
            draws_score: bool) -> Iterable[str]:
    """One side for each Duel win: the winner, or every side for a Draw when draws score."""
    for winner in duels:
        if winner is not None:
            yield winner
        elif draws_score:
            yield from sides


def match_decided(duels: Sequence[str | None], sides: Sequence[str], draws_score: bool,
                  run_to_three: bool) -> str | None:
    """The first side to reach the wins that decide the Match, Duel by Duel (when the Match
    must run to three Duels: the side with more wins once three are played)."""
    wins: dict[str, int] = {}
    for played, winner in enumerate(duels, 1):
        for side in scorers([winner], sides, draws_score):
            wins[side] = wins.get(side, 0) + 1
        if run_to_three:
            if played >= DUELS_IN_A_MATCH and wins:
                best = max(wins.values())
                leaders = [side for side, count in wins.items() if count == best]
                return leaders[0] if len(leaders) == 1 else None
            continue
        leaders = [side for side, count in wins.items() if count >= DUELS_TO_WIN]
        if leaders:
            return leaders[0] if len(leaders) == 1 else None
    return None
