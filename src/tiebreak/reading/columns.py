"""The columns beside the results: start numbers, names, ratings, points."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from tiebreak.core.a1 import column_letter
from tiebreak.core.errors import (
    ConsistencyError,
    LayoutError,
    NotationError,
)
from tiebreak.core.i18n import _, ngettext
from tiebreak.core.model import Player, Tournament
from tiebreak.core.notation import (
    parse_number,
    show,
)
from tiebreak.core.text import compiled_later
from tiebreak.reading.base import MAX_PLAYERS, ReaderBase, TableLayout
from tiebreak.reading.labels import is_other_label as _is_other_label

# a person's name: a surname with initials or a first name, "Иванов И.", "Ivanov, Ivan", "Ann Lee"
_PERSON_RE = compiled_later(r"^[^\W\d_][\w'’\-]+,?\s+(?:[^\W\d_]\.\s?){1,2}$|^[^\W\d_][\w'’\-]+,?\s+[^\W\d_][\w'’\-.]+(?:\s+[^\W\d_][\w'’\-.]+)?$")

_THOUSANDS_RE = compiled_later(r"^(\d{1,2})[ ,.\u00a0\u202f'’](\d{3})$")

def rating_number(text: str) -> float | None:
    """A rating written as text: thousands separated by a space, no-break space, comma or point, or a plain number.

    >>> [rating_number(t) for t in ("1 720", "1\u00a0720", "1\u202f720", "1,720", "1.720", "1720", "17,5", "x")]
    [1720.0, 1720.0, 1720.0, 1720.0, 1720.0, 1720.0, 17.5, None]
    """
    m = _THOUSANDS_RE.match(text.strip())
    return float(m.group(1) + m.group(2)) if m else parse_number(text)


def _column_letter(c: int) -> str:
    """The 0-based column of the table as a letter (A for its first column)."""
    return column_letter(c + 1)


_FLOAT, _TEXT = frozenset({float}), frozenset({str})


def _all_of(values: list[Any], types: frozenset[type]) -> bool:
    """Whether every value is of exactly one of these types (no subclass): one pass in C."""
    return types.issuperset(map(type, values))


def _highest_number(count: int, guessed: bool) -> int:
    """The highest start number of ``count`` players: a guessed (unlabelled) column's small enough not to be dates."""
    return 10 * count + 1000 if guessed else 10 * MAX_PLAYERS


def _number_column_of_floats(values: list[float], guessed: bool) -> bool:
    """:meth:`SideColumns.is_number_column` of a column of numbers: distinct whole numbers from 1, a guessed one small enough."""
    top = _highest_number(len(values), guessed)
    return all(map(float.is_integer, values)) and min(values) >= 1 and max(values) <= top and len(set(values)) == len(values)


def _plain_numbers(values: list[Any]) -> list[int] | None:
    """Start numbers of a column of distinct whole numbers from 1 (not text), else None."""
    if not (_all_of(values, _FLOAT) and all(map(float.is_integer, values)) and min(values, default=1) >= 1 and len(set(values)) == len(values)):
        return None
    return list(map(int, values))


def _plain_names(values: list[Any]) -> list[str] | None:
    """Names of a column of texts of at most 100 characters told apart (or empty), else None."""
    texts = [v for v in values if v is not None] if None in values else values
    if not (_all_of(texts, _TEXT) and max(map(len, texts), default=0) <= 100 and _told_apart(texts)):
        return None
    return ["" if v is None else v for v in values] if texts is not values else list(values)


def _told_apart(texts: list[str]) -> bool:
    """Whether no two texts are the same name, compared case-folded with their spaces collapsed.

    All the names are folded and their spaces collapsed at once, in C, as one text (each name
    between two NUL characters, which no cell text holds); a name alone, one by one, only when
    that text does not split back into as many names.

    >>> _told_apart(["Ivanov", "Petrov"]), _told_apart(["Ivanov", "IVANOV "]), _told_apart(["Ivanov  I.", "ivanov i."])
    (True, False, False)
    """
    if len(set(texts)) != len(texts):
        return False
    # NUL " a  b " NUL: its spaces collapsed (NUL " a b " NUL), then a space beside a NUL dropped (NUL "a b" NUL), as " ".join(name.split())
    joined = " ".join(("\0" + "\0\0".join(texts) + "\0").casefold().split()).replace(" \0", "\0").replace("\0 ", "\0")
    names = joined[1:-1].split("\0\0")
    if len(names) != len(texts) or any("\0" in name for name in names):  # a name holding a NUL of its own: one by one
        names = [" ".join(v.casefold().split()) for v in texts]
    return len(set(names)) == len(texts)


