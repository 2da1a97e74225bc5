"""What "Rank" does to a workbook, decided without touching one: :func:`plan_rank`, a sequence of named steps (imports tiebreak.core, tiebreak.reading and the other plan modules).

The Rank button (xlwings) and ``tiebreak rank --out`` (the package editor) both hand a
:class:`BookSource` to :func:`plan_rank`, get back a :class:`Plan` (every cell
to write, every sheet to create or clear) and apply it.  Nothing is applied
when planning fails, so bad input and blocked cells leave the workbook as it
was.

Where the table is: the range named ``crosstable``, else the largest block of
non-empty cells on the sheet (Excel's "current region").  Rank writes a Place
column and one column per criterion right after the table, in the header row
and the player rows only; a ``Standings`` sheet sorted by place; and the
``tiebreak`` settings sheet.  Its own sheets are found as Excel finds sheets,
ignoring case: a ``Tiebreak`` or ``standings`` sheet the user made is the one
Rank reads and writes.  It overwrites only cells it wrote itself:
workbook-level defined names (``tiebreak_output``, ``tiebreak_standings``),
which Excel moves as rows and columns are inserted, record where its blocks
are, and the Standings sheet what it wrote there last time.

The steps live in modules of their own: :mod:`.region` (where the table is),
:mod:`.ownership` (Rank's cells from last time), :mod:`.previous` (what it
wrote), :mod:`.columns` (the columns beside the table), :mod:`.blocked`
(protection, merges, formulas, table headers), :mod:`.standings`,
:mod:`.settings`; :mod:`.model` and :mod:`.cells` hold what they share.  This
module keeps their public names importable from it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar

from tiebreak.core.a1 import (
    column_letter,
    find_sheet,
    parse_range,
    range_address,
    same_sheet,
)
from tiebreak.core.criteria import Criterion
from tiebreak.core.errors import (
    FileFormatError,
    InputError,
    LayoutError,
    SettingsError,
    TiebreakError,
)
from tiebreak.core.i18n import (
    _,
    choose_language,
    current_language,
    keeps_language,
    ngettext,
    set_language,
)
from tiebreak.core.localformat import players
from tiebreak.core.model import Scoring, Tournament
from tiebreak.core.progress import after_round_text, at_round, progress
from tiebreak.core.ranking import Ranking, rank
from tiebreak.core.record import Record
from tiebreak.core.rules import fide_hint, get_rules
from tiebreak.plan.blocked import (
    merged_cells_error,
    merged_elsewhere_error,
    protected_error,
    refuse_blocked,
    structure_protected_error,
)
from tiebreak.plan.cells import Cells, cell_at, cells_of, rows_of
from tiebreak.plan.columns import (
    Table,
    check_columns,
    lay_out_columns,
    user_column_notes,
    write_columns,
)
from tiebreak.plan.model import (
    OUTPUT_NAME,
    STANDINGS_NAME,
    STANDINGS_SHEET,
    Area,
    BookSource,
    Plan,
    Write,
)
from tiebreak.plan.ownership import own_block
from tiebreak.plan.region import find_region
from tiebreak.plan.settings import (
    SETTINGS_SHEET,
    Settings,
    settings_grid,
    settings_updates,
)
from tiebreak.plan.standings import plan_standings, standings_grid
from tiebreak.plan.values import table_labels
from tiebreak.reading import TableLayout, read_table, which

_P = ParamSpec("_P")
_R = TypeVar("_R")

__all__ = [
    "OUTPUT_NAME",
    "STANDINGS_NAME",
    "STANDINGS_SHEET",
    "Area",
    "BookSource",
    "Cells",
    "Plan",
    "Write",
    "cell_at",
    "cells_of",
    "find_region",
    "merged_cells_error",
    "merged_elsewhere_error",
    "plan_rank",
    "protected_error",
    "refuse_blocked",
    "rows_of",
    "standings_grid",
    "structure_protected_error",
]

Chooser = Callable[[object, Iterable[object]], str]


class _OwnSheets(Record):
    """Rank's own sheets as the workbook spells them (found ignoring case, as Excel does); None when absent."""

    settings: str | None
    standings: str | None

    _fields = ("settings", "standings")

    def __init__(self, settings: str | None, standings: str | None) -> None:
        self.settings = settings
        self.standings = standings

    @classmethod
    def of(cls, names: list[str]) -> _OwnSheets:
        return cls(find_sheet(SETTINGS_SHEET, names), find_sheet(STANDINGS_SHEET, names))

    @property
    def settings_name(self) -> str:
        return self.settings or SETTINGS_SHEET

    @property
    def standings_name(self) -> str:
        return self.standings or STANDINGS_SHEET


