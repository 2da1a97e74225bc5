"""Acceptance tests of the reader's errors: bad input gives a TiebreakError that says where.

Every kind of bad input must raise a subclass of ``tiebreak.TiebreakError``
(``NotationError``, ``ConsistencyError``, ``LayoutError``), never another
exception, and the message must name the place: the grid row (1-based, the
header counts) and the round (Swiss) or the opponent (round robin).

The two base tables below are correct; each test breaks one thing.
Grid rows: 1 = header, 2 = Ann, 3 = Bob, 4 = Cid, 5 = Dan.
"""

from __future__ import annotations

import copy
import datetime
import re
from typing import Any

import pytest

import tiebreak
from tiebreak import ConsistencyError, LayoutError, NotationError

# Swiss, 4 players, 2 rounds.  R1: Ann–Bob 1-0, Cid–Dan 0-1.  R2: Cid–Ann ½, Bob–Dan 1-0.
SWISS = [
    ["No", "Name", "R1", "R2", "Pts"],
    [1, "Ann", "2w1", "3b½", 1.5],
    [2, "Bob", "1b0", "4w1", 1],
    [3, "Cid", "4w0", "1w½", 0.5],
    [4, "Dan", "3b1", "2b0", 1],
]
# Round robin, 3 players.  Ann–Bob 1-0, Ann–Cid ½, Bob–Cid 1-0.
RR = [
    ["No", "Name", 1, 2, 3, "Pts"],
    [1, "Ann", "X", 1, "½", 1.5],
    [2, "Bob", 0, "X", 1, 1],
    [3, "Cid", "½", 0, "X", 0.5],
]
SWISS_COL = {"R1": 2, "R2": 3, "Pts": 4}
RR_COL = {"Ann": 2, "Bob": 3, "Cid": 4, "Pts": 5}
ROW = {"Ann": 1, "Bob": 2, "Cid": 3, "Dan": 4}

REF_ERROR = {"type": "Error", "basicValue": "#REF!", "errorType": "Ref"}  # how Office.js hands over a #REF! cell


def swiss(**cells: Any) -> list[list[Any]]:
    """SWISS with cells replaced: swiss(Ann_R2="12x")."""
    grid = copy.deepcopy(SWISS)
    for key, value in cells.items():
        name, col = key.split("_")
        grid[ROW[name]][SWISS_COL[col]] = value
    return grid


def rr(**cells: Any) -> list[list[Any]]:
    """RR with cells replaced: rr(Ann_Cid="y") is Ann's row, Cid's column."""
    grid = copy.deepcopy(RR)
    for key, value in cells.items():
        name, col = key.split("_")
        grid[ROW[name]][RR_COL[col]] = value
    return grid


def exact(message: str) -> str:
    """A ``match`` pattern for exactly this message."""
    return "^" + re.escape(message) + "$"


def test_the_base_tables_are_correct() -> None:
    assert tiebreak.read_table(SWISS).points == [1.5, 1, 0.5, 1]
    assert tiebreak.read_table(RR).points == [1.5, 1, 0.5]


def test_all_reader_errors_are_tiebreak_errors() -> None:
    for cls in (NotationError, ConsistencyError, LayoutError):
        assert issubclass(cls, tiebreak.TiebreakError)


# ------------------------------------------------------------ unknown results
@pytest.mark.parametrize("text", ["12x", "y", "2q1", "2w1½1", "q1"])
def test_swiss_unknown_result_text(text: str) -> None:
    with pytest.raises(NotationError, match=exact(f"row 2 (Ann), round 2: '{text}' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)")):
        tiebreak.read_table(swiss(Ann_R2=text))


def test_swiss_opponent_without_result() -> None:
    with pytest.raises(NotationError, match=exact("row 2 (Ann), round 2: '3b' has an opponent but no result")):
        tiebreak.read_table(swiss(Ann_R2="3b"))


def test_swiss_bare_number_is_not_a_pairing() -> None:
    with pytest.raises(NotationError, match=exact("row 2 (Ann), round 2: 3 is a number, not an opponent with a result (e.g. '12w1')")):
        tiebreak.read_table(swiss(Ann_R2=3))


def test_swiss_bye_worth_impossible_points() -> None:
    with pytest.raises(NotationError, match=exact("row 4 (Cid), round 2: '-3': a bye worth 3 points is not possible on 1/0.5/0 scoring")):
        tiebreak.read_table(swiss(Cid_R2="-3", Ann_R2="+"))


