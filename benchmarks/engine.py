"""Replay speed of the engine, side by side with python-chess replaying a game, in one run.

Run from the repository root: `python benchmarks/engine.py [--rounds N] [--repeat N]`.
Parsing is done once, on both sides; the figures are for replaying (the engine's own work).

The headline is the engine's time per replayed step against python-chess's time per ply:

- engine: every bundled scenario replayed as `replay()` does by default and as the replay page
  runs it, with the table recorded after every step (`record_states=True`); the time of the
  whole corpus (building each duel, the steps, observing and comparing the outcome) divided
  by the steps it replayed. The same without recording the tables (`record_states=False`, what
  verification, edit impact and the quiz distractors run), and the two longest scenarios the
  limits allow (tests/hostile/long_scenario.py) are printed too;
- python-chess: the first 40 plies of Byrne–Fischer, New York 1956, pushed as SAN moves on a
  new `chess.Board` (each move parsed and checked legal, as a step is), then the game's
  outcome asked for; the time per ply. Pushing UCI moves, and SAN moves with the position
  written out (FEN) after each ply as the engine records its table, are printed too.

The two are timed in alternating rounds, in CPU time of this process (what other processes on
a shared machine change least), and the ratio is the median of each round's ratio, so a
machine that slows down between rounds moves both figures alike. Target: at most 3× (the
headline: tables recorded, against SAN pushes).
The old figures follow: the median and slowest replay of one scenario (without tables) and the
whole corpus once (target: a median replay under 0.5 ms).
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.knowledge.articlefile import folder_parameters  # noqa: E402  (pure Python, no Django)
from scenarios.engine import load_scenario, parse_scenario, replay, ruleset_for  # noqa: E402
from scenarios.engine.cards import default_catalog  # noqa: E402
from scenarios.engine.errors import IllegalAction  # noqa: E402
from scenarios.engine.outcome import observe  # noqa: E402
from scenarios.engine.scenario import build_duel  # noqa: E402
from scenarios.engine.rulesets import RULESETS  # noqa: E402
from tests.hostile.long_scenario import PATTERNS, long_scenario_source  # noqa: E402

TARGET_RATIO = 3.0
# "The Game of the Century", D. Byrne – R. Fischer, New York 1956: its first 40 plies.
GAME_SAN = ("Nf3 Nf6 c4 g6 Nc3 Bg7 d4 O-O Bf4 d5 Qb3 dxc4 Qxc4 c6 e4 Nbd7 Rd1 Nb6 Qc5 Bg4 "
            "Bg5 Na4 Qa3 Nxc3 bxc3 Nxe4 Bxe7 Qb6 Bc4 Nxc3 Bc5 Rfe8+ Kf1 Be6 Bxb6 Bxc4+ Kg1 "
            "Ne2+ Kf1 Nxd4+").split()


def game_uci():
    """The same game's moves in UCI notation (worked out once, outside any timing)."""
    board = chess.Board()
    return [board.push_san(san).uci() for san in GAME_SAN]


def replay_game_san(moves):
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    return board.outcome()


def replay_game_san_fen(moves):
    """The game replayed as the engine's page replay is: the position written after each ply."""
    board = chess.Board()
    positions = [board.fen()]
    for san in moves:
        board.push_san(san)
        positions.append(board.fen())
    return board.outcome()


def replay_game_uci(moves):
    board = chess.Board()
    for uci in moves:
        board.push_uci(uci)
    return board.outcome()


def chess_per_ply(replay_game, moves, games):
    """Seconds per ply of replaying the game `games` times."""
    started = time.process_time()
    for _ in range(games):
        replay_game(moves)
    return (time.process_time() - started) / (games * len(moves))


class Corpus:
    """Scenarios parsed once, with their formats' rule parameters, ready to replay."""

    def __init__(self, scenarios, catalog):
        self.scenarios, self.catalog = scenarios, catalog
        self.params = {}
        for scenario in scenarios:
            if scenario.format not in self.params:
                self.params[scenario.format] = folder_parameters(
                    ROOT / "rulings" / "content" / scenario.format)
        self.steps = sum(len(self.replay(s, True).steps) for s in scenarios)

    def replay(self, scenario, record_states):
        return replay(scenario, ruleset_for(scenario.format), self.catalog,
                      params=self.params[scenario.format], record_states=record_states)

    def per_step(self, record_states):
        """Seconds per replayed step of replaying every scenario once."""
        started = time.process_time()
        for scenario in self.scenarios:
            self.replay(scenario, record_states)
        return (time.process_time() - started) / self.steps


def bundled_scenarios():
    return [load_scenario(p) for p in sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))]


def long_scenarios():
    return [parse_scenario(long_scenario_source(slug=f"long-{pattern}", pattern=pattern),
                           f"long-{pattern}.yaml", RULESETS) for pattern in PATTERNS]


def breakdown(bundled):
    """Seconds per replayed step spent in each part of a replay, the parts timed apart on the
    same duels: building the duel from its setup, playing the steps, drawing the table after
    each, settling and observing the outcome. Not the headline (a replay also records events and
    rules per step): it says where a step's time goes, and what the steps alone cost."""
    parts = dict.fromkeys(("setup", "steps", "tables", "outcome"), 0.0)
    clock, steps = time.process_time, 0
    for scenario in bundled.scenarios:
        started = clock()
        duel = ruleset_for(scenario.format)(bundled.catalog, params=bundled.params[scenario.format],
                                            seed=scenario.seed)
        build_duel(scenario, duel)
        parts["setup"] += clock() - started
        for action in scenario.steps:
            started = clock()
            try:
                duel.before_step(action)
                duel.play(action)
            except IllegalAction:
                pass
            parts["steps"] += clock() - started
            started = clock()
            duel.snapshot()
            parts["tables"] += clock() - started
            steps += 1
        started = clock()
        duel.settle()
        observe(duel, None, steps)
        parts["outcome"] += clock() - started
    return {part: seconds / steps for part, seconds in parts.items()}