def _says_its_language(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """An error raised by ``fn`` records the language its message was written in (the workbook's, once chosen)."""

    @functools.wraps(fn)
    def said(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except TiebreakError as err:
            if err.language is None:
                err.language = current_language()
            raise

    return said


@keeps_language
@_says_its_language
def plan_rank(
    book: BookSource,
    *,
    sheet: str | None = None,
    rules: str | None = None,
    criteria: str | None = None,
    check: bool = True,
    scoring: str | None = None,
    cell_range: str | None = None,
    language: Chooser | None = None,
    after_round: int | None = None,
    plus: str | None = None,
    match: dict[str, str | None] | None = None,
) -> Plan:
    """Work out everything Rank writes; raise a :class:`TiebreakError` (nothing written) on bad input.

    ``rules``, ``criteria`` and ``scoring`` override the workbook's settings;
    ``cell_range`` (``A3:N13``) picks the table instead of the largest block.  With
    ``check=False`` (ranking only, nothing to be written) cells in the way
    of Rank's columns are not an error.

    ``language(setting, labels)`` chooses the language from the settings
    sheet's Language value and the table's labels (default:
    :func:`tiebreak.core.i18n.choose_language`); the messages, notes and labels
    speak it, and :attr:`Plan.language` says which it was.  The caller's
    current language is unchanged afterwards.  ``after_round`` ranks the
    event as it stood after that round (:func:`tiebreak.core.progress.at_round`).
    ``plus`` (win, forfeit, auto) overrides the settings' Plus means: what + and
    − beside an opponent mean.  ``match`` (``event``, ``match_scoring``,
    ``primary``: the command line's) overrides the settings' rows of a match event.
    """
    choose = language or choose_language
    names = book.sheet_names()
    own = _OwnSheets.of(names)
    settings = _read_settings(book, own, choose, {"rules": rules, "criteria": criteria, "scoring": scoring, "plus": plus, **(match or {})})
    target, values, box, blocks, named = _choose_table(book, names, own, sheet, cell_range)
    grid = rows_of(values, *box)
    lang = choose(settings.language, table_labels(grid))
    set_language(lang)
    own_cols, own_rows = own_block(book, settings, target, values, box)
    table = Table(target, values, box, grid, named, own_cols, own_rows)
    t, layout = _read_crosstable(book, names, own, table, settings, blocks)
    hint = None if rules else fide_hint(t, settings.rules)  # rules the caller chose are no default
    if hint:
        layout.notes.append(hint)
    if after_round is None:
        after_round = settings.after_round_value()
    if after_round is not None:
        t = at_round(t, after_round)
    crits = settings.criteria_list(round_robin=t.is_round_robin, t=t)
    ranking = rank(t, crits, settings.rules)
    cols = lay_out_columns(table, t, ranking, layout.header_row, lang, user_place=layout.place_col is not None)
    if after_round is None:  # the table's own places and coefficients are the event's as it stands, not after an earlier round
        layout.notes.extend(user_column_notes(table, t, ranking, layout, lang))
    if check:
        check_columns(book, table, t, cols, own.standings)
    plan = Plan(sheet=target, table=_table_address(box, own_cols), ranking=ranking, language=lang)
    write_columns(plan, table, cols)
    plan_standings(plan, book, own.standings, standings_grid(ranking, settings.rules, lang), check=check)
    _plan_settings_sheet(plan, book, own, settings, crits)
    _merge_writes(plan)
    plan.notes = list(ranking.notes) + list(layout.notes)
    plan.message = _message(plan, t, ranking, settings, cols.start, cols.width, own.standings_name)
    if settings.compare.strip():
        _plan_compare_sheet(plan, book, ranking, settings, lang)
    if settings.wants_outlook():
        from tiebreak.plan.outlook import plan_outlook_sheet

        plan_outlook_sheet(plan, book, t, lang)
    return plan


def _plan_compare_sheet(plan: Plan, book: BookSource, ranking: Ranking, settings: Settings, lang: str) -> None:
    """The settings' Compare option: the Compare sheet (:mod:`tiebreak.plan.compare`) created or rewritten, and said in the message."""
    from tiebreak.plan.compare import COMPARE, compare_sheet

    extra = compare_sheet(ranking, book, settings, lang)
    # tiebreak's earlier Compare sheet keeps what the user typed beside the comparison, as the Standings sheet does
    plan_standings(plan, book, extra.sheet if extra.replace else None, extra.grid, check=True, kind=COMPARE)
    plan.message += extra.message


def _read_settings(book: BookSource, own: _OwnSheets, choose: Chooser, overrides: dict[str, str | None]) -> Settings:
    """The workbook's settings with the caller's overrides (rows by their :class:`Settings` field), checked; the language set from the settings' Language.

    What the caller gives (the command line's options) is checked, and
    reported, as its own, not the sheet's; a bad setting the caller overrides
    is not an error.
    """
    settings = Settings.from_grid(rows_of(cells_of(book.values(own.settings)))) if own.settings is not None else Settings()
    # the workbook's language before its table is found: what goes wrong on the way (a sheet, --range, an option) is said in it
    set_language(choose(settings.language, _book_labels(book)))
    given = {key: value for key, value in overrides.items() if value}
    scoring = given.pop("scoring", None)
    if scoring is not None and scoring.strip().casefold() not in ("auto", "авто"):
        Scoring.parse(scoring)  # the caller's own values are checked, and said, as such
    caller = Settings()
    for key, value in given.items():
        setattr(caller, key, value)
    caller.validate()
    if scoring is not None:
        given["scoring"] = scoring
    for key, value in given.items():
        setattr(settings, key, value)
    try:
        settings.validate()
    except SettingsError as err:
        raise SettingsError(_("sheet '{sheet}': {error}").format(sheet=own.settings_name, error=err)) from None
    return settings


def _book_labels(book: BookSource) -> list[str]:
    """The texts that tell a workbook's language before its table is found: the sheet names and the active sheet's labels."""
    names = book.sheet_names()
    try:
        # the cells as they are (never a rectangle: a stray cell at XFD1048576 must not build one)
        labels = table_labels([list(cells_of(book.values(book.active_sheet())).values())])
    except (TiebreakError, KeyError):  # a chart sheet active, no active sheet: its errors are said where the table is chosen
        labels = []
    return [*names, *labels]


def _choose_table(
    book: BookSource, names: list[str], own: _OwnSheets, sheet: str | None, cell_range: str | None
) -> tuple[str, Cells, tuple[int, int, int, int], list[list[int]], bool]:
    """The sheet and the table's box: ``--range``, the range named ``crosstable``, else the largest block.

    Returns the sheet, its cells, the box (0-based, inclusive), every block
    found (for the note about other tables) and whether the range named
    ``crosstable`` is on that sheet.
    """
    named = book.named_range("crosstable")
    ranged = which.parse_range(cell_range, parse_range) if cell_range else None
    target = sheet or (ranged[0] if ranged and ranged[0] else None) or (named[0] if named and not sheet else book.active_sheet())
    target = find_sheet(target, names) or target
    if target not in names:
        raise SettingsError(_("there is no sheet '{sheet}' (sheets: {sheets})").format(sheet=target, sheets=", ".join(names)))
    if same_sheet(target, own.settings_name) or same_sheet(target, own.standings_name):
        raise SettingsError(_("'{sheet}' is tiebreak's own sheet: activate the sheet with the crosstable and run Rank again").format(sheet=target))
    try:
        values = cells_of(book.values(target))
    except FileFormatError as err:  # a chart sheet as the active tab: say where the tables are
        raise FileFormatError(str(err) + _elsewhere(book, names, own, target)) from None
    blocks: list[list[int]] = []
    named_here = named is not None and same_sheet(named[0], target)
    if ranged:
        return target, values, ranged[1], blocks, named_here
    if named is not None and named_here:
        _sheet, r1, c1, r2, c2 = named
        return target, values, which.check_box((r1 - 1, c1 - 1, r2 - 1, c2 - 1)), blocks, True
    found = find_region(values, blocks=blocks)
    if found is None:
        raise InputError(
            _("sheet '{sheet}' is empty: put the crosstable on it (or name its range 'crosstable')").format(sheet=target)
            + _elsewhere(book, names, own, target)
        )
    return target, values, which.check_box(found), blocks, False


def _read_crosstable(
    book: BookSource, names: list[str], own: _OwnSheets, table: Table, settings: Settings, blocks: list[list[int]]
) -> tuple[Tournament, TableLayout]:
    """The tournament read from the table's grid (Rank's old columns ignored), and its layout with the note about other tables."""
    top, left, _bottom, right = table.box
    ignore = [c - left for c in table.own if left <= c <= right]
    try:
        t = read_table(
            table.grid,
            scoring=settings.scoring_value(),
            origin=(top + 1, left + 1),
            sheet=table.sheet,
            ignore_cols=ignore,
            plus=settings.plus_value(),
            legend=table.values.values(),  # a legend under the table, outside its box
            match=settings.match_value(),
        )
    except LayoutError as err:
        raise LayoutError(str(err) + _elsewhere(book, names, own, table.sheet)) from None
    layout = t.layout
    assert isinstance(layout, TableLayout)
    note = which.other_tables_note(table.box, [(b[0], b[1], b[2], b[3]) for b in blocks]) if blocks else None
    if note:
        layout.notes.append(note)
    return t, layout


def _plan_settings_sheet(plan: Plan, book: BookSource, own: _OwnSheets, settings: Settings, crits: list[Criterion]) -> None:
    """The settings sheet: defaults the first time, the output record every time (in the user's sheet, whatever its case)."""
    settings.criteria = settings.criteria or ", ".join(c.code for c in crits)
    settings.output = plan.output
    if own.settings is None:
        plan.create_sheets.append(SETTINGS_SHEET)
        plan.writes.append(Write(SETTINGS_SHEET, 1, 1, settings_grid(settings, settings.criteria)))
    else:
        plan.writes.extend(settings_updates(rows_of(cells_of(book.values(own.settings))), settings, own.settings))


def _table_address(box: tuple[int, int, int, int], own_cols: list[int]) -> str:
    """The table's address as the user sees it: Rank's own columns from last time at its right edge left out (``A3:Q13``, not ``A3:T13``)."""
    top, left, bottom, right = box
    own = set(own_cols)
    while right > left and right in own:
        right -= 1
    return range_address(top + 1, left + 1, bottom + 1, right + 1)


def _message(plan: Plan, t: Tournament, ranking: Ranking, settings: Settings, start: int, width: int, standings: str) -> str:
    """What Rank tells the user when it has planned: what it ranked and wrote, and the notes."""
    message = _(
        "Ranked {players} on '{sheet}' ({table}); rules {rules}; criteria {criteria}. Wrote columns {first}–{last} and the '{standings}' sheet."
    ).format(
        players=players(len(t.players)),
        sheet=plan.sheet,
        table=plan.table,
        rules=get_rules(settings.rules).name,
        criteria=", ".join(c.code for c in ranking.criteria) or _("none"),
        first=column_letter(start + 1),
        last=column_letter(start + width),
        standings=standings,
    )
    stands = progress(t)
    if not stands.finished:  # where the event stands: "after round 5 of 9"
        message = f"{message} {after_round_text(stands)[:1].upper()}{after_round_text(stands)[1:]}."
    if plan.notes:
        message = _("{message} Notes: {notes}").format(message=message, notes="; ".join(plan.notes))
    return message


def _merge_writes(plan: Plan) -> None:
    """Consecutive one-row writes into one block (fewer actions for Excel)."""
    merged: list[Write] = []
    for w in plan.writes:
        last = merged[-1] if merged else None
        if last and last.sheet == w.sheet and last.column == w.column and last.row + len(last.values) == w.row and len(last.values[0]) == len(w.values[0]):
            last.values.extend(w.values)
        else:
            merged.append(Write(w.sheet, w.row, w.column, [list(r) for r in w.values]))
    plan.writes = merged


def _elsewhere(book: BookSource, names: list[str], own: _OwnSheets, target: str) -> str:
    """'; sheets with a crosstable: ...' when other sheets hold a table (for a message about ``target``)."""

    def reads(name: str) -> None:
        vals = cells_of(book.values(name))
        box = find_region(vals)
        if box is None:
            raise LayoutError(_("empty"))
        read_table(rows_of(vals, *box))

    found = which.sheets_with_tables(names, [target, own.settings_name, own.standings_name], reads)
    if not found:
        return ""
    # TRANSLATORS: the end of a message about an empty or unreadable sheet; it starts with "; ".
    return ngettext(
        "; the crosstable may be on sheet {sheets}: activate it or choose it with --sheet",
        "; the crosstable may be on sheets {sheets}: activate it or choose it with --sheet",
        len(found),
    ).format(sheets=", ".join(repr(n) for n in found))