def _plain_ratings(values: list[Any]) -> list[float | None] | None:
    """Ratings of a column of whole numbers 100–4000, 0 or empty for none (not text), else None."""
    if None not in values and _all_of(values, _FLOAT) and 0.0 not in values:  # every player rated (a column at a time)
        given = values
    else:
        given = [v for v in values if v is not None and v != 0]
        if not _all_of([v for v in values if v is not None], _FLOAT):
            return None
    if not (all(map(float.is_integer, given)) and min(given, default=100) >= 100 and max(given, default=100) <= 4000):
        return None
    return list(values) if given is values else [None if v is None or v == 0 else v for v in values]


def _plain_points(values: list[Any]) -> list[float | None] | None:
    """The points a column states: numbers 0 or more (not text) or empty, else None."""
    given = [v for v in values if v is not None] if None in values else values
    return values if _all_of(given, _FLOAT) and min(given, default=0.0) >= 0 else None


class SideColumns(ReaderBase):
    """Which column holds what beside the results, and the players read from them."""

    # --------------------------------------------------------- side columns
    def side_columns(self, header: int | None, rows: list[int], first_result: int, result_cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> TableLayout:
        """Which column holds the numbers, names, ratings and points: the labelled ones first, then the guessed ones."""
        layout = TableLayout(
            height=self.height, width=self.width, header_row=header, player_rows=list(rows), result_cols=list(result_cols), labels=labels,
            header_rows=list(self.frame.header_rows), footer_rows=list(self.frame.footer_rows),
        )
        taken = self.labelled_side_columns(layout, roles, set(result_cols))
        left = [c for c in range(first_result) if c not in taken and c not in self.ignore]
        if layout.number_col is None and header is None:
            layout.number_col = self.first_number_column(rows, left)
            if layout.number_col is not None:
                taken.add(layout.number_col)
        if layout.name_col is None:
            layout.name_col = self.guess_name_column(rows, [c for c in left if c not in taken and roles.get(c) is None], labels, layout)
        if layout.number_col is None and header is not None:
            # an unlabelled first column of 1..N next to a header is still the number column
            before_names = [c for c in left if c not in taken and c not in roles and (layout.name_col is None or c < layout.name_col)]
            layout.number_col = self.first_number_column(rows, before_names)
        return layout
    @staticmethod
    def labelled_side_columns(layout: TableLayout, roles: dict[int, str], taken: set[int]) -> set[int]:
        """Give each role its first labelled column outside ``taken``; the columns taken, ``taken`` included.

        "№ п/п" (a row number) is the number column only when no column is labelled as one.
        """
        for c, role in sorted(roles.items()):
            if c in taken or role in ("round", "row_number"):
                continue
            attr = f"{role}_col"
            if getattr(layout, attr, None) is None:
                setattr(layout, attr, c)
                taken.add(c)
        if layout.number_col is None:
            row_numbers = [c for c, role in sorted(roles.items()) if role == "row_number" and c not in taken]
            if row_numbers:
                layout.number_col = row_numbers[-1]
                taken.add(row_numbers[-1])
        return taken
    def first_number_column(self, rows: list[int], candidates: list[int]) -> int | None:
        """The first of ``candidates`` that holds start numbers (distinct whole numbers), or None."""
        for c in candidates:
            if self.is_number_column(rows, c):
                return c
        return None
    def guess_name_column(self, rows: list[int], candidates: list[int], labels: dict[int, str], layout: TableLayout) -> int | None:
        """The column of person names when no column is labelled as one.

        A column labelled as a club, city, team, federation, title or category is
        never taken; among the other text columns the one whose cells differ from
        row to row and look like people's names wins.  The guess is noted.
        """
        texts = [c for c in candidates if self.is_text_column(rows, c)]
        if not texts:
            return None
        free = [c for c in texts if not (c in labels and _is_other_label(labels[c]))]
        if not free:
            c = texts[0]
            layout.notes.append(
                _(
                    "no column of names: column {column} of the table is headed {label}, not taken for names; "
                    "players are shown by number (label the names column 'Name' or 'Фамилия')"
                ).format(column=_column_letter(c), label=show(labels[c]))
            )
            return None

        def score(c: int) -> tuple[int, int, int]:
            values = [self.cells[r][c] for r in rows]
            words = [v for v in values if isinstance(v, str)]
            distinct = len({" ".join(v.casefold().split()) for v in words}) == len(words)
            personlike = sum(1 for v in words if _PERSON_RE.search(v))
            return (int(distinct), personlike, -c)

        best = max(free, key=score)
        if len(texts) > 1 or best in labels:
            if best in labels:
                note = _("names taken from column {column} of the table (headed {label}); label it 'Name' or 'Фамилия' to be sure")
            else:
                note = _("names taken from column {column} of the table (without a header); label it 'Name' or 'Фамилия' to be sure")
            layout.notes.append(note.format(column=_column_letter(best), label=show(labels.get(best))))
        return best
    def start_numbers(self, rows: list[int], roles: dict[int, str]) -> tuple[int, list[int]] | None:
        """(column, start number per row) of the number column, when it holds distinct whole numbers."""
        cols = [c for c, role in sorted(roles.items()) if role == "number"] or [c for c, role in sorted(roles.items()) if role == "row_number"]
        if not cols:
            cols = [c for c in range(min(self.width, 3)) if c not in roles]
        for c in cols:
            values = [self.cells[r][c] for r in rows]
            if values and _all_of(values, _FLOAT):  # numbers (the usual column): is_number_column's test, on the values taken once
                if _number_column_of_floats(values, guessed=roles.get(c) is None):
                    return c, list(map(int, values))
            elif self.is_number_column(rows, c, guessed=roles.get(c) is None):
                return c, [int(parse_number(v) if isinstance(v, str) else v) for v in values]  # type: ignore[arg-type]
        return None
    def is_number_column(self, rows: list[int], c: int, guessed: bool = True) -> bool:
        """Distinct whole numbers; a guessed (unlabelled) one also small enough to be start numbers, not dates."""
        values = [self.cells[r][c] for r in rows]
        if values and _all_of(values, _FLOAT):  # numbers (the usual column): looked at a column at a time
            return _number_column_of_floats(values, guessed)
        top = _highest_number(len(rows), guessed)
        seen = set()
        for r in rows:
            v = self.cells[r][c]
            if isinstance(v, str):
                f = parse_number(v)
                v = f
            if not isinstance(v, float) or not v.is_integer() or v < 1 or v > top or v in seen:
                return False
            seen.add(v)
        return True
    def is_text_column(self, rows: list[int], c: int) -> bool:
        texts = 0
        for r in rows:
            v = self.cells[r][c]
            if isinstance(v, str) and parse_number(v) is None:
                texts += 1
        return texts * 2 >= len(rows) and texts > 0
    def players(self, rows: list[int], layout: TableLayout) -> list[Player]:
        at_once = self.plain_players(rows, layout)
        if at_once is not None:
            return at_once
        players: list[Player] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        for i, r in enumerate(rows):
            number = i + 1
            if layout.number_col is not None:
                v = self.value(r, layout.number_col)
                f = parse_number(v) if isinstance(v, str) else v
                if not isinstance(f, float) or not f.is_integer() or f < 1:
                    raise LayoutError(
                        _("an empty cell is not a player number") if v is None else _("{text} is not a player number").format(text=show(v)),
                        self.loc(r, layout.number_col),
                    )
                number = int(f)
                if number in numbers:
                    raise LayoutError(
                        _("number {number} is also the number of row {row}: numbers must differ").format(number=number, row=self.sheet_row(numbers[number])),
                        self.loc(r, layout.number_col),
                    )
                numbers[number] = r
            name = ""
            if layout.name_col is not None:
                v = self.value(r, layout.name_col)
                if v is not None:
                    name = (str(int(v)) if v.is_integer() else f"{v:g}") if isinstance(v, float) else v
                    if len(name) > 100:
                        raise NotationError(
                            ngettext("a name of {length} characters is too long", "a name of {length} characters is too long", len(name)).format(
                                length=len(name)
                            ),
                            self.loc(r, layout.name_col),
                        )
                    key = " ".join(name.casefold().split())
                    if key in names:
                        raise LayoutError(
                            _("the name {name} is also in row {row}: players must be told apart").format(name=show(name), row=self.sheet_row(names[key])),
                            self.loc(r, layout.name_col),
                        )
                    names[key] = r
                    self.names[r] = name
            rating = None
            if layout.rating_col is not None:
                rating = self.rating(r, layout.rating_col)
            stated = None
            if layout.points_col is not None:
                v = self.value(r, layout.points_col)
                if v is not None:
                    f = parse_number(v) if isinstance(v, str) else v
                    if not isinstance(f, float) or f < 0:
                        raise NotationError(_("{text} is not a number of points").format(text=show(v)), self.loc(r, layout.points_col))
                    stated = f
            players.append(Player(number=number, name=name, rating=rating, row=r + 1, stated_points=stated))
            if name:
                self.names[r] = name
        return players
    def plain_players(self, rows: list[int], layout: TableLayout) -> list[Player] | None:
        """The players read a column at a time when every cell is plainly good, as :meth:`players` reads them; else None.

        Plainly good: distinct whole numbers from 1 as numbers, texts of at most 100
        characters told apart as names (or empty), whole ratings 100–4000 (or 0 or
        empty), points 0 or more (or empty), none of them written as text.  Any other
        table is read row by row, which names the first bad cell.
        """
        n = len(rows)
        rows_of = list(map(self.cells.__getitem__, rows))

        def column(c: int) -> list[Any]:
            return list(map(itemgetter(c), rows_of))

        numbers: Sequence[int] | None = range(1, n + 1) if layout.number_col is None else _plain_numbers(column(layout.number_col))
        names: list[str] | None = [""] * n if layout.name_col is None else _plain_names(column(layout.name_col))
        ratings: list[float | None] | None = [None] * n if layout.rating_col is None else _plain_ratings(column(layout.rating_col))
        stated: list[float | None] | None = [None] * n if layout.points_col is None else _plain_points(column(layout.points_col))
        if numbers is None or names is None or ratings is None or stated is None:
            return None
        self.names.update(zip(rows, names) if "" not in names else ((r, name) for r, name in zip(rows, names) if name))
        return [Player(number, name, rating, r + 1, points) for number, name, rating, r, points in zip(numbers, names, ratings, rows, stated)]

    def rating(self, r: int, c: int) -> float | None:
        """A rating cell: empty or 0 for none, thousands separators allowed ("1 500", "1,500"); 100–4000."""
        v = self.value(r, c)
        if v is None:
            return None
        if isinstance(v, str):
            f = rating_number(v)
        else:
            f = v
        if not isinstance(f, float) or f < 0 or not f.is_integer() and f >= 100:
            raise NotationError(_("{text} is not a rating").format(text=show(v)), self.loc(r, c))
        if f == 0:
            return None
        if f < 100 or f > 4000:
            message = (
                _("{text} is not a rating: ratings lie between 100 and 4000 (a thousands separator read as a decimal point? type the rating without it, e.g. 1500)")
                if f < 10
                else _("{text} is not a rating: ratings lie between 100 and 4000")
            )
            raise NotationError(message.format(text=show(v)), self.loc(r, c))
        return f
    def check_points(self, t: Tournament, layout: TableLayout, rows: list[int]) -> None:
        if layout.points_col is None:
            return
        pts = t.points
        for i, p in enumerate(t.players):
            if p.stated_points is not None and abs(p.stated_points - pts[i]) > 1e-9:
                raise ConsistencyError(
                    _("the points column says {stated}, but the results add up to {points}").format(stated=f"{p.stated_points:g}", points=f"{pts[i]:g}"),
                    self.loc(rows[i], layout.points_col),
                )