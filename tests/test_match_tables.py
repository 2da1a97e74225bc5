"""Match tables as clubs type them (reading/team.py): a team Swiss table, a team round-robin matrix, micro-matches.

The team tables are checked against the TRF team reader, which the differential
test holds to FIDE's checker: a random team event is written both as TRF and as
the table a club keeps (``No | Team | R1 … Rn | MP | GP`` with ``8w2,5``, ``+F``,
``PAB`` ...), and every tie-break that does not need the board-by-board results
must come out the same.  The micro-match coefficients are worked by hand.
"""

from __future__ import annotations

import random

import pytest
from team_events import make_team_event

import tiebreak
from tiebreak.core.errors import ConsistencyError, NotationError, SettingsError
from tiebreak.core.match import MatchEvent, MatchTournament
from tiebreak.core.model import Kind
from tiebreak.io.trf_team import read_team_trf

CODES = ["BH:MP", "BH:GP", "BH:MP/C1", "SB:MP", "SB:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "MPVGP", "SSSC", "WIN", "EDE", "h2h", "buchholz"]
BYE_WORDS = {Kind.PAIRING_BYE: "PAB", Kind.HALF_BYE: "HPB", Kind.FULL_BYE: "FPB", Kind.ZERO_BYE: "ZPB"}


def _num(x: float) -> str:
    return f"{x:g}".replace(".", ",")


def swiss_grid(e: MatchEvent, style: int, upto: int | None = None) -> list[list[object]]:
    """The event as a club's team Swiss table, cells in one of three spellings."""
    rounds = e.rounds if upto is None else upto
    grid: list[list[object]] = [["No", "Team", *(f"R{r + 1}" for r in range(rounds)), "MP", "GP"]]
    for i, side in enumerate(e.sides):
        row: list[object] = [side.number, side.name]
        for r in range(rounds):
            m = e.entries[i][r]
            if m is None:
                row.append(None)
            elif m.kind in BYE_WORDS:
                row.append(BYE_WORDS[m.kind])
            elif m.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                assert m.opponent is not None
                row.append(f"{e.sides[m.opponent].number}{'+' if m.kind is Kind.FORFEIT_WIN else '-'}F")
            else:
                assert m.opponent is not None
                opp = e.sides[m.opponent].number
                their = e.entries[m.opponent][r]
                assert their is not None
                colour = {"w": "w", "b": "b", None: ""}[m.colour] if style != 1 else {"w": "б", "b": "ч", None: ""}[m.colour]
                if style == 3:  # board by board
                    row.append(f"{opp}{colour} " + " ".join(_num(b or 0.0) for b in m.boards))
                else:
                    row.append(f"{opp}{colour}{_num(m.game_points)}" if style == 0 else f"{opp}{colour} {_num(m.game_points)}:{_num(their.game_points)}" if style == 1 else f"{opp} {m.game_points:g}")
        row += [sum(x.match_points for x in e.entries[i][:rounds] if x), sum(x.game_points for x in e.entries[i][:rounds] if x)]
        grid.append(row)
    return grid


def test_team_swiss_tables_read_as_their_trf() -> None:
    rng = random.Random(2512)
    compared = 0
    for index in range(12):
        text, _counts = make_team_event(rng, index, pab_won=True)
        e = read_team_trf(text)
        rules = e.rules
        grid = swiss_grid(e, index % 3)
        t = tiebreak.read_table(grid)
        assert isinstance(t, MatchTournament) and t.event.event == "team" and t.event.boards == e.boards
        assert t.points == e.match_points and t.event.game_points == e.game_points
        for code in CODES:
            assert tiebreak.values(t, code, rules) == tiebreak.values(e.tournament(), code, rules), (index, code)
            compared += 1
        mine = [s.place for s in tiebreak.rank(t, "MPvGP, EMGSB, BH:MP", rules).by_player()]
        theirs = [s.place for s in tiebreak.rank(e.tournament(), "MPvGP, EMGSB, BH:MP", rules).by_player()]
        assert mine == theirs
    assert compared == 12 * len(CODES)


def test_a_team_swiss_table_in_progress_counts_its_complete_rounds() -> None:
    rng = random.Random(77)
    text, _counts = make_team_event(rng, 0, pab_won=True, teams=8)
    e = read_team_trf(text)
    grid = swiss_grid(e, 0)
    last = 2 + e.rounds - 1  # the column of the last round
    emptied = 0
    for i, m in enumerate(e.entries):  # the last round half entered: two matches not written yet, on both teams' rows
        entry = m[e.rounds - 1]
        if emptied < 4 and entry is not None and entry.kind is Kind.PLAYED and grid[1 + i][last] is not None:
            assert entry.opponent is not None
            grid[1 + i][last] = grid[1 + entry.opponent][last] = None
            emptied += 2
    for row in grid[1:]:
        row[-2], row[-1] = None, None  # the totals are not written until the round is done
    t = tiebreak.read_table(grid)
    assert t.rounds == e.rounds - 1 and t.whole is not None
    before = e.tournament().cut(e.rounds - 1)
    assert t.points == before.points
    for code in ("BH:MP", "EMGSB", "MPVGP"):
        assert tiebreak.values(t, code, e.rules) == tiebreak.values(before, code, e.rules)
    assert emptied == 4


def test_a_team_round_robin_matrix_reads_game_points() -> None:
    rng = random.Random(5)
    for index in range(6):
        text, _counts = make_team_event(rng, index, round_robin=True, teams=6)
        e = read_team_trf(text)
        n = len(e.sides)
        grid: list[list[object]] = [["No", "Team", *range(1, n + 1), "MP", "GP"]]
        for i, side in enumerate(e.sides):
            row: list[object] = [side.number, side.name, *([None] * n), e.match_points[i], e.game_points[i]]
            row[2 + i] = "X"
            for m in e.entries[i]:
                assert m is not None and m.opponent is not None
                their = e.entries[m.opponent][m.round - 1]
                assert their is not None
                row[2 + m.opponent] = f"{_num(m.game_points)}:{_num(their.game_points)}" if (i + m.opponent) % 2 else _num(m.game_points)
            grid.append(row)
        t = tiebreak.read_table(grid)
        assert t.is_round_robin and not t.has_rounds
        assert t.points == e.match_points and t.event.game_points == e.game_points
        for code in ("EMGSB", "EGGSB", "MPVGP", "SB:MP", "h2h"):
            assert tiebreak.values(t, code, "fide-2024") == tiebreak.values(e.tournament(), code, "fide-2024"), (index, code)


MICRO = [  # a draughts micro-match round robin of four, two games a match on 2/1/0: a cell is the two games' points
    ["№", "Участник", 1, 2, 3, 4, "МО", "ИО"],
    [1, "Анна", "X", "2 1", "1 1", "2 2", 5, 9],
    [2, "Борис", "0 1", "X", "2 0", "1 2", 3, 6],
    [3, "Вера", "1 1", "0 2", "X", "2 1", 4, 7],
    [4, "Глеб", "0 0", "1 0", "0 1", "X", 0, 2],
]


def test_micro_match_coefficients_by_hand() -> None:
    t = tiebreak.read_table(MICRO)
    assert isinstance(t, MatchTournament) and t.event.event == "micro" and t.event.primary == "GP"
    # game points are primary: Анна 2+1 + 1+1 + 2+2 = 9, Борис 1 + 2 + 1+2 = 6, Вера 2 + 2 + 2+1 = 7, Глеб 1 + 1 = 2
    assert t.points == [9.0, 6.0, 7.0, 2.0]
    assert t.event.match_points == [5.0, 3.0, 4.0, 0.0]  # Анна beat Борис and Глеб, drew with Вера; Борис beat Вера ...
    # Berger game by game (2 per win, 1 per draw, × the opponent's game points):
    # Анна: vs Борис 2×6 + 1×6, vs Вера 1×7 + 1×7, vs Глеб 2×2 + 2×2 = 18 + 14 + 8 = 40
    # Борис: vs Анна 0 + 1×9, vs Вера 2×7 + 0, vs Глеб 1×2 + 2×2 = 9 + 14 + 6 = 29
    # Вера: vs Анна 1×9 + 1×9, vs Борис 0 + 2×6, vs Глеб 2×2 + 1×2 = 18 + 12 + 6 = 36
    # Глеб: vs Борис 1×6 + 0, vs Вера 0 + 1×7 = 13
    berger = tiebreak.values(t, "sonneborn_berger", "ru")
    assert berger == [40.0, 29.0, 36.0, 13.0]
    # Buchholz game by game: every opponent once a game: Анна 2×(6 + 7 + 2) = 30, Борис 2×(9 + 7 + 2) = 36, Вера 2×(9 + 6 + 2) = 34, Глеб 2×(9 + 6 + 7) = 44
    assert tiebreak.values(t, "buchholz", "ru") == [30.0, 36.0, 34.0, 44.0]
    # Shmulyan game by game (beaten − lost to): Анна +6 +6(draw 0) ... : vs Борис +6 (win) 0 (draw); vs Вера 0 0; vs Глеб +2 +2 = 10
    # Борис: −9 (loss) 0 (draw); +7 −7; 0 +2 = −7.  Вера: 0 0; −6 +6; +2 0 = 2.  Глеб: −9 −9; 0 −6; −7 0 = −31
    assert tiebreak.values(t, "shmulyan", "ru") == [10.0, -7.0, 2.0, -31.0]
    # per match (":MP"): each micro-match one game won, drawn or lost, on the opponents' match points (Анна 5, Борис 3, Вера 4, Глеб 0):
    # Анна beat Борис and Глеб, drew with Вера: 2×3 + 2×0 + 4 = 10; Борис lost to Анна, drew with Вера (2:2), beat Глеб: 4 + 2×0 = 4;
    # Вера drew with Анна and Борис, beat Глеб: 5 + 3 + 2×0 = 8; Глеб lost every match: 0
    assert tiebreak.values(t, "sonneborn_berger:MP", "ru") == [10.0, 4.0, 8.0, 0.0]
    assert [s.label for s in tiebreak.rank(t, "sonneborn_berger", "ru").standings] == ["1", "2", "3", "4"]


def test_micro_match_scores_that_two_pairs_of_games_give_are_refused() -> None:
    grid: list[list[object]] = [
        ["Первенство клуба, микроматчи"],
        ["№", "Участник", "1", "МО", "ИО"],
        [1, "Анна", "2ч 1:1", None, None],
        [2, "Борис", "1б 1:1", None, None],
    ]
    with pytest.raises(NotationError) as err:  # on 1/½/0, 1:1 is a win and a loss or two draws
        tiebreak.read_table(grid, scoring=tiebreak.CHESS)
    assert "1:1 could be 0.5 0.5 or 1 0" in str(err.value) and "round 1" in str(err.value)
    grid[2][2], grid[3][2] = "2ч 1 0", "1б 0 1"  # the two games written: read
    t = tiebreak.read_table(grid, scoring=tiebreak.CHESS)
    assert t.event.event == "micro" and t.points == [1.0, 1.0] and t.event.match_points == [1.0, 1.0]
    assert t.rounds == 2 and tiebreak.values(t, "wins") == [1.0, 1.0]  # game by game: a win each


def test_board_criteria_need_the_boards_and_team_codes_need_a_match_event() -> None:
    grid = swiss_grid(read_team_trf(make_team_event(random.Random(3), 0, pab_won=True)[0]), 0)
    t = tiebreak.read_table(grid)
    with pytest.raises(SettingsError, match="TBR needs each board's result"):
        tiebreak.values(t, "TBR", "fide-2024")
    single = tiebreak.read_table([["X", 1, "½"], [0, "X", 1], ["½", 0, "X"]])
    with pytest.raises(SettingsError, match="EMGSB is a tie-break of match events"):
        tiebreak.values(single, "EMGSB")
    with pytest.raises(SettingsError, match="BH:MP is a tie-break of match events"):
        tiebreak.values(single, "BH:MP")


def test_a_forfeit_without_its_opponent_needs_one_to_match() -> None:
    grid = [["No", "Team", "R1", "MP", "GP"], [1, "A", "+F", 2, 1], [2, "B", "+F", 2, 1]]
    with pytest.raises(ConsistencyError, match="write the opponent's number"):
        tiebreak.read_table(grid)
    grid[2][2], grid[2][3], grid[2][4] = "-F", 0, 0
    t = tiebreak.read_table(grid)
    assert t.points == [2.0, 0.0] and t.event.boards == 1


def test_micro_matches_in_two_sub_columns_a_round() -> None:
    # MICRO written with each opponent's column split in two, a game each (the header's number over both)
    grid: list[list[object]] = [["№", "Участник", 1, None, 2, None, 3, None, 4, None, "МО", "ИО"]]
    for row in MICRO[1:]:
        split: list[object] = [row[0], row[1]]
        for cell in row[2:6]:
            split += ["X", "X"] if cell == "X" else [int(x) for x in str(cell).split()]
        grid.append(split + list(row[6:]))
    t = tiebreak.read_table(grid)
    whole = tiebreak.read_table(MICRO)
    assert t.event.event == "micro" and t.points == whole.points == [9.0, 6.0, 7.0, 2.0]
    assert tiebreak.values(t, "sonneborn_berger", "ru") == tiebreak.values(whole, "sonneborn_berger", "ru") == [40.0, 29.0, 36.0, 13.0]
    # a Swiss of micro-matches: the opponent and colour with the first game, the second game beside it
    swiss: list[list[object]] = [
        ["№", "Участник", "Тур 1", None, "Тур 2", None, "МО", "ИО"],
        [1, "Анна", "2б 2", 1, "3ч 0", 2, 3, 5],
        [2, "Борис", "1ч 0", 1, "PAB", None, 2, 5],
        [3, "Вера", "PAB", None, "1б 2", 0, 3, 6],
    ]
    # Анна beat Борис 2+1 : 0+1 and drew with Вера 0+2 : 2+0; Борис and Вера had a bye (a won match, both games won: 2 MP, 4 GP)
    t = tiebreak.read_table(swiss)
    assert t.event.event == "micro" and t.event.match_points == [3.0, 2.0, 3.0] and t.points == [5.0, 5.0, 6.0]
    swiss[3][6] = 4  # a wrong total is refused, naming its cell
    with pytest.raises(ConsistencyError, match=r"row 4 \(Вера\), column 7: the table says 4 but the matches add up to 3"):
        tiebreak.read_table(swiss)


def test_a_team_swiss_table_board_by_board_gives_the_board_criteria() -> None:
    rng = random.Random(4242)
    for index in range(8):
        text, _counts = make_team_event(rng, index, pab_won=True)
        e = read_team_trf(text)
        t = tiebreak.read_table(swiss_grid(e, 3))  # cells like '5w 1 ½ 0 1': each board's result
        assert t.event.event == "team" and t.event.boards == e.boards
        for code in ("BC", "TBR", "BBE", "EGGSB", "BH:GP"):
            assert tiebreak.values(t, code, e.rules) == tiebreak.values(e.tournament(), code, e.rules), (index, code)
        for codes in ("EDET", "EDEBB", "MPvGP, TBR"):
            mine = [s.place for s in tiebreak.rank(t, codes, e.rules).by_player()]
            assert mine == [s.place for s in tiebreak.rank(e.tournament(), codes, e.rules).by_player()]
    grid = swiss_grid(read_team_trf(make_team_event(random.Random(1), 0, pab_won=True)[0]), 3)
    cell = next(c for c in grid[1][2:] if isinstance(c, str) and c.count(" ") > 1)
    grid[1][grid[1].index(cell)] = cell.rsplit(" ", 1)[0]  # one board's result left out
    with pytest.raises(NotationError, match="results for a match of"):
        tiebreak.read_table(grid)