@pytest.mark.parametrize("text", ["y", "12x"])
def test_rr_unknown_result_text_names_row_and_opponent(text: str) -> None:
    # A round robin cell's place is its row and the opponent whose column it is in.
    # (The library currently says "row 2, column 5: 'y' is not a result": no player, no opponent.)
    with pytest.raises(NotationError, match=rf"^row 2\b.*against Cid \(No\. 3\).*: '{text}' is not a result \(write 1, ½ or 0\.5 or =, 0, \+ or − for a forfeit\)$"):
        tiebreak.read_table(rr(Ann_Cid=text))


def test_rr_number_that_is_no_result_names_row_and_opponent() -> None:
    with pytest.raises(NotationError, match=r"^row 3\b.*against Cid \(No\. 3\).*: 3 is not a result on 1/0\.5/0 scoring \(write 1, 0\.5 or 0\)$"):
        tiebreak.read_table(rr(Bob_Cid=3))


def test_swiss_round_column_with_only_unreadable_cells_is_not_ignored() -> None:
    """A column headed R2 whose cells are all unreadable must not silently vanish (the event would lose a round)."""
    grid = swiss(Ann_R2="y", Bob_R2="z", Cid_R2="q", Dan_R2="w")
    for row in grid:
        del row[SWISS_COL["Pts"]]
    with pytest.raises(NotationError, match=r"^row \d \(\w+\), round 2: '\w' is not a result \(write opponent, colour, result, e\.g\. 12w1, 5б½, 7b=; a bye \+, an absence −\)$"):
        tiebreak.read_table(grid)


# ------------------------------------------------------- Excel error values
@pytest.mark.parametrize(
    "value, shown",
    [("#N/A", "#N/A"), ("#VALUE!", "#VALUE!"), (REF_ERROR, "#REF!"), (-2146826246, "#N/A")],
    ids=["text #N/A", "text #VALUE!", "Office.js #REF!", "COM #N/A"],
)
def test_swiss_excel_error_in_a_round_cell(value: Any, shown: str) -> None:
    # Same place format as any other bad Swiss cell: row and round.
    # (The library currently says "row 2 (Ann), column 4: ...": the column, not the round.)
    with pytest.raises(NotationError, match=exact(f"row 2 (Ann), round 2: the cell holds the Excel error {shown}")):
        tiebreak.read_table(swiss(Ann_R2=value))


@pytest.mark.parametrize("value, shown", [("#N/A", "#N/A"), (REF_ERROR, "#REF!")], ids=["text #N/A", "Office.js #REF!"])
def test_rr_excel_error_in_a_result_cell(value: Any, shown: str) -> None:
    # (The library currently says "row 2, column 5: ...": no player, no opponent.)
    with pytest.raises(NotationError, match=rf"^row 2\b.*against Cid \(No\. 3\).*: the cell holds the Excel error {re.escape(shown)}$"):
        tiebreak.read_table(rr(Ann_Cid=value))


def test_swiss_round_column_of_excel_errors_is_not_ignored() -> None:
    """A round whose cells all show #REF! (a broken formula) must be reported, not dropped."""
    grid = swiss(Ann_R2=REF_ERROR, Bob_R2=REF_ERROR, Cid_R2=REF_ERROR, Dan_R2=REF_ERROR)
    for row in grid:
        del row[SWISS_COL["Pts"]]
    with pytest.raises(NotationError, match=r"^row \d \(\w+\), round 2: the cell holds the Excel error #REF!$"):
        tiebreak.read_table(grid)


@pytest.mark.parametrize("value, shown", [("#N/A", "#N/A"), (REF_ERROR, "#REF!")], ids=["text #N/A", "Office.js #REF!"])
def test_excel_error_in_the_points_column(value: Any, shown: str) -> None:
    with pytest.raises(NotationError, match=exact(f"row 3 (Bob), column 5: the cell holds the Excel error {shown}")):
        tiebreak.read_table(swiss(Bob_Pts=value))


def test_excel_error_in_the_name_column() -> None:
    grid = copy.deepcopy(RR)
    grid[2][1] = "#N/A"
    with pytest.raises(NotationError, match=exact("row 3, column 2: the cell holds the Excel error #N/A")):
        tiebreak.read_table(grid)