def side_by_side(bundled, longest, rounds, games):
    """Each figure's per-round values, the engine's and python-chess's timed in turn."""
    san, uci = GAME_SAN, game_uci()
    figures = {name: [] for name in ("states", "plain", "long", "san", "uci", "fen",
                                     "setup", "steps", "tables", "outcome", "san2")}
    for _ in range(rounds):
        for part, seconds in breakdown(bundled).items():
            figures[part].append(seconds)
        figures["san2"].append(chess_per_ply(replay_game_san, san, games))
        figures["states"].append(bundled.per_step(True))
        figures["san"].append(chess_per_ply(replay_game_san, san, games))
        figures["plain"].append(bundled.per_step(False))
        figures["uci"].append(chess_per_ply(replay_game_uci, uci, games))
        figures["long"].append(longest.per_step(True))
        figures["fen"].append(chess_per_ply(replay_game_san_fen, san, games))
    return figures


def ratio(engine, chess_times):
    return statistics.median(e / c for e, c in zip(engine, chess_times))


def us(seconds):
    return f"{statistics.median(seconds) * 1e6:7.1f} µs"


def old_figures(bundled, repeat, show):
    """The median and slowest replay of one scenario (each the median of `repeat` replays,
    without tables) and the whole corpus replayed once."""
    medians = {}
    for scenario in bundled.scenarios:
        times = []
        for _ in range(repeat):
            started = time.process_time()
            bundled.replay(scenario, False)
            times.append((time.process_time() - started) * 1000)
        medians[scenario.slug] = statistics.median(times)
    started = time.process_time()
    for scenario in bundled.scenarios:
        bundled.replay(scenario, False)
    corpus = (time.process_time() - started) * 1000
    for slug, ms in sorted(medians.items(), key=lambda kv: -kv[1])[:show]:
        print(f"{ms:8.3f} ms  {slug}")
    print(f"scenarios: {len(bundled.scenarios)}")
    print(f"median replay: {statistics.median(medians.values()):.3f} ms (target < 0.5 ms)")
    print(f"slowest replay: {max(medians.values()):.3f} ms")
    print(f"whole corpus, one replay each: {corpus:.2f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7,
                        help="alternating rounds of the engine and python-chess (default 7)")
    parser.add_argument("--games", type=int, default=300,
                        help="replays of the chess game per round (default 300)")
    parser.add_argument("--repeat", type=int, default=30,
                        help="replays of each scenario for the old per-scenario figures")
    parser.add_argument("--show", type=int, default=10,
                        help="how many of the slowest scenarios to list (default 10)")
    args = parser.parse_args()
    catalog = default_catalog()
    bundled = Corpus(bundled_scenarios(), catalog)
    longest = Corpus(long_scenarios(), catalog)
    bundled.per_step(True), chess_per_ply(replay_game_san, GAME_SAN, args.games)  # warm up
    figures = side_by_side(bundled, longest, args.rounds, args.games)
    print(f"engine, {len(bundled.scenarios)} bundled scenarios, {bundled.steps} steps; "
          f"python-chess {chess.__version__}, a {len(GAME_SAN)}-ply game; "
          f"medians of {args.rounds} rounds")
    print(f"engine per replayed step, tables recorded (the replay page): {us(figures['states'])}")
    print(f"engine per replayed step, no tables (verification):          {us(figures['plain'])}")
    print(f"engine per replayed step, the {len(longest.scenarios)} longest scenarios "
          f"({longest.steps} steps), tables: {us(figures['long'])}")
    print(f"python-chess per ply, SAN moves pushed:                      {us(figures['san'])}")
    print(f"python-chess per ply, UCI moves pushed:                      {us(figures['uci'])}")
    print(f"python-chess per ply, SAN pushed and the position (FEN) written: {us(figures['fen'])}")
    headline = ratio(figures["states"], figures["san"])
    print(f"ratio, engine step (tables) / chess ply (SAN): {headline:.2f}x "
          f"(target at most {TARGET_RATIO:g}x: {'ok' if headline <= TARGET_RATIO else 'OVER'})")
    print(f"ratio, engine step (no tables) / chess ply (SAN): "
          f"{ratio(figures['plain'], figures['san']):.2f}x")
    print(f"ratio, engine step (tables) / chess ply (UCI): "
          f"{ratio(figures['states'], figures['uci']):.2f}x")
    print(f"ratio, engine step (tables) / chess ply (SAN, position written): "
          f"{ratio(figures['states'], figures['fen']):.2f}x")
    print("where an engine step's time goes (the parts timed apart, per replayed step):")
    for part, words in (("setup", "building the duel from its setup"),
                        ("steps", "playing the steps themselves"),
                        ("tables", "drawing the table after each step"),
                        ("outcome", "settling and observing the outcome")):
        print(f"  {words:38s} {us(figures[part])}  "
              f"({ratio(figures[part], figures['san2']):.2f}x a chess ply)")
    print()
    old_figures(bundled, args.repeat, args.show)


if __name__ == "__main__":
    main()
