"""An opponent's number alone in a Swiss round column is a pairing without its result, when the opponent names the player back.

``12`` (text, or 12 typed as a number) in a round column reads as ``12w``
without the colour: a pending game, the same everywhere (the reader, the
command line, the worksheet functions, the Rank script).  It needs the
opponent's cell of that round to name the player back (alone or with a
colour, also without a result); an empty cell there is refused with what to
write, and anything else keeps the notation's message.  ``0`` is no start
number and stays refused; ``1`` is opponent No. 1 only when No. 1 names the
player back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import call, save_xlsx
from test_progress import grid

from tiebreak.cli.commands import main
from tiebreak.core.errors import NotationError
from tiebreak.core.i18n import use_language
from tiebreak.core.progress import at_round, progress
from tiebreak.core.ranking import rank
from tiebreak.core.rules import RULE_SETS
from tiebreak.reading import read_table


def bare(rows: list[list[Any]], numbers: bool = False) -> list[list[Any]]:
    """Round 3's pairings without a result ('4b', '3w' ...) written as the opponent's number alone (as text, or as numbers)."""
    out = [list(r) for r in rows]
    for row in out[1:]:
        v = row[4]
        if isinstance(v, str) and v[-1] in "wb":
            row[4] = float(v[:-1]) if numbers else v[:-1]
    return out


@pytest.mark.parametrize("numbers", [False, True], ids=["text", "numbers"])
def test_a_number_alone_in_the_round_being_entered_is_a_pending_game(numbers: bool) -> None:
    t = read_table(bare(grid(), numbers))
    written = read_table(grid())  # the same round with '4b', '3w' ...: pairings with a colour
    assert sorted((min(w, b), max(w, b)) for _r, w, b in t.pending) == [(2, 3), (4, 5), (6, 7)]
    assert {r for r, _w, _b in t.pending} == {3}
    assert (progress(t).after_round, progress(t).rounds) == (2, 3)
    assert t.points == written.points == [2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    done = read_table(grid(2))
    for rules in RULE_SETS:
        got = rank(t, None, rules)
        assert [s.values for s in got.by_player()] == [s.values for s in rank(done, None, rules).by_player()], rules
        assert not any("withdrew" in n for n in got.notes), rules
        assert any(n.startswith("round 3: 3 of 4 results missing: ") for n in got.notes), got.notes
        # counted after round 3: Ann's win counts, the three pending boards are not there yet (as with '4b', '3w')
        after, also = rank(at_round(t, 3), None, rules), rank(at_round(written, 3), None, rules)
        assert [s.values for s in after.by_player()] == [s.values for s in also.by_player()], rules
        assert [s.place for s in after.by_player()] == [s.place for s in also.by_player()], rules


def test_a_number_alone_answered_with_a_colour_is_pending_too() -> None:
    rows = bare(grid())
    rows[4][4] = "3w"  # Dan wrote the pairing with his colour, Cid the number alone
    t = read_table(rows)
    assert (3, 3, 2) in t.pending  # Dan (index 3) white, Cid (index 2) black
    assert progress(t).after_round == 2


def test_a_forgotten_result_in_a_complete_round_is_not_there() -> None:
    # round 2 of Eve and Gus written as numbers alone while round 3 is complete: the game waits, nothing else moves
    rows = [r[:] for r in grid()]
    for row in rows[1:]:
        row[4] = {1: "2w1", 2: "1b0", 3: "4b1", 4: "3w0", 5: "6b0", 6: "5w1", 7: "8w1", 8: "7b0"}[row[0]]
    rows[5][3], rows[7][3] = "7", 5.0
    t = read_table(rows)
    assert t.pending == [(2, 6, 4)] or t.pending == [(2, 4, 6)]
    assert progress(t).after_round == 3
    ev = rank(t, "BH", "fide-2024")
    # Eve: round 1 Ann (3), round 3 Fay (2): no dummy for round 2; Gus: round 1 Cid (2), round 3 Hal (0)
    assert ev.by_player()[4].values["BH"] == 3.0 + 2.0
    assert ev.by_player()[6].values["BH"] == 2.0 + 0.0


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "row 4 (Cid), round 3: '4' alone, and Dan's cell in this round is empty: write a game not played yet in both rows ('4' here, 3 in Dan's row, with or without the colour), or the result with its opponent (e.g. 4w1)"),
        ("ru", "строка 4 (Cid), тур 3: '4' без результата, а у Dan клетка этого тура пуста: ещё не сыгранную партию запишите в обеих строках ('4' здесь, 3 в строке Dan, с цветом или без), а результат — вместе с номером соперника (например, 4w1)"),
    ],
)
def test_a_number_alone_whose_opponent_is_empty_is_refused(lang: str, message: str) -> None:
    rows = bare(grid())
    rows[4][4] = None  # Dan's cell of round 3 empty
    with use_language(lang), pytest.raises(NotationError) as err:
        read_table(rows)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (1.0, "row 4 (Cid), round 3: 1 is a number, not an opponent with a result (e.g. '12w1')"),  # No. 1 played Bob
        ("1", "row 4 (Cid), round 3: '1' has an opponent but no result"),
        ("0", "row 4 (Cid), round 3: '0' has an opponent but no result"),  # no start number 0
        ("99", "row 4 (Cid), round 3: '99' has an opponent but no result"),
        (3.0, "row 4 (Cid), round 3: 3 is a number, not an opponent with a result (e.g. '12w1')"),  # himself
        ("6", "row 5 (Dan), round 3: '3' has an opponent but no result"),  # Fay names Eve, not Cid: Dan's '3' is answered by no one
    ],
)
def test_a_number_alone_that_is_no_answered_pairing_keeps_the_notations_message(value: object, message: str) -> None:
    rows = bare(grid())
    rows[3][4] = value
    with use_language("en"), pytest.raises(NotationError) as err:
        read_table(rows)
    assert str(err.value) == message


@pytest.mark.parametrize(("lang", "line", "note"), [("en", "after round 2 of 3", "round 3: 3 of 4 results missing"), ("ru", "после 2-го тура из 3", "тур 3: нет 3 из 4 результатов")])
def test_the_cli_reads_numbers_alone_as_pending(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, line: str, note: str) -> None:
    book = save_xlsx(bare(grid(), numbers=True), tmp_path / "event.xlsx")
    done = save_xlsx(grid(2), tmp_path / "done.xlsx")
    assert main(["rank", str(book), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert line in out and note in out
    assert "withdrew" not in out and "выбыл" not in out
    assert main(["rank", str(done), "--lang", lang]) == 0
    want = capsys.readouterr().out
    table = [r for r in out.splitlines() if r[:1].isdigit() or r[:2].strip().isdigit()]
    assert table == [r for r in want.splitlines() if r[:1].isdigit() or r[:2].strip().isdigit()]
    refused = bare(grid(), numbers=True)
    refused[4][4] = None
    path = save_xlsx(refused, tmp_path / "refused.xlsx")
    assert main(["rank", str(path), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert ("alone, and Dan's cell in this round is empty" if lang == "en" else "без результата, а у Dan клетка этого тура пуста") in err


def test_the_worksheet_functions_read_numbers_alone_as_pending() -> None:
    from tiebreak.excel import functions

    full = [[v if v is not None else "" for v in row] for row in bare(grid(), numbers=True)]
    done = [[v if v is not None else "" for v in row] for row in grid(2)]
    for code in ("buchholz", "sonneborn_berger", "wins", "solkoff"):
        assert call(functions, code, full, "Ann", "ru") == call(functions, code, done, "Ann", "ru"), code
    assert call(functions, "buchholz", full, "Ann", "ru")[0][0] == 2.0  # Eve 1 + Cid 1 after round 2


@pytest.mark.parametrize(("names", "line"), [(("Ann", "Bob"), "After round 2 of 3."), (("Аня", "Боря"), "После 2-го тура из 3.")])
def test_the_rank_script_reads_numbers_alone_as_pending(tmp_path: Path, names: tuple[str, str], line: str) -> None:
    from test_rank_script import alert, payload, run_script

    rows = bare(grid(), numbers=True)
    rows[1][1], rows[2][1] = names
    message = alert(run_script(payload(save_xlsx(rows, tmp_path / "event.xlsx"))))
    assert line in message
    assert "withdrew" not in message and "выбыл" not in message
    assert ("3 of 4 results missing" in message) or ("нет 3 из 4 результатов" in message)