@pytest.mark.parametrize(
    "value, detail",
    [
        (True, "TRUE is a logical value, not a result"),
        (float("nan"), "the cell holds NaN, not a number"),
        (datetime.datetime(2024, 1, 1), "the cell holds the date 01.01.2024, not a result (write a result such as 1, ½, 0 or a pairing such as 12w1)"),
        ("=A1", "'=A1' is a formula stored as text, not its value"),
    ],
    ids=["bool", "nan", "datetime", "formula text"],
)
def test_swiss_odd_cell_values(value: Any, detail: str) -> None:
    # (The library currently names "column 4" instead of "round 2" for these.)
    with pytest.raises(NotationError, match=exact(f"row 2 (Ann), round 2: {detail}")):
        tiebreak.read_table(swiss(Ann_R2=value))


# ------------------------------------------------------ round robin mirrors
def test_rr_win_on_both_sides() -> None:
    # Ann's row: 1 against Bob; Bob's row: 1 against Ann.
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), against Bob (No. 2): 1 does not mirror Bob's result 1 (row 3)")):
        tiebreak.read_table(rr(Bob_Ann=1))


def test_rr_draw_against_loss() -> None:
    # Ann's row: ½ against Cid; Cid's row: 0 against Ann.
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), against Cid (No. 3): '½' does not mirror Cid's result 0 (row 4)")):
        tiebreak.read_table(rr(Cid_Ann=0))


def test_rr_game_entered_on_one_side_only() -> None:
    with pytest.raises(
        ConsistencyError,
        match=exact("row 2 (Ann), against Cid (No. 3): the game against Cid (No. 3) is entered only on one side: Ann's row has nothing"),
    ):
        tiebreak.read_table(rr(Ann_Cid=None))


def test_rr_forfeit_win_against_a_played_result() -> None:
    with pytest.raises(ConsistencyError, match=r"^row 2 \(Ann\), against Bob \(No\. 2\): '\+' does not mirror Bob's result 1 \(row 3\)$"):
        tiebreak.read_table(rr(Ann_Bob="+", Bob_Ann=1))


def test_rr_diagonal_mark_off_the_diagonal() -> None:
    # An 'X' in Ann's row under Bob: the user must be told which cell.
    # (The library currently says only "no results found: a round robin needs 3 result columns ...".)
    with pytest.raises(tiebreak.InputError, match=r"^row 2\b.*against Bob \(No\. 2\).*'X'"):
        tiebreak.read_table(rr(Ann_Bob="X"))


def test_rr_result_columns_out_of_order() -> None:
    grid = copy.deepcopy(RR)
    grid[0][3], grid[0][4] = 3, 2
    with pytest.raises(
        LayoutError,
        match=exact("row 1, column 4: the result column headed 3 stands where the column of Bob (No. 2) belongs: the columns must follow the order of the rows"),
    ):
        tiebreak.read_table(grid)


# --------------------------------------------------------- Swiss pairings
def test_swiss_opponent_shows_no_game_back() -> None:
    # Dan's row: Bob in round 2; Bob's row: nothing in round 2.
    with pytest.raises(ConsistencyError, match=exact("row 5 (Dan), round 2: Bob's row shows no game against Dan in that round")):
        tiebreak.read_table(swiss(Bob_R2=None, Bob_Pts=0))


def test_swiss_opponent_shows_another_opponent() -> None:
    # Round 2 as a ring: Ann→Bob, Bob→Cid, Cid→Dan, Dan→Ann (each named once, none mirrored).
    grid = swiss(Ann_R2="2b½", Bob_R2="3w1", Cid_R2="4w½", Dan_R2="1b0")
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 2: Bob's row shows Cid as the opponent in that round, not Ann")):
        tiebreak.read_table(grid)


def test_swiss_result_does_not_mirror() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 1: the result does not mirror Bob's (1 here, 1 there)")):
        tiebreak.read_table(swiss(Bob_R1="1b1"))


def test_swiss_forfeit_against_a_played_game() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 1: a forfeit win here, but Bob's row does not show a forfeit loss")):
        tiebreak.read_table(swiss(Ann_R1="2w+"))


def test_swiss_both_players_with_white() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 2: both players have white against each other")):
        tiebreak.read_table(swiss(Ann_R2="3w½"))


@pytest.mark.parametrize("cell", ["9b½", "0b½"])
def test_swiss_opponent_number_out_of_range(cell: str) -> None:
    number = cell[0]
    with pytest.raises(ConsistencyError, match=exact(f"row 2 (Ann), round 2: opponent {number} is not in the table (numbers refer to the No. column)")):
        tiebreak.read_table(swiss(Ann_R2=cell))


