"""The columns beside the results: start numbers, names, ratings, points."""

from __future__ import annotations

import re

from ..errors import (
    ConsistencyError,
    LayoutError,
    NotationError,
)
from ..model import Player, Tournament
from ..notation import (
    parse_number,
    show,
)
from .base import MAX_PLAYERS, ReaderBase, TableLayout
from .labels import is_other_label as _is_other_label

# a person's name: a surname with initials or a first name, "Иванов И.", "Ivanov, Ivan", "Ann Lee"
_PERSON_RE = re.compile(r"^[^\W\d_][\w'’\-]+,?\s+(?:[^\W\d_]\.\s?){1,2}$|^[^\W\d_][\w'’\-]+,?\s+[^\W\d_][\w'’\-.]+(?:\s+[^\W\d_][\w'’\-.]+)?$")

_THOUSANDS_RE = re.compile(r"^(\d{1,2})[ ,.\u00a0\u202f'’](\d{3})$")

def _column_letter(c: int) -> str:
    """The 1-based column of the table as a letter (A for its first column)."""
    out = ""
    n = c + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


class SideColumns(ReaderBase):
    """Which column holds what beside the results, and the players read from them."""

    # --------------------------------------------------------- side columns
    def side_columns(self, header: int | None, rows: list[int], first_result: int, result_cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> TableLayout:
        layout = TableLayout(
            height=self.height, width=self.width, header_row=header, player_rows=list(rows), result_cols=list(result_cols), labels=labels,
            header_rows=list(self.frame.header_rows), footer_rows=list(self.frame.footer_rows),
        )
        taken = set(result_cols)
        for c, role in sorted(roles.items()):
            if c in taken or role in ("round", "row_number"):
                continue
            attr = f"{role}_col"
            if getattr(layout, attr, None) is None:
                setattr(layout, attr, c)
                taken.add(c)
        if layout.number_col is None:  # "№ п/п" is the number column only when there is no other
            row_numbers = [c for c, role in sorted(roles.items()) if role == "row_number" and c not in taken]
            if row_numbers:
                layout.number_col = row_numbers[-1]
                taken.add(row_numbers[-1])
        left = [c for c in range(first_result) if c not in taken and c not in self.ignore]
        if layout.number_col is None and header is None:
            for c in left:
                if self.is_number_column(rows, c):
                    layout.number_col = c
                    taken.add(c)
                    break
        if layout.name_col is None:
            layout.name_col = self.guess_name_column(rows, [c for c in left if c not in taken and roles.get(c) is None], labels, layout)
        if layout.number_col is None and header is not None:
            # an unlabelled first column of 1..N next to a header is still the number column
            for c in left:
                if c in taken or c in roles:
                    continue
                if self.is_number_column(rows, c) and (layout.name_col is None or c < layout.name_col):
                    layout.number_col = c
                    break
        return layout
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
                f"no column of names: column {_column_letter(c)} of the table is headed {show(labels[c])}, not taken for names; "
                "players are shown by number (label the names column 'Name' or 'Фамилия')"
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
            what = f"headed {show(labels[best])}" if best in labels else "without a header"
            layout.notes.append(f"names taken from column {_column_letter(best)} of the table ({what}); label it 'Name' or 'Фамилия' to be sure")
        return best
    def start_numbers(self, rows: list[int], roles: dict[int, str]) -> tuple[int, list[int]] | None:
        """(column, start number per row) of the number column, when it holds distinct whole numbers."""
        cols = [c for c, role in sorted(roles.items()) if role == "number"] or [c for c, role in sorted(roles.items()) if role == "row_number"]
        if not cols:
            cols = [c for c in range(min(self.width, 3)) if c not in roles]
        for c in cols:
            if self.is_number_column(rows, c, guessed=roles.get(c) is None):
                return c, [int(parse_number(v) if isinstance(v, str) else v) for v in (self.cells[r][c] for r in rows)]  # type: ignore[arg-type]
        return None
    def is_number_column(self, rows: list[int], c: int, guessed: bool = True) -> bool:
        """Distinct whole numbers; a guessed (unlabelled) one also small enough to be start numbers, not dates."""
        seen = set()
        top = 10 * len(rows) + 1000 if guessed else 10 * MAX_PLAYERS
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
        players: list[Player] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        for i, r in enumerate(rows):
            number = i + 1
            if layout.number_col is not None:
                v = self.value(r, layout.number_col)
                f = parse_number(v) if isinstance(v, str) else v
                if not isinstance(f, float) or not f.is_integer() or f < 1:
                    raise LayoutError(f"{'an empty cell' if v is None else show(v)} is not a player number", self.loc(r, layout.number_col))
                number = int(f)
                if number in numbers:
                    raise LayoutError(f"number {number} is also the number of row {numbers[number] + 1}: numbers must differ", self.loc(r, layout.number_col))
                numbers[number] = r
            name = ""
            if layout.name_col is not None:
                v = self.value(r, layout.name_col)
                if v is not None:
                    name = show(v).strip("'") if isinstance(v, float) else v
                    if len(name) > 100:
                        raise NotationError(f"a name of {len(name)} characters is too long", self.loc(r, layout.name_col))
                    key = " ".join(name.casefold().split())
                    if key in names:
                        raise LayoutError(f"the name {show(name)} is also in row {names[key] + 1}: players must be told apart", self.loc(r, layout.name_col))
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
                        raise NotationError(f"{show(v)} is not a number of points", self.loc(r, layout.points_col))
                    stated = f
            players.append(Player(number=number, name=name, rating=rating, row=r + 1, stated_points=stated))
            if name:
                self.names[r] = name
        return players
    def rating(self, r: int, c: int) -> float | None:
        """A rating cell: empty or 0 for none, thousands separators allowed ("1 500", "1,500"); 100–4000."""
        v = self.value(r, c)
        if v is None:
            return None
        if isinstance(v, str):
            m = _THOUSANDS_RE.match(v.strip())
            f = float(m.group(1) + m.group(2)) if m else parse_number(v)
        else:
            f = v
        if not isinstance(f, float) or f < 0 or not f.is_integer() and f >= 100:
            raise NotationError(f"{show(v)} is not a rating", self.loc(r, c))
        if f == 0:
            return None
        if f < 100 or f > 4000:
            hint = " (a thousands separator read as a decimal point? type the rating without it, e.g. 1500)" if f < 10 else ""
            raise NotationError(f"{show(v)} is not a rating: ratings lie between 100 and 4000{hint}", self.loc(r, c))
        return f
    def check_points(self, t: Tournament, layout: TableLayout, rows: list[int]) -> None:
        if layout.points_col is None:
            return
        pts = t.points
        for i, p in enumerate(t.players):
            if p.stated_points is not None and abs(p.stated_points - pts[i]) > 1e-9:
                raise ConsistencyError(
                    f"the points column says {p.stated_points:g}, but the results add up to {pts[i]:g}",
                    self.loc(rows[i], layout.points_col),
                )