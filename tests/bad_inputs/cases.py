"""The bad-input corpus: tables and settings tiebreak must refuse, each with the exact message.

125 refusal cases (``CASES``) and 15 odd but valid tables (``ACCEPTED``).

Every case is a dict:

* ``id``: a unique name;
* ``grid``: the range as Excel hands it over (numbers, strings, None; Excel
  errors as text ``"#N/A"``, as the Office.js dict, or as the desktop integer
  code);
* ``call`` (default ``"read_table"``): ``"read_table"``, ``"rank"``
  (read the grid, then ``tiebreak.rank(t, criteria, rules)``),
  ``"get_rules"``, ``"parse_criteria"``, ``"values"`` (``tiebreak.values(t,
  criterion, rules)``) or ``"function"`` (the worksheet function
  ``function`` called through xlwings' Office.js conversion with the grid and
  ``args``; the cell must read ``"#TIEBREAK! " + message``);
* ``scoring``, ``rules``, ``criteria``, ``criterion``, ``function``, ``args``:
  what the call needs;
* ``error``: the TiebreakError subclass expected;
* ``message``: the exact ``str(err)``;
* ``bug`` (optional): why the message is not (yet) what the library says.
  These cases fail until the library is fixed; the message is the one a user
  needs.

``ACCEPTED`` lists odd but valid tables: each must be read without an error
and give the stated points (and labels).

Base tables (grid rows: 1 = header, 2 = Ann, 3 = Bob, 4 = Cid, 5 = Dan):

SWISS: 4 players, 2 rounds.  R1: Ann–Bob 1-0, Cid–Dan 0-1.  R2: Cid–Ann ½, Bob–Dan 1-0.
RR: 3 players.  Ann–Bob 1-0, Ann–Cid ½, Bob–Cid 1-0.
DRR: double round robin, 3 players, two results per cell.
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

SWISS = [
    ["No", "Name", "R1", "R2", "Pts"],
    [1, "Ann", "2w1", "3b½", 1.5],
    [2, "Bob", "1b0", "4w1", 1],
    [3, "Cid", "4w0", "1w½", 0.5],
    [4, "Dan", "3b1", "2b0", 1],
]
RR = [
    ["No", "Name", 1, 2, 3, "Pts"],
    [1, "Ann", "X", 1, "½", 1.5],
    [2, "Bob", 0, "X", 1, 1],
    [3, "Cid", "½", 0, "X", 0.5],
]
DRR = [
    ["No", "Name", 1, 2, 3],
    [1, "Ann", "X", "1½", "=0"],
    [2, "Bob", "0½", "X", "11"],
    [3, "Cid", "=1", "00", "X"],
]
# Cell positions (0-based) in the grids above.
ANN, BOB, CID, DAN = 1, 2, 3, 4
NO, NAME = 0, 1
R1, R2, SW_PTS = 2, 3, 4
VS = {"Ann": 2, "Bob": 3, "Cid": 4}  # a round robin column: the results against that player
RR_PTS = 5

NA_TEXT, REF_TEXT, VALUE_TEXT = "#N/A", "#REF!", "#VALUE!"  # desktop Excel with err_to_str
NA_JS = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}  # Office.js
REF_JS = {"type": "Error", "basicValue": "#REF!", "errorType": "Ref"}
VALUE_JS = {"type": "Error", "basicValue": "#VALUE!", "errorType": "Value"}
NA_COM, REF_COM, VALUE_COM = -2146826246, -2146826265, -2146826273  # desktop Excel without err_to_str

UNKNOWN_CRITERION = "see the list of codes (e.g. points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)"
RULE_SETS = "use one of ru, fide-2024, fide-2026, fide-2009, plain"
NO_RESULTS = (
    "no results found: a round robin needs {n} result columns (one per player row, with the diagonal marked X or left blank), "
    "a Swiss table one column per round with cells such as '12w1'"
)
EMPTY = "the range is empty: select the crosstable (players' rows with their results)"


def edit(base: list[list[Any]], *changes: tuple[int, int, Any]) -> list[list[Any]]:
    """A copy of ``base`` with cells (row, column) replaced."""
    grid = copy.deepcopy(base)
    for r, c, v in changes:
        grid[r][c] = v
    return grid


def without_column(grid: list[list[Any]], c: int) -> list[list[Any]]:
    return [row[:c] + row[c + 1 :] for row in grid]


def swiss_rounds(n_rounds: int) -> list[list[Any]]:
    """4 players, ``n_rounds`` round columns: Ann–Bob and Cid–Dan every round, 1-0 for white."""
    head = ["No", "Name"] + [f"R{r}" for r in range(1, n_rounds + 1)]
    cells = {1: "2w1", 2: "1b0", 3: "4w1", 4: "3b0"}
    return [head] + [[i, name] + [cells[i]] * n_rounds for i, name in enumerate(["Ann", "Bob", "Cid", "Dan"], start=1)]


def case(id: str, grid: Any, message: str, error: str, **extra: Any) -> dict[str, Any]:
    return {"id": id, "grid": grid, "message": message, "error": error, **extra}


CASES: list[dict[str, Any]] = [
    # ------------------------------------------------------------ unknown result texts
    case("swiss-unknown-result", edit(SWISS, (ANN, R2, "3q½")), "row 2 (Ann), round 2: '3q½' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)", "NotationError"),
    case("swiss-word-instead-of-result", edit(SWISS, (ANN, R2, "draw")), "row 2 (Ann), round 2: 'draw' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)", "NotationError"),
    case("swiss-opponent-without-result", edit(SWISS, (ANN, R2, "3b")), "row 2 (Ann), round 2: '3b' has an opponent but no result", "NotationError"),
    case(
        "swiss-bare-number",
        edit(SWISS, (ANN, R2, 3)),
        "row 2 (Ann), round 2: 3 is a number, not an opponent with a result (e.g. '12w1')",
        "NotationError",
    ),
    case(
        "swiss-bye-worth-3",
        edit(SWISS, (CID, R2, "-3"), (ANN, R2, "+")),
        "row 4 (Cid), round 2: '-3': a bye worth 3 points is not possible on 1/0.5/0 scoring",
        "NotationError",
    ),
    case("swiss-7-digit-opponent", edit(SWISS, (ANN, R2, "1234567b½")), "row 2 (Ann), round 2: '1234567b½' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)", "NotationError"),
    case("rr-unknown-result", edit(RR, (ANN, VS["Cid"], "y")), "row 2 (Ann), against Cid (No. 3): 'y' is not a result (write 1, ½ or 0.5 or =, 0, + or − for a forfeit)", "NotationError"),
    case("rr-result-3", edit(RR, (BOB, VS["Cid"], 3)), "row 3 (Bob), against Cid (No. 3): 3 is not a result on 1/0.5/0 scoring (write 1, 0.5 or 0)", "NotationError"),
    case("rr-three-results-in-a-cell", edit(RR, (ANN, VS["Bob"], "1½0")), "row 2 (Ann), against Bob (No. 2): '1½0' is not a result (write 1, ½ or 0.5 or =, 0, + or − for a forfeit)", "NotationError"),
    case(
        "drr-ambiguous-match-score",
        edit(DRR, (ANN, VS["Bob"], "1:1"), (BOB, VS["Ann"], "1:1")),
        "row 2 (Ann), against Bob (No. 2): '1:1' could be two draws or a win and a loss; write the two games, e.g. '==' or '10'",
        "NotationError",
    ),
    case(
        "rr-diagonal-mark-off-the-diagonal",
        edit(RR, (ANN, VS["Bob"], "X")),
        "row 2 (Ann), against Bob (No. 2): 'X' marks the diagonal, but this is not the player's own column",
        "LayoutError",
    ),
    # --------------------------------------------------------- results that disagree
    case(
        "swiss-both-won",
        edit(SWISS, (BOB, R1, "1b1")),
        "row 2 (Ann), round 1: the result does not mirror Bob's (1 here, 1 there)",
        "ConsistencyError",
    ),
    case(
        "swiss-forfeit-against-game",
        edit(SWISS, (ANN, R1, "2w+")),
        "row 2 (Ann), round 1: a forfeit win here, but Bob's row does not show a forfeit loss",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-shows-no-game",
        edit(SWISS, (BOB, R2, None), (BOB, SW_PTS, 0)),
        "row 5 (Dan), round 2: Bob's row shows no game against Dan in that round",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-shows-another",
        without_column(edit(SWISS, (ANN, R2, "2b½"), (BOB, R2, "3w1"), (CID, R2, "4w½"), (DAN, R2, "1b0")), SW_PTS),
        "row 2 (Ann), round 2: Bob's row shows Cid as the opponent in that round, not Ann",
        "ConsistencyError",
    ),
    case(
        "swiss-both-white",
        edit(SWISS, (ANN, R2, "3w½")),
        "row 2 (Ann), round 2: both players have white against each other",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-twice-in-a-round",
        edit(SWISS, (BOB, R2, "3w1")),
        "row 3 (Bob), round 2: Cid is already the opponent of Ann in this round",
        "ConsistencyError",
    ),
    case(
        "rr-both-won",
        edit(RR, (BOB, VS["Ann"], 1)),
        "row 2 (Ann), against Bob (No. 2): 1 does not mirror Bob's result 1 (row 3)",
        "ConsistencyError",
    ),
    case(
        "rr-draw-against-loss",
        edit(RR, (CID, VS["Ann"], "0")),
        "row 2 (Ann), against Cid (No. 3): '½' does not mirror Cid's result '0' (row 4)",
        "ConsistencyError",
    ),
    case(
        "rr-game-on-one-side-only",
        edit(RR, (ANN, VS["Cid"], None)),
        "row 2 (Ann), against Cid (No. 3): the game against Cid (No. 3) is entered only on one side: Ann's row has nothing",
        "ConsistencyError",
    ),
    case(
        "drr-second-game-disagrees",
        edit(DRR, (BOB, VS["Ann"], "0 0")),
        "row 2 (Ann), against Bob (No. 2): '1½' does not mirror Bob's result '0 0' (row 3)",
        "ConsistencyError",
    ),
    case(
        "swiss-points-column-disagrees",
        edit(SWISS, (BOB, SW_PTS, 2)),
        "row 3 (Bob), column 5: the points column says 2, but the results add up to 1",
        "ConsistencyError",
    ),
    # ------------------------------------------------------------- meeting himself
    case("swiss-meets-himself", edit(SWISS, (ANN, R1, "1w1")), "row 2 (Ann), round 1: '1w1': a player cannot meet himself", "ConsistencyError"),
    case(
        "rr-result-on-the-diagonal",
        edit(RR, (ANN, VS["Ann"], 1)),
        "row 2 (Ann), against Ann (No. 1): 1 stands on the diagonal: a player cannot play himself (mark the cell X or leave it blank)",
        "LayoutError",
        bug="the library says only \"no results found: a round robin needs 3 result columns ...\": no cell, and results are there",
    ),
    # ----------------------------------------------------------- opponents out of range
    case(
        "swiss-opponent-9-of-4",
        edit(SWISS, (ANN, R2, "9b½")),
        "row 2 (Ann), round 2: opponent 9 is not in the table (numbers refer to the No. column)",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-0",
        edit(SWISS, (ANN, R2, "0b½")),
        "row 2 (Ann), round 2: opponent 0 is not in the table (numbers refer to the No. column)",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-999999",
        edit(SWISS, (ANN, R2, "999999b½")),
        "row 2 (Ann), round 2: opponent 999999 is not in the table (numbers refer to the No. column)",
        "ConsistencyError",
    ),
    case(
        "swiss-opponent-out-of-range-by-rows",
        [row[1:4] for row in edit(SWISS, (ANN, R2, "5b½"))],
        "row 2 (Ann), round 2: opponent 5 is not in the table (numbers refer to rows 1–4)",
        "ConsistencyError",
    ),
    # ------------------------------------------------------------------ duplicates
    case("duplicate-names", edit(SWISS, (BOB, NAME, "Ann")), "row 3, column 2: the name 'Ann' is also in row 2: players must be told apart", "LayoutError"),
    case(
        "duplicate-names-case-and-spaces",
        edit(RR, (BOB, NAME, "  ANN ")),
        "row 3, column 2: the name 'ANN' is also in row 2: players must be told apart",
        "LayoutError",
    ),
    case("duplicate-numbers", edit(SWISS, (BOB, NO, 1)), "row 3, column 1: number 1 is also the number of row 2: numbers must differ", "LayoutError"),
    case(
        "duplicate-numbers-text-and-number",
        edit(SWISS, (BOB, NO, "1")),
        "row 3, column 1: number 1 is also the number of row 2: numbers must differ",
        "LayoutError",
    ),
    case("duplicate-numbers-rr", edit(RR, (CID, NO, 2)), "row 4, column 1: number 2 is also the number of row 3: numbers must differ", "LayoutError"),
    # ------------------------------------------------------------ non-square round robin
    case(
        "rr-3-rows-2-result-columns",
        without_column(RR, VS["Cid"]),
        "row 4: the table has 3 player rows but 2 result columns: a round robin needs one result column per player "
        "(a player's column is missing, or a row or column that is not a player's is inside the range)",
        "LayoutError",
        bug="the library says \"no results found: ...\" although the results are there",
    ),
    case(
        "rr-3-rows-4-result-columns",
        [row[:RR_PTS] + [extra] + row[RR_PTS:] for row, extra in zip(RR, [4, "½", "0", "1"], strict=True)],
        "row 1, column 6: a result column headed 4, but the table has 3 player rows: a round robin needs one result column per player",
        "LayoutError",
        bug="the library reads the table and silently drops the 4th result column",
    ),
    case(
        "rr-2-rows-3-result-columns",
        [row[:RR_PTS] for row in RR[:3]],
        "row 1, column 5: a result column headed 3, but the table has 2 player rows: a round robin needs one result column per player",
        "LayoutError",
        bug="the library reads a 2-player event and silently drops the results in column 3 (Cid's row is missing)",
    ),
    case(
        "rr-4-rows-3-result-columns",
        [row[:RR_PTS] for row in RR] + [[4, "Dan", 1, 1, 1]],
        "row 5: the table has 4 player rows but 3 result columns: a round robin needs one result column per player "
        "(a player's column is missing, or a row or column that is not a player's is inside the range)",
        "LayoutError",
        bug="the library says \"no results found: ...\" although the results are there",
    ),
    # ------------------------------------------------------------------- Excel errors
    *[
        case(
            f"swiss-excel-error-{label}",
            edit(SWISS, (ANN, R2, value)),
            f"row 2 (Ann), round 2: the cell holds the Excel error {shown}",
            "NotationError",
        )
        for label, value, shown in [
            ("na-text", NA_TEXT, "#N/A"),
            ("ref-text", REF_TEXT, "#REF!"),
            ("value-text", VALUE_TEXT, "#VALUE!"),
            ("na-officejs", NA_JS, "#N/A"),
            ("ref-officejs", REF_JS, "#REF!"),
            ("value-officejs", VALUE_JS, "#VALUE!"),
            ("na-com", NA_COM, "#N/A"),
            ("ref-com", REF_COM, "#REF!"),
            ("value-com", VALUE_COM, "#VALUE!"),
        ]
    ],
    *[
        case(
            f"rr-excel-error-{label}",
            edit(RR, (ANN, VS["Cid"], value)),
            f"row 2 (Ann), against Cid (No. 3): the cell holds the Excel error {shown}",
            "NotationError",
        )
        for label, value, shown in [("na-text", NA_TEXT, "#N/A"), ("ref-officejs", REF_JS, "#REF!"), ("value-com", VALUE_COM, "#VALUE!")]
    ],
    case("name-excel-error", edit(SWISS, (BOB, NAME, REF_TEXT)), "row 3, column 2: the cell holds the Excel error #REF!", "NotationError"),
    case("number-excel-error", edit(SWISS, (BOB, NO, VALUE_JS)), "row 3, column 1: the cell holds the Excel error #VALUE!", "NotationError"),
    case("points-excel-error", edit(SWISS, (BOB, SW_PTS, NA_COM)), "row 3 (Bob), column 5: the cell holds the Excel error #N/A", "NotationError"),
    case(
        "function-excel-error-officejs",
        edit(SWISS, (ANN, R2, NA_JS)),
        "row 2 (Ann), round 2: the cell holds the Excel error #N/A",
        "NotationError",
        call="function",
        function="buchholz",
    ),
    case(
        "function-excel-error-text",
        edit(RR, (ANN, VS["Cid"], REF_TEXT)),
        "row 2 (Ann), against Cid (No. 3): the cell holds the Excel error #REF!",
        "NotationError",
        call="function",
        function="places",
    ),
    # ------------------------------------------------------------- formulas as text
    case(
        "swiss-formula-text",
        edit(SWISS, (ANN, R2, "=SUM(C2:E2)")),
        "row 2 (Ann), round 2: '=SUM(C2:E2)' is a formula stored as text, not its value",
        "NotationError",
    ),
    case(
        "rr-formula-text",
        edit(RR, (ANN, VS["Cid"], "=SUM(C2:E2)")),
        "row 2 (Ann), against Cid (No. 3): '=SUM(C2:E2)' is a formula stored as text, not its value",
        "NotationError",
    ),
    case(
        "name-hyperlink-formula-text",
        edit(SWISS, (ANN, NAME, '=HYPERLINK("http://x.example","Ann")')),
        "row 2, column 2: '=HYPERLINK(\"http://x.example\",\"Ann\")' is a formula stored as text, not its value",
        "NotationError",
    ),
    # ------------------------------------------------------------- merged-cell gaps
    case("number-gap", edit(SWISS, (BOB, NO, None)), "row 3, column 1: an empty cell is not a player number", "LayoutError"),
    case("number-gap-rr", edit(RR, (BOB, NO, None)), "row 3, column 1: an empty cell is not a player number", "LayoutError"),
    # ----------------------------------------------------------- size and emptiness
    case("one-player-rr", [["No", "Name", 1], [1, "Ann", "X"]], "row 2: a tournament needs at least two players", "LayoutError"),
    case("one-player-swiss", [["No", "Name", "R1"], [1, "Ann", "+"]], "row 2: a tournament needs at least two players", "LayoutError"),
    case("one-cell-diagonal", [["X"]], "row 1: a tournament needs at least two players", "LayoutError"),
    case("empty-cell", [[None]], EMPTY, "LayoutError"),
    case("empty-list", [], EMPTY, "LayoutError"),
    case("empty-row", [[]], EMPTY, "LayoutError"),
    case("blank-strings", [["", " "], ["\u00a0", None]], EMPTY, "LayoutError"),
    case("header-only", [SWISS[0]], "no player rows below the header", "LayoutError"),
    case(
        "names-and-numbers-only",
        [["No", "Name"], [1, "Ann"], [2, "Bob"]],
        NO_RESULTS.format(n=2) + "; the table has only name and number columns",
        "LayoutError",
    ),
    case(
        "swiss-500-rounds",
        swiss_rounds(500),
        "500 round columns: more than 100 rounds is beyond what tiebreak reads",
        "LayoutError",
    ),
    case(
        "swiss-101-rounds",
        swiss_rounds(101),
        "101 round columns: more than 100 rounds is beyond what tiebreak reads",
        "LayoutError",
    ),
    case(
        "swiss-rounds-out-of-order",
        edit(SWISS, (0, R2, "R3")),
        "row 1: the round columns are headed 1, 3: they must be rounds 1, 2, 3 ... left to right",
        "LayoutError",
    ),
    # ------------------------------------------------------------ numbers out of range
    case("swiss-1e308", edit(SWISS, (ANN, R2, 1e308)), "row 2 (Ann), round 2: 1e+308 is not a sensible number here", "NotationError"),
    case("swiss-minus-1e308", edit(SWISS, (ANN, R2, -1e308)), "row 2 (Ann), round 2: -1e+308 is not a sensible number here", "NotationError"),
    case("rr-1e308", edit(RR, (ANN, VS["Cid"], 1e308)), "row 2 (Ann), against Cid (No. 3): 1e+308 is not a sensible number here", "NotationError"),
    case("points-minus-1e308", edit(SWISS, (ANN, SW_PTS, -1e308)), "row 2 (Ann), column 5: -1e+308 is not a sensible number here", "NotationError"),
    case("number-1e308", edit(SWISS, (ANN, NO, 1e308)), "row 2, column 1: 1e+308 is not a sensible number here", "NotationError"),
    case("swiss-nan", edit(SWISS, (ANN, R2, float("nan"))), "row 2 (Ann), round 2: the cell holds NaN, not a number", "NotationError"),
    case("rr-nan", edit(RR, (ANN, VS["Cid"], float("nan"))), "row 2 (Ann), against Cid (No. 3): the cell holds NaN, not a number", "NotationError"),
    case("points-nan", edit(SWISS, (ANN, SW_PTS, float("nan"))), "row 2 (Ann), column 5: the cell holds NaN, not a number", "NotationError"),
    case("points-negative", edit(SWISS, (ANN, SW_PTS, -1.5)), "row 2 (Ann), column 5: -1.5 is not a number of points", "NotationError"),
    case("points-negative-text", edit(RR, (ANN, RR_PTS, "-1,5")), "row 2 (Ann), column 6: '-1,5' is not a number of points", "NotationError"),
    case("number-zero", edit(SWISS, (ANN, NO, 0)), "row 2, column 1: 0 is not a player number", "LayoutError"),
    case("number-fraction", edit(SWISS, (ANN, NO, 1.5)), "row 2, column 1: 1.5 is not a player number", "LayoutError"),
    case(
        "rating-too-high",
        [["No", "Name", "Rating", "R1"], [1, "Ann", 99999, "2w1"], [2, "Bob", 1500, "1b0"]],
        "row 2 (Ann), column 3: 99999 is not a rating: ratings lie between 100 and 4000",
        "NotationError",
    ),
    # ------------------------------------------------------- control characters, long texts
    case("name-nul", edit(SWISS, (ANN, NAME, "Ivan\x00ov")), "row 2, column 2: 'Ivan?ov' contains control characters", "NotationError"),
    case("name-bell", edit(SWISS, (ANN, NAME, "\x07")), "row 2, column 2: '?' contains control characters", "NotationError"),
    case(
        "swiss-escape-sequence",
        edit(SWISS, (ANN, R2, "\x1b[2J3b½")),
        "row 2 (Ann), round 2: '?[2J3b½' contains control characters",
        "NotationError",
    ),
    case(
        "name-10000-chars",
        edit(SWISS, (ANN, NAME, "A" * 10_000)),
        "row 2, column 2: a text of 10000 characters is too long for a crosstable cell",
        "NotationError",
    ),
    case("name-150-chars", edit(SWISS, (ANN, NAME, "A" * 150)), "row 2, column 2: a name of 150 characters is too long", "NotationError"),
    case(
        "swiss-result-10000-chars",
        edit(SWISS, (ANN, R2, "3b" + "½" * 10_000)),
        "row 2 (Ann), round 2: a text of 10002 characters is too long for a crosstable cell",
        "NotationError",
    ),
    case(
        "rr-result-10000-chars",
        edit(RR, (ANN, VS["Cid"], "1" * 10_000)),
        "row 2 (Ann), against Cid (No. 3): a text of 10000 characters is too long for a crosstable cell",
        "NotationError",
    ),
    # ------------------------------------------------------------- odd cell types
    case("swiss-true", edit(SWISS, (ANN, R2, True)), "row 2 (Ann), round 2: TRUE is a logical value, not a result", "NotationError"),
    case("rr-true", edit(RR, (ANN, VS["Cid"], True)), "row 2 (Ann), against Cid (No. 3): TRUE is a logical value, not a result", "NotationError"),
    case("rr-false", edit(RR, (ANN, VS["Cid"], False)), "row 2 (Ann), against Cid (No. 3): FALSE is a logical value, not a result", "NotationError"),
    case("swiss-date", edit(SWISS, (ANN, R2, datetime.date(2024, 5, 1))), "row 2 (Ann), round 2: the cell holds the date 01.05.2024, not a result (write a result such as 1, ½, 0 or a pairing such as 12w1)", "NotationError"),
    case(
        "rr-datetime",
        edit(RR, (ANN, VS["Cid"], datetime.datetime(2024, 5, 1))),
        "row 2 (Ann), against Cid (No. 3): the cell holds the date 01.05.2024, not a result (write a result such as 1, ½, 0 or a pairing such as 12w1)",
        "NotationError",
    ),
    case("swiss-nested-list", edit(SWISS, (ANN, R2, [1, 2])), "row 2 (Ann), round 2: '[1, 2]' is a list, not a result", "NotationError"),
    case(
        "swiss-unknown-data-type",
        edit(SWISS, (ANN, R2, {"type": "Entity", "text": "Ann"})),
        "row 2 (Ann), round 2: the cell holds an Excel data type, not a value",
        "NotationError",
    ),
    # -------------------------------------------------------------------- scoring
    case(
        "rr-2-1-0-mixed-with-half",
        [["No", "Name", 1, 2, 3], [1, "Ann", "X", 2, "½"], [2, "Bob", 0, "X", 2], [3, "Cid", "½", 0, "X"]],
        "row 2 (Ann), against Bob (No. 2): the table mixes 2-point results with half points: set the scoring (1/0.5/0 or 2/1/0)",
        "NotationError",
    ),
    case(
        "swiss-2-1-0-mixed-with-half",
        [["No", "Name", "R1", "R2"], [1, "Ann", "2w2", "3b½"], [2, "Bob", "1b0", "4w2"], [3, "Cid", "4w0", "1w½"], [4, "Dan", "3b2", "2b0"]],
        "row 2 (Ann), round 1: the table mixes 2-point results with half points: set the scoring (1/0.5/0 or 2/1/0)",
        "NotationError",
    ),
    case(
        "rr-half-on-2-1-0-scoring",
        [["No", "Name", 1, 2, 3], [1, "Ann", "X", 2, "½"], [2, "Bob", 0, "X", 2], [3, "Cid", "½", 0, "X"]],
        "row 2 (Ann), against Cid (No. 3): '½' is not a result on 2/1/0 scoring (write 2, 1 or 0)",
        "NotationError",
        scoring="2/1/0",
    ),
    case(
        "rr-2-on-chess-scoring",
        [["No", "Name", 1, 2, 3], [1, "Ann", "X", 2, 1], [2, "Bob", 0, "X", 2], [3, "Cid", 1, 0, "X"]],
        "row 2 (Ann), against Bob (No. 2): 2 is not a result on 1/0.5/0 scoring (write 1, 0.5 or 0)",
        "NotationError",
        scoring="1/0.5/0",
    ),
    # ---------------------------------------------------------- criteria and rule sets
    case("criteria-foo-bar", None, f"unknown criterion 'foo': {UNKNOWN_CRITERION}", "UnknownCriterionError", call="parse_criteria", criteria="foo, bar"),
    case("criteria-empty", None, "the criteria list is empty", "UnknownCriterionError", call="parse_criteria", criteria=""),
    case("criteria-only-separators", None, "the criteria list is empty", "UnknownCriterionError", call="parse_criteria", criteria=" , ; \n"),
    case(
        "criteria-unknown-modifier",
        None,
        f"unknown criterion 'BH/X1': {UNKNOWN_CRITERION}",
        "UnknownCriterionError",
        call="parse_criteria",
        criteria="BH, BH/X1",
    ),
    case(
        "criteria-python-code",
        None,
        f"unknown criterion '__import__('os').system('touch PWNED')': {UNKNOWN_CRITERION}",
        "UnknownCriterionError",
        call="parse_criteria",
        criteria="__import__('os').system('touch PWNED')",
    ),
    case(
        "criteria-10000-chars",
        None,
        f"unknown criterion '{'a' * 37}...': {UNKNOWN_CRITERION}",
        "UnknownCriterionError",
        call="parse_criteria",
        criteria="a" * 10_000,
        bug="the message quotes all 10,000 characters; cell texts are quoted shortened to 40 (notation.show)",
    ),
    case(
        "criteria-escape-sequence",
        None,
        f"unknown criterion '?[2Jbuchholz': {UNKNOWN_CRITERION}",
        "UnknownCriterionError",
        call="parse_criteria",
        criteria="\x1b[2Jbuchholz",
        bug="the message echoes the raw ESC character (a TRF '202' line or --criteria can clear or retitle the user's terminal)",
    ),
    case("rank-criteria-foo-bar", SWISS, f"unknown criterion 'foo': {UNKNOWN_CRITERION}", "UnknownCriterionError", call="rank", criteria="foo, bar"),
    case("rank-criteria-empty", SWISS, "the criteria list is empty", "UnknownCriterionError", call="rank", criteria=""),
    case("rules-fide-2030", None, f"unknown rule set 'fide-2030': {RULE_SETS}", "UnknownRuleSetError", call="get_rules", rules="fide-2030"),
    case(
        "rules-python-code",
        None,
        f"unknown rule set '__import__('os').system('touch PWNED')': {RULE_SETS}",
        "UnknownRuleSetError",
        call="get_rules",
        rules="__import__('os').system('touch PWNED')",
    ),
    case(
        "rules-escape-sequence",
        None,
        f"unknown rule set '?]0;pwned??[2Jru': {RULE_SETS}",
        "UnknownRuleSetError",
        call="get_rules",
        rules="\x1b]0;pwned\x07\x1b[2Jru",
        bug="the message echoes raw ESC/BEL characters (an 'XXT' line of a TRF file reaches the terminal this way)",
    ),
    case("rank-rules-fide-2030", RR, f"unknown rule set 'fide-2030': {RULE_SETS}", "UnknownRuleSetError", call="rank", rules="fide-2030"),
    case("values-unknown-criterion", RR, f"unknown criterion 'foo': {UNKNOWN_CRITERION}", "UnknownCriterionError", call="values", criterion="foo"),
    # ------------------------------------------------------- worksheet-function arguments
    case(
        "function-places-unknown-criteria",
        SWISS,
        f"unknown criterion 'foo': {UNKNOWN_CRITERION}",
        "UnknownCriterionError",
        call="function",
        function="places",
        args=["foo, bar"],
    ),
    case(
        "function-places-unknown-rules",
        SWISS,
        f"unknown rule set 'fide-2030': {RULE_SETS}",
        "UnknownRuleSetError",
        call="function",
        function="places",
        args=[None, "fide-2030"],
    ),
    case(
        "function-unknown-player",
        SWISS,
        "no player 'Zed' in the table (give a start number or a name)",
        "SettingsError",
        call="function",
        function="buchholz",
        args=["Zed"],
    ),
    case(
        "function-player-number-out-of-range",
        SWISS,
        "no player '9' in the table (give a start number or a name)",
        "SettingsError",
        call="function",
        function="buchholz",
        args=[9],
    ),
    case(
        "function-truncation-out-of-range",
        SWISS,
        "k = 9 is out of range: the players have at most 2 opponent scores, so k must be 0 to 1",
        "SettingsError",
        call="function",
        function="solkoff_trunc",
        args=[9],
    ),
    case(
        "function-truncation-not-a-number",
        SWISS,
        "k = 'x' must be a whole number of opponent scores to drop (0 to 1)",
        "SettingsError",
        call="function",
        function="solkoff_trunc",
        args=["x"],
    ),
    case(
        "function-tiebreak-without-code",
        SWISS,
        'give a tie-break code, e.g. "BH/C1"',
        "SettingsError",
        call="function",
        function="tiebreak",
        args=[""],
    ),
    case(
        "function-unknown-sb-convention",
        SWISS,
        "unknown convention 'foo': use \"draughts\" (default) or \"fide\"",
        "SettingsError",
        call="function",
        function="sonneborn_berger",
        args=[None, None, "foo"],
    ),
    case(
        "function-empty-range",
        [[None]],
        EMPTY,
        "LayoutError",
        call="function",
        function="points",
    ),
]

# Odd but valid: read without an error.
ACCEPTED: list[dict[str, Any]] = [
    {
        # 3 players, 2 rounds; Bob sits out round 2 and Cid round 1 with nothing marked.
        # Documented: an empty cell means no game (0 points), not a bye.
        "id": "swiss-odd-player-unpaired-no-bye-marked",
        "grid": [["No", "Name", "R1", "R2"], [1, "Ann", "2w1", "3b½"], [2, "Bob", "1b0", None], [3, "Cid", None, "1w½"]],
        "points": [1.5, 0.0, 0.5],
    },
    {
        # 5 players, round 1: Cid and Dan both show nothing (legitimately absent), Eve has the bye.
        "id": "swiss-two-unpaired-in-one-round",
        "grid": [
            ["No", "Name", "R1", "R2"],
            [1, "Ann", "2w1", "3b½"],
            [2, "Bob", "1b0", "4w1"],
            [3, "Cid", None, "1w½"],
            [4, "Dan", None, "2b0"],
            [5, "Eve", "+", None],
        ],
        "points": [1.5, 1.0, 0.5, 0.0, 1.0],
    },
    {
        # A merged 2-column header: one label over each pair of sub-columns, the second cell None.
        # Ann–Bob 1 and 0, Ann–Cid ½ ½, Bob–Cid 1 1: Ann 1 + 1 = 2, Bob 1 + 2 = 3, Cid 1 + 0 = 1.
        "id": "drr-sub-columns-merged-header",
        "grid": [
            ["No", "Name", 1, None, 2, None, 3, None],
            [1, "Ann", "X", "X", 1, 0, "½", "½"],
            [2, "Bob", 0, 1, "X", "X", 1, 1],
            [3, "Cid", "½", "½", 0, 0, "X", "X"],
        ],
        "points": [2.0, 3.0, 1.0],
    },
    {
        # The header cell over round 2 left empty (merged with R1's): still a round column.
        "id": "header-cell-none-over-round",
        "grid": edit(SWISS, (0, R2, None)),
        "points": [1.5, 1.0, 0.5, 1.0],
    },
    {
        # A name cell left empty (a merged cell): the player is named by his number.
        "id": "name-gap",
        "grid": edit(SWISS, (BOB, NAME, None)),
        "points": [1.5, 1.0, 0.5, 1.0],
        "labels": ["Ann", "No. 2", "Cid", "Dan"],
    },
    # Hand-typed tables the property tests (test_properties.py) found misread; minimal forms.
    {
        # '#' heads the number column (a label the reader knows), not a diagonal mark.
        "id": "header-hash-label",
        "grid": [["#", "Name", 1, 2, 3], [1, "Ann", "X", 1, "½"], [2, "Bob", 0, "X", 1], [3, "Cid", "½", 0, "X"]],
        "points": [1.5, 1.0, 0.5],
    },
    {
        # No header, blank diagonal; "Anderson" contains "de", which must not make his row a header.
        # Anderson–Bob 1-0, Anderson–Cid 0-1, Bob–Cid 1-0: one point each.
        "id": "rr-blank-diagonal-name-containing-de",
        "grid": [["Anderson", None, 1, 0], ["Bob", 0, None, 1], ["Cid", 1, 0, None]],
        "points": [1.0, 1.0, 1.0],
        "labels": ["Anderson", "Bob", "Cid"],
    },
    {
        # The same with the name in the middle: "Lebedev" (contains "de").
        "id": "rr-blank-diagonal-name-containing-de-2",
        "grid": [["Bob", None, 1, 0], ["Lebedev", 0, None, 1], ["Cid", 1, 0, None]],
        "points": [1.0, 1.0, 1.0],
        "labels": ["Bob", "Lebedev", "Cid"],
    },
    {
        # 4 players, No. and name columns, blank diagonal, no header.  The library reads Anderson's
        # row as a header and returns a 3-player event [0, 1, 2] without an error.
        # Anderson 0 + ½ + 1 = 1½, Fedorov 1 + 0 + 0 = 1, de Vries ½ + 1 + 0 = 1½, Lebedev 0 + 1 + 1 = 2.
        "id": "rr-blank-diagonal-four-players-not-three",
        "grid": [
            [1, "Anderson", None, 0, 0.5, 1],
            [2, "Fedorov", 1, None, 0, 0],
            [3, "de Vries", 0.5, 1, None, 0],
            [4, "Lebedev", 0, 1, 1, None],
        ],
        "points": [1.5, 1.0, 1.5, 2.0],
        "labels": ["Anderson", "Fedorov", "de Vries", "Lebedev"],
    },
    {
        # Two results per cell separated by '; ' (the reader splits on ';' and '|', not on '; ').
        # Ann 1+0 + ½+1 = 2½, Bob 0+1 + 1+1 = 3, Cid ½+0 + 0+0 = ½.
        "id": "drr-results-separated-by-semicolon-space",
        "grid": [["X", "1; 0", "=1"], ["0; 1", "X", "1 1"], ["=0", "0 0", "X"]],
        "points": [2.5, 3.0, 0.5],
    },
    {
        # '=;0' is a draw and a loss, not a formula.  Ann ½ + 0 = ½, Bob ½ + 1 = 1½.
        "id": "drr-draw-first-with-semicolon",
        "grid": [["X", "=;0"], ["=;1", "X"]],
        "points": [0.5, 1.5],
    },
    {
        # A double round robin with a blank diagonal is not a Swiss table ('1 0' is not 'opponent 1, lost').
        # Ann 1+0 + 1+½ = 2½, Bob 0+1 + ½+½ = 2, Cid 0+½ + ½+½ = 1½.
        "id": "drr-blank-diagonal",
        "grid": [["No", "Name", 1, 2, 3], [1, "Ann", None, "1 0", "1½"], [2, "Bob", "0 1", None, "½½"], [3, "Cid", "0½", "½½", None]],
        "points": [2.5, 2.0, 1.5],
    },
    {
        # Each lost one game by forfeit and won the other by forfeit; the order inside a cell may differ
        # (documented), so Ann's '-' pairs with Bob's '+' and Ann's '+' with Bob's '-'.  1 point each.
        "id": "drr-forfeit-loss-and-win",
        "grid": [["X", "-+"], ["-+", "X"]],
        "points": [1.0, 1.0],
    },
    {
        "id": "rules-empty-means-default",
        "rules": "",
        "rule_set": "ru",
    },
    {
        "id": "rules-blank-means-default",
        "rules": "   ",
        "rule_set": "ru",
    },
]