def test_swiss_opponent_out_of_range_without_number_column() -> None:
    grid = [row[1:4] for row in swiss(Ann_R2="5b½")]  # Name, R1, R2: numbers are row numbers
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 2: opponent 5 is not in the table (numbers refer to rows 1–4)")):
        tiebreak.read_table(grid)


def test_swiss_player_met_twice_in_one_round() -> None:
    # Round 2: Ann and Bob both claim Cid.
    with pytest.raises(ConsistencyError, match=exact("row 3 (Bob), round 2: Cid is already the opponent of Ann in this round")):
        tiebreak.read_table(swiss(Bob_R2="3w1"))


def test_swiss_player_meets_himself() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), round 1: '1w1': a player cannot meet himself")):
        tiebreak.read_table(swiss(Ann_R1="1w1"))


def test_swiss_round_headers_out_of_order() -> None:
    grid = copy.deepcopy(SWISS)
    grid[0][3] = "R3"
    with pytest.raises(LayoutError, match=exact("row 1: the round columns are headed 1, 3: they must be rounds 1, 2, 3 ... left to right")):
        tiebreak.read_table(grid)


# ------------------------------------------------------------ points column
def test_swiss_points_column_disagrees() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 3 (Bob), column 5: the points column says 2, but the results add up to 1")):
        tiebreak.read_table(swiss(Bob_Pts=2))


def test_rr_points_column_disagrees_as_text() -> None:
    with pytest.raises(ConsistencyError, match=exact("row 2 (Ann), column 6: the points column says 2.5, but the results add up to 1.5")):
        tiebreak.read_table(rr(Ann_Pts="2,5"))


def test_points_column_not_a_number() -> None:
    with pytest.raises(NotationError, match=exact("row 2 (Ann), column 6: 'abc' is not a number of points")):
        tiebreak.read_table(rr(Ann_Pts="abc"))


# ----------------------------------------------------------------- scoring
def test_swiss_mixed_two_point_and_half_point_results() -> None:
    grid = swiss(Ann_R1="2w2", Bob_R1="1b0", Dan_R1="3b2", Bob_R2="4w2")
    for row in grid:
        del row[SWISS_COL["Pts"]]
    # The first cell with a 2 is Ann's round 1.  (The library currently names "column 3", not the round.)
    with pytest.raises(
        NotationError,
        match=exact("row 2 (Ann), round 1: the table mixes 2-point results with half points: set the scoring (1/0.5/0 or 2/1/0)"),
    ):
        tiebreak.read_table(grid)


def test_rr_mixed_two_point_and_half_point_results() -> None:
    grid = rr(Ann_Bob=2, Bob_Cid=2)
    for row in grid:
        del row[RR_COL["Pts"]]
    # (The library currently names "column 4", not the opponent.)
    with pytest.raises(NotationError, match=r"^row 2 \(Ann\), against Bob \(No\. 2\): the table mixes 2-point results with half points"):
        tiebreak.read_table(grid)


# ------------------------------------------------------- players and layout
def test_duplicate_start_numbers() -> None:
    grid = copy.deepcopy(SWISS)
    grid[2][0] = 1
    with pytest.raises(LayoutError, match=exact("row 3, column 1: number 1 is also the number of row 2: numbers must differ")):
        tiebreak.read_table(grid)


def test_duplicate_names() -> None:
    grid = copy.deepcopy(SWISS)
    grid[2][1] = "ann"
    with pytest.raises(LayoutError, match=exact("row 3, column 2: the name 'ann' is also in row 2: players must be told apart")):
        tiebreak.read_table(grid)


def test_start_number_that_is_not_a_number() -> None:
    grid = copy.deepcopy(SWISS)
    grid[3][0] = "abc"
    with pytest.raises(LayoutError, match=exact("row 4, column 1: 'abc' is not a player number")):
        tiebreak.read_table(grid)


EMPTY = "the range is empty: select the crosstable (players' rows with their results)"


@pytest.mark.parametrize(
    "grid",
    [[], [[]], [[None]], [[None, ""], ["", None]], [["", " "], ["\u00a0", None]], None],
    ids=["no rows", "empty row", "one empty cell", "blank cells", "spaces", "None"],
)
def test_empty_range(grid: Any) -> None:
    with pytest.raises(LayoutError, match=exact(EMPTY)):
        tiebreak.read_table(grid)


