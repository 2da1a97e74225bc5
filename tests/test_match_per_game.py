"""With game points primary, WIN, WON and STD of a team event count games, as FIDE's checker does (tests/test_match_differential.py
holds them to it on random events); per match they are WIN:MP, WON:MP, STD:MP."""

from __future__ import annotations

import tiebreak
from tiebreak.core.match import MatchEvent
from tiebreak.core.model import Kind


def _event(primary: str) -> MatchEvent:
    # three teams of two boards, a pairing-allocated bye a round (2 MP and 2 GP: both boards won)
    return MatchEvent.build(["Ajax", "Bols", "Cito"], boards=2, primary=primary, matches=[
        (1, "Ajax", "Bols", (1.0, 0.5), (0.0, 0.5)),  # Ajax wins 1.5:0.5 (one game won, one drawn)
        (2, "Bols", "Cito", (1.0, 1.0), (0.0, 0.0)),  # Bols wins 2:0 (two games won)
        (3, "Cito", "Ajax", (0.5, 0.5), (0.5, 0.5)),  # drawn 1:1, both games drawn
    ], byes=[(1, "Cito", Kind.PAIRING_BYE), (2, "Ajax", Kind.PAIRING_BYE), (3, "Bols", Kind.PAIRING_BYE)])


def test_on_game_points_wins_count_games() -> None:
    t = _event("GP").tournament()
    # games with a win's point: Ajax 1 (R1) + 2 (bye) = 3; Bols 2 (R2) + 2 (bye) = 4; Cito 2 (bye)
    assert tiebreak.values(t, "WIN", "fide-2026") == [3.0, 4.0, 2.0]
    # won over the board (not the bye's): Ajax 1, Bols 2, Cito 0
    assert tiebreak.values(t, "WON", "fide-2026") == [1.0, 2.0, 0.0]
    # 1 a game above a draw, ½ a draw: Ajax 1 + ½ + 2 (bye) + ½ + ½ = 4.5; Bols ½ + 2 + 2 = 4.5; Cito 2 + 1 = 3
    assert tiebreak.values(t, "STD", "fide-2026") == [4.5, 4.5, 3.0]
    # per match: matches won (the bye included), over the board, and 1/½ a match
    assert tiebreak.values(t, "WIN:MP", "fide-2026") == [2.0, 2.0, 1.0]
    assert tiebreak.values(t, "WON:MP", "fide-2026") == [1.0, 1.0, 0.0]
    assert tiebreak.values(t, "STD:MP", "fide-2026") == [2.5, 2.0, 1.5]


def test_on_match_points_wins_count_matches() -> None:
    t = _event("MP").tournament()
    assert tiebreak.values(t, "WIN", "fide-2026") == [2.0, 2.0, 1.0]
    assert tiebreak.values(t, "WON", "fide-2026") == [1.0, 1.0, 0.0]