def test_header_without_players() -> None:
    with pytest.raises(LayoutError, match=exact("no player rows below the header")):
        tiebreak.read_table([SWISS[0]])


@pytest.mark.parametrize(
    "grid, row",
    [
        ([["X"]], 1),
        ([["No", "Name", 1], [1, "Ann", "X"]], 2),
        ([["No", "Name", "R1"], [1, "Ann", "+"]], 2),
        ([["No", "Name", "R1"], [1, "Ann", "2w1"]], 2),
    ],
    ids=["bare diagonal", "rr with header", "swiss bye", "swiss pairing"],
)
def test_one_player_only(grid: Any, row: int) -> None:
    with pytest.raises(LayoutError, match=rf"^row {row}\b.*: a tournament needs at least two players$"):
        tiebreak.read_table(grid)


def test_names_and_numbers_without_results() -> None:
    with pytest.raises(LayoutError, match=r"^no results found: .*; the table has only name and number columns$"):
        tiebreak.read_table([["No", "Name"], [1, "Ann"], [2, "Bob"]])


# ------------------------------------------- never anything but TiebreakError
ODD_INPUTS = {
    "scalar": 42,
    "text": "hello",
    "bools": [[True, False], [False, True]],
    "nan": [[float("nan"), 1], [1, float("nan")]],
    "infinity": [["X", float("inf")], [0, "X"]],
    "huge number": [["X", 10**20], [0, "X"]],
    "dates": [[datetime.date(2024, 5, 1), "x"], ["x", datetime.date(2024, 5, 2)]],
    "formulas": [["=SUM(A1:A3)", "=B1"], ["=C1", "=D1"]],
    "long text": [["a" * 500, "X"], ["b" * 500, "X"]],
    "control characters": [["\x07", "X"], ["\x00", "X"]],
    "other dict": [[{"foo": 1}, "X"], [{"type": "Double", "basicValue": float("nan")}, "X"]],
    "nested list": [[[1, 2], "X"], [0, "X"]],
    "numbers only": [[1, 2, 3], [4, 5, 6], [7, 8, 9]],
    "text only": [["hello", "world"], ["foo", "bar"]],
    "swiss, every round unreadable": [["No", "Name", "R1"], [1, "Ann", "#N/A"], [2, "Bob", "#N/A"]],
    "rr, results of 4 points": [["X", 4], [0, "X"]],
    "rr, ambiguous match 1:1": [["No", "Name", 1, 2], [1, "A", "X", "1:1"], [2, "B", "1:1", "X"]],
    "rr, three results in a cell": [["No", "Name", 1, 2], [1, "A", "X", "1½0"], [2, "B", "0½1", "X"]],
}


@pytest.mark.parametrize("grid", list(ODD_INPUTS.values()), ids=list(ODD_INPUTS))
def test_odd_inputs_raise_only_tiebreak_errors(grid: Any) -> None:
    with pytest.raises(tiebreak.TiebreakError) as info:
        tiebreak.read_table(grid)
    assert isinstance(info.value, (NotationError, ConsistencyError, LayoutError))
    assert str(info.value)  # a message, not an empty string


@pytest.mark.parametrize("value", ["12x", "#N/A", REF_ERROR, True, float("nan"), "", None, "+", "-", "bye", "=", "1:0", "½ ½", 10, 0.25])
@pytest.mark.parametrize("base", ["swiss", "rr"])
@pytest.mark.parametrize("at", [(1, 2), (1, 3), (2, 2), (3, 4)])
def test_any_single_bad_cell_gives_a_tiebreak_error_or_a_table(base: str, at: tuple[int, int], value: Any) -> None:
    """Whatever one cell holds, the reader either reads the table or raises a TiebreakError (never anything else)."""
    grid = copy.deepcopy(SWISS if base == "swiss" else RR)
    grid[at[0]][at[1]] = value
    try:
        t = tiebreak.read_table(grid)
    except tiebreak.TiebreakError as err:
        assert isinstance(err, (NotationError, ConsistencyError, LayoutError))
        assert str(err)
    else:
        for code in ("points", "buchholz", "sonneborn_berger", "shmulyan", "solkoff", "solkoff_trunc", "riga", "wins", "beaten", "h2h"):
            assert len(tiebreak.values(t, code)) == len(t.players)
