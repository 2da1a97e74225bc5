"""FIDE TRF-16 files (with the TRF-2x records the reference files use): read and write.

Read: 001 player lines (start number, name, rating, points, one 10-column
cell per round: opponent, colour, result ``1 = 0 + - W D L H F U Z``: the
codes and their meaning are :mod:`tiebreak.core.grammar`'s),
``042`` start date, ``092`` type, ``XXR``/``142`` rounds, ``XXS`` and ``162``
point values, ``202``/``212`` tie-break lists, and ``XXT`` (the rule set
tiebreak wrote).  Trailing rounds nobody has played yet are not counted.

Safety: a file larger than :data:`MAX_BYTES`, with lines longer than
:data:`MAX_LINE` characters, more than :data:`MAX_PLAYERS` players or more
than :data:`MAX_ROUNDS` rounds is refused with a message naming the line.

>>> t = read_trf('''012 Demo
... 042 2024-05-01
... 001    1      Ann                               2000                             1.5    1     2 w 1  0000 - H
... 001    2      Bob                               1900                             1.0    2     1 b 0  0000 - U
... ''')
>>> t.points, t.rules, [k.name for k in (t.entry(0, 2).kind, t.entry(1, 2).kind)]
([1.5, 1.0], 'fide-2024', ['HALF_BYE', 'PAIRING_BYE'])
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.errors import (
    ConsistencyError,
    FileFormatError,
    Location,
    checked_size,
)
from tiebreak.core.i18n import _
from tiebreak.core.model import CHESS, DRAUGHTS, Kind, Player, Scoring, Tournament
from tiebreak.core.progress import settle
from tiebreak.core.rules import fide_for_date
from tiebreak.core.text import one_line

__all__ = ["MAX_BYTES", "MAX_LINE", "MAX_PLAYERS", "MAX_ROUNDS", "MAX_TITLE", "TrfSource", "decode_trf", "read_trf", "read_trf_file", "write_trf"]

MAX_BYTES = 20 * 1024 * 1024
MAX_LINE = 2000
MAX_PLAYERS = 20000
MAX_ROUNDS = 100
MAX_TITLE = 76  # the event name of record 012 kept within an 80-column line


def _err(line: int, message: str, player: str | None = None, round: int | None = None) -> FileFormatError:
    return FileFormatError(message, Location(line=line, player=player, round=round))


@dataclass(frozen=True)
class TrfSource:
    """Where a TRF tournament came from: the file's name and the encoding its bytes were read in."""

    name: str
    encoding: str

    @property
    def notes(self) -> list[str]:
        """What a reader is told about the file, in the current language: how it was decoded, when not as UTF-8."""
        if self.encoding == "utf-8":
            return []
        name = "Windows-1251" if self.encoding == "cp1251" else "Windows-1252"
        return [_("{path} is not UTF-8: read as {encoding}, as its letters suggest (save it as UTF-8 to be sure)").format(path=self.name, encoding=name)]


def read_trf_file(path: str | os.PathLike[str]) -> Tournament:
    """A TRF file read: UTF-8, else Windows-1251 or Windows-1252 as its bytes show (said in :attr:`TrfSource.notes`)."""
    p = checked_size(path, MAX_BYTES, _("a TRF file may be"))
    text, encoding = decode_trf(p.read_bytes())
    try:
        t = read_trf(text)
    except FileFormatError as err:
        raise FileFormatError(_("{path}: {problem}").format(path=p, problem=err)) from None
    t.layout = TrfSource(p.name, encoding)
    return t


def decode_trf(raw: bytes) -> tuple[str, str]:
    """The text of a TRF file and the encoding it was read in: ``utf-8``, ``cp1251`` or ``cp1252``.

    UTF-8 (with or without a byte order mark) when the bytes are valid UTF-8;
    otherwise Windows-1251 (what Russian software writes) when the letters
    above ASCII stand together in words, as Cyrillic letters do, or
    Windows-1252 when they stand alone among Latin letters (``Müller``),
    or when the bytes cannot be Windows-1251.

    >>> decode_trf("001 Иванов".encode("cp1251")), decode_trf("001 Müller".encode("cp1252"))
    (('001 Иванов', 'cp1251'), ('001 Müller', 'cp1252'))
    >>> decode_trf("001 Иванов".encode("utf-8"))
    ('001 Иванов', 'utf-8')
    """
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    high = sum(1 for b in raw if b >= 0xC0)
    together = sum(len(m) for m in _HIGH_RUN.findall(raw))
    if high and together * 2 >= high:
        try:
            return raw.decode("cp1251"), "cp1251"
        except UnicodeDecodeError:
            pass
    return raw.decode("cp1252", errors="replace"), "cp1252"


_HIGH_RUN = re.compile(rb"[\xc0-\xff]{2,}")
_LINE_END = re.compile(r"\r\n|\r|\n")


def _date(text: str) -> _dt.date | None:
    t = text.strip()
    for pattern, order in ((r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", "ymd"), (r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", "dmy")):
        m = re.match(pattern, t)
        if m:
            a, b, c = (int(x) for x in m.groups())
            try:
                return _dt.date(a, b, c) if order == "ymd" else _dt.date(c, b, a)
            except ValueError:
                return None
    return None


def _xxs(text: str, values: dict[str, float], line: int) -> None:
    for item in text.split():
        if "=" not in item:
            raise _err(line, _("XXS: '{item}' is not CODE=VALUE").format(item=item))
        code, _sep, value = item.partition("=")
        try:
            v = float(value.replace(",", "."))
        except ValueError:
            raise _err(line, _("XXS: '{value}' is not a number").format(value=value)) from None
        code = code.upper()
        # W and D: the points of a win (and the byes worth a win) and of a draw (and the half bye)
        targets = _XXS_OUTCOME.get(g.TRF_LETTERS.get(code, ""), (code,))
        for tcode in targets:
            values[tcode] = v


# the XXS point codes of a bye, by its kind
_XXS_BYE = {Kind.PAIRING_BYE: "PAB", Kind.FULL_BYE: "FPB", Kind.HALF_BYE: "HPB", Kind.ZERO_BYE: "ZPB"}
_XXS_OUTCOME = {g.WIN: ("WW", "BW", "FW", "FPB"), g.DRAW: ("WD", "BD", "HPB")}
# record 162's letters: the results (TRF's W, D, L) and P, A for the pairing-allocated and the zero bye
_KEYS_162 = {**{letter: letter for letter in g.TRF_LETTERS}, "P": "PAB", "A": "ZPB"}


def _record_162(line_text: str, values: dict[str, float]) -> None:
    keys = _KEYS_162
    for pos in range(5, len(line_text) - 1, 9):
        sym = line_text[pos].upper()
        if sym in keys:
            try:
                values[keys[sym]] = float(line_text[pos + 1 : pos + 5].strip().replace(",", "."))
            except ValueError:
                continue


def read_trf(text: str) -> Tournament:
    """Read the text of a TRF file into a :class:`~tiebreak.core.model.Tournament`."""
    lines = _LINE_END.split(text)  # only CR, LF and CRLF end a line (not U+0085, U+2028 or U+001C)
    if lines and lines[-1] == "":
        lines.pop()
    title = ""
    start: _dt.date | None = None
    kind_text = ""
    declared_rounds: int | None = None
    point_values: dict[str, float] = {}
    tiebreaks: list[str] = []
    rules: str | None = None
    players: list[tuple[int, str, float | None, float | None, list[tuple[int, str, str]]]] = []
    lines_of: list[int] = []
    for no, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE:
            raise _err(no, _("a line of {length} characters; TRF lines are at most {limit}").format(length=len(line), limit=MAX_LINE))
        code = line[:3]
        rest = line[4:] if len(line) > 4 else ""
        if code == "012":
            title = one_line(rest)
        elif code == "042":
            start = _date(rest)
        elif code == "092":
            kind_text = rest.strip()
        elif code in ("XXR", "142"):
            try:
                declared_rounds = int(rest.strip().split()[0])
            except (ValueError, IndexError):
                raise _err(no, _("{code}: '{text}' is not a number of rounds").format(code=code, text=rest.strip())) from None
            if not 0 < declared_rounds <= MAX_ROUNDS:
                raise _err(no, _("{code}: {rounds} rounds; at most {limit} are read").format(code=code, rounds=declared_rounds, limit=MAX_ROUNDS))
        elif code == "XXS":
            _xxs(rest, point_values, no)
        elif code == "162":
            _record_162(line, point_values)
        elif code in ("202", "212"):
            codes = one_line(rest).replace(",", " ").split()
            tiebreaks = [c for c in codes if c.upper() != "PTS"]
        elif code == "XXT":
            rules = one_line(rest).split()[0] if one_line(rest) else None
        elif code == "001":
            if len(players) >= MAX_PLAYERS:
                raise _err(no, _("more than {limit} players; refused").format(limit=MAX_PLAYERS))
            players.append(_player(line, no))
            lines_of.append(no)
    if not players:
        raise FileFormatError(_("no player lines (001) in the file: not a TRF file?"))
    return _build(players, lines_of, title, start, kind_text, declared_rounds, point_values, tiebreaks, rules)


def _player(line: str, no: int) -> tuple[int, str, float | None, float | None, list[tuple[int, str, str]]]:
    try:
        number = int(line[4:8])
    except ValueError:
        raise _err(no, _("'{text}' is not a start number (columns 5-8)").format(text=line[4:8].strip())) from None
    name = one_line(line[14:47])
    rating_text = line[48:52].strip()
    rating: float | None = None
    if rating_text:
        if not rating_text.isdigit():
            raise _err(no, _("'{text}' is not a rating (columns 49-52)").format(text=rating_text), name)
        rating = float(rating_text) or None
    points_text = line[80:84].strip()
    points: float | None = None
    if points_text:
        try:
            points = float(points_text.replace(",", "."))
        except ValueError:
            raise _err(no, _("'{text}' is not a number of points (columns 81-84)").format(text=points_text), name) from None
    rest = line[91:].rstrip()
    if rest:  # a last cell paired without a result ('   3 b  ') lost its blank result column to the strip
        rest = rest.ljust((len(rest) + 11) // 10 * 10 - 2)
    if len(rest) > 10 * MAX_ROUNDS:
        raise _err(no, _("more than {limit} rounds; refused").format(limit=MAX_ROUNDS), name)
    if rest and not _ROUNDS.fullmatch(rest):
        for r, start in enumerate(range(0, len(rest), 10), start=1):  # find and name the bad cell
            cell = rest[start : start + 8].ljust(8)
            if _CELL.match(cell) is None or rest[start + 8 : start + 10].strip():
                _bad_cell(cell, rest[start + 8 : start + 10], no, name, r, 92 + start)
    cells = [(int(o) if o != "    " else 0, _COLOUR.get(c, ""), _RESULT[x]) for o, c, x in _CELLS.findall(rest + " ")]
    return number, name, rating, points, cells


# a round cell's parts, from the one grammar of a cell (tiebreak.core.grammar): colour code -> 'w'/'b',
# result code (either case) -> the code upper case, a blank -> ''
_COLOUR = g.TRF_COLOURS
_RESULT = {x: x.upper() for code in g.TRF_CODES for x in (code, code.lower())} | {" ": ""}
_OPP = r"(?:\d{4}| \d{3}|  \d\d|   \d|    )"  # exactly four columns
_ONE = rf"{_OPP} {g.TRF_COLOUR} {g.TRF_RESULT}"
_CELL = re.compile(rf"({_OPP}) ({g.TRF_COLOUR}) ({g.TRF_RESULT}) ?\Z")
_ROUNDS = re.compile(rf"{_ONE}(?:  {_ONE})*\s*")
_CELLS = re.compile(rf"({_OPP}) ({g.TRF_COLOUR}) ({g.TRF_RESULT})(?:  | ?\Z)")


def _bad_cell(cell: str, gap: str, no: int, name: str, r: int, column: int) -> None:
    """Raise the precise message for a round cell that is not a TRF cell."""
    if not cell.strip():
        raise _err(no, _("the round {round} cell is not aligned to the TRF columns").format(round=r), name, r)
    opp_text, colour, result = cell[0:4], cell[5], cell[7]
    if opp_text.strip() and not opp_text.strip().isdigit():
        raise _err(no, _("'{text}' is not an opponent number (columns {first}-{last})").format(text=opp_text.strip(), first=column, last=column + 3), name, r)
    if colour not in g.TRF_COLOURS and colour not in g.TRF_NO_COLOUR:
        raise _err(no, _("'{text}' is not a colour (w, b or -)").format(text=colour), name, r)
    if result not in _RESULT:
        raise _err(no, _("'{text}' is not a result code (1 = 0 + - W D L H F U Z)").format(text=result), name, r)
    raise _err(no, _("the round {round} cell '{text}' is not aligned to the TRF columns").format(round=r, text=(cell + gap).rstrip()), name, r)


def _scoring(values: dict[str, float]) -> Scoring:
    win = values.get("WW", values.get("W", 1.0))
    draw = values.get("WD", values.get("D", 0.5))
    loss = values.get("WL", values.get("L", 0.0))
    return Scoring(win, draw, loss)


def _build(
    players: list[tuple[int, str, float | None, float | None, list[tuple[int, str, str]]]],
    lines_of: list[int],
    title: str,
    start: _dt.date | None,
    kind_text: str,
    declared_rounds: int | None,
    point_values: dict[str, float],
    tiebreaks: list[str],
    rules: str | None,
) -> Tournament:
    index: dict[int, int] = {}
    for i, (number, name, *_rest) in enumerate(players):
        if number in index:
            raise _err(lines_of[i], _("start number {number} is also on line {line}").format(number=number, line=lines_of[index[number]]), name)
        index[number] = i
    # rounds: the last one anybody has an entry in
    played_rounds = 0
    for _n, _name, _r, _p, cells in players:
        last = len(cells)
        while last and cells[last - 1] == (0, "", ""):
            last -= 1
        played_rounds = max(played_rounds, last)
    rounds = played_rounds or (declared_rounds or 0)
    if rounds == 0:
        raise FileFormatError(_("no round has any result"))
    explicit = bool(point_values)
    candidates = [_scoring(point_values)] if explicit else [CHESS, DRAUGHTS, Scoring(3.0, 1.0, 0.0)]
    first_error: FileFormatError | None = None
    for sc in candidates:
        t = _fill(players, lines_of, index, rounds, sc, point_values)
        mismatch = next(((i, p[3]) for i, p in enumerate(players) if p[3] is not None and abs(p[3] - t.points[i]) > 1e-9), None)
        if mismatch is None:
            break
        i, stated = mismatch
        first_error = first_error or _err(
            lines_of[i],
            _("the points field says {stated} but the results add up to {points} on {scoring} scoring").format(
                stated=f"{stated:g}", points=f"{t.points[i]:g}", scoring=sc.label
            ),
            players[i][1],
        )
    else:
        assert first_error is not None
        raise first_error
    t.title = title
    t.start_date = start
    t.tiebreak_codes = tiebreaks
    t.rules = rules or fide_for_date(start)
    t.system = "round robin" if _is_round_robin(t, kind_text, declared_rounds) else "swiss"
    t.scheduled = declared_rounds
    return settle(t)


def _fill(players: Any, lines_of: list[int], index: dict[int, int], rounds: int, sc: Scoring, values: dict[str, float]) -> Tournament:
    plist = [Player(number=num, name=name, rating=rating, row=None, stated_points=pts) for num, name, rating, pts, _c in players]
    played, fwin, floss = int(Kind.PLAYED), int(Kind.FORFEIT_WIN), int(Kind.FORFEIT_LOSS)
    by_outcome = {  # what each outcome is here: kind, the XXS point codes for white and black, default points
        g.WIN: (played, "WW", "BW", sc.win), g.DRAW: (played, "WD", "BD", sc.draw), g.LOSS: (played, "WL", "BL", sc.loss),
        g.FORFEIT_WON: (fwin, "FW", "FW", sc.win), g.FORFEIT_LOST: (floss, "FL", "FL", sc.loss),
    }
    # TRF's result codes and what they mean are the one grammar of a cell's (tiebreak.core.grammar)
    points_of = {
        code: (kind, values.get(w, default), values.get(b, default))
        for code, (kind, w, b, default) in ((code, by_outcome[what]) for code, what in g.TRF_GAME_CODES.items())
    }
    worth = {g.WIN: sc.win, g.DRAW: sc.draw, None: 0.0}
    bye_points = {  # a bye's kind and points, from the XXS point codes or the scoring
        name: (int(kind), values.get(_XXS_BYE.get(kind, ""), worth[value])) for name, (kind, value) in g.BYE_KINDS.items()
    }
    bye_points["absent"] = (int(Kind.ABSENT), 0.0)
    no_opponent = {code: bye_points[g.trf_bye(code)] for code in g.TRF_CODES if code not in g.TRF_UNKNOWN}
    absent = bye_points["absent"]
    opp_rows: list[list[int]] = []
    pts_rows: list[list[float]] = []
    kind_rows: list[list[int]] = []
    colour_rows: list[list[str | None]] = []
    blank = (0, "", "")
    absent_kind = absent[0]
    get_index, get_points, get_bye = index.get, points_of.get, no_opponent.get
    waiting: list[tuple[int, int, int]] = []
    for i, (_num, name, _rt, _pts, cells) in enumerate(players):
        if len(cells) < rounds:
            cells = cells + [blank] * (rounds - len(cells))
        o_row = [-1] * rounds
        p_row = [0.0] * rounds
        k_row = [absent_kind] * rounds
        c_row: list[str | None] = [None] * rounds
        for r in range(rounds):
            opp, colour, res = cells[r]
            if opp and not res and get_index(opp) not in (None, i):  # paired, no result yet: a pending game
                j = get_index(opp)
                waiting.append((r + 1, i if colour != "b" else j, j if colour != "b" else i))  # type: ignore[arg-type]
                continue
            if opp:
                j = get_index(opp)
                got = get_points(res)
                if j is None or j == i or got is None:
                    _fill_error(lines_of[i], name, r + 1, opp, j == i, res)
                k_row[r] = got[0]  # type: ignore[index]
                p_row[r] = got[2] if colour == "b" else got[1]  # type: ignore[index]
                o_row[r] = j  # type: ignore[assignment]
                c_row[r] = colour or None
            elif res:
                if res in g.TRF_UNKNOWN:
                    raise _err(lines_of[i], _("result '{result}' (played, result not known) cannot be ranked yet").format(result=res), name, r + 1)
                k_row[r], p_row[r] = get_bye(res, absent)  # '-', '0', 'L', 'A': not paired
        opp_rows.append(o_row)
        pts_rows.append(p_row)
        kind_rows.append(k_row)
        colour_rows.append(c_row)
    t = Tournament(plist, rounds, opp_rows, pts_rows, kind_rows, colour_rows, scoring=sc, system="swiss")
    games: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for r, w, b in waiting:  # each pending game is written on both players' lines
        games.setdefault((r, min(w, b), max(w, b)), (r, w, b))
    t.pending = sorted(games.values())

    def locate(p: int, i: int) -> Location:
        return Location(line=lines_of[p], player=plist[p].label(), round=i + 1)

    try:
        t.check_pairings(locate, allow_double_loss=True)
    except ConsistencyError as err:
        raise FileFormatError(err.detail, err.location) from None
    return t


def _fill_error(line: int, name: str, r: int, opp: int, himself: bool, res: str) -> None:
    if res in g.TRF_UNKNOWN:
        raise _err(line, _("result '{result}' (played, result not known) cannot be ranked yet").format(result=res), name, r)
    if himself:
        raise _err(line, _("a player cannot meet himself"), name, r)
    if res not in g.TRF_GAME_CODES:
        raise _err(line, _("result '{result}' with an opponent: expected 1 = 0 + - W D L").format(result=res or " "), name, r)
    raise _err(line, _("opponent {number} is not a start number of this file").format(number=opp), name, r)


def _is_round_robin(t: Tournament, kind_text: str, declared_rounds: int | None = None) -> bool:
    k = kind_text.casefold()
    if "swiss" in k or "швейц" in k:
        return False
    if "robin" in k or "berger" in k or re.search(r"\brr\b", k) or "кругов" in k:
        return True
    # no statement: a round robin when every pair met equally often
    n = len(t.players)
    meetings: dict[tuple[int, int], int] = {}
    for p in range(n):
        for q in t.opp[p]:
            if q > p:
                meetings[(p, q)] = meetings.get((p, q), 0) + 1
    for _r, a, b in t.pending:
        meetings[(min(a, b), max(a, b))] = meetings.get((min(a, b), max(a, b)), 0) + 1
    single = n - 1 if n % 2 == 0 else n
    if meetings and max(meetings.values()) == 1 and declared_rounds == single:
        return True  # unfinished: every pair met at most once, and the rounds scheduled are a round robin's
    if len(meetings) != n * (n - 1) // 2:
        return False
    return len(set(meetings.values())) == 1


# ------------------------------------------------------------------ writing
# the result code written for an entry that is not a game played (from the one grammar of a cell)
_CODES = {int(k): g.trf_code(k) for k in Kind if k is not Kind.PLAYED}
# ... and for a game played, by its outcome
_PLAYED_CODES = {outcome: g.trf_code(Kind.PLAYED, outcome) for outcome in (g.WIN, g.DRAW, g.LOSS)}


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Rounds of a single round robin of ``n`` players (circle method), as (white, black) index pairs.

    >>> berger_rounds(4)
    [[(0, 3), (1, 2)], [(2, 0), (3, 1)], [(0, 1), (2, 3)]]
    """
    m = n if n % 2 == 0 else n + 1
    ring = list(range(m))
    rounds = []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = ring[k], ring[m - 1 - k]
            if k == 0 and r % 2 == 1:
                a, b = b, a
            if a < n and b < n:
                pairs.append((a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _scheduled(t: Tournament) -> Tournament:
    """A round robin matrix laid out in rounds (Berger order), so that it can be written as TRF."""
    n = len(t.players)
    single = berger_rounds(n)
    schedule = single if t.cycles == 1 else single + [[(b, a) for a, b in rnd] for rnd in single]
    out = Tournament.empty(t.players, len(schedule), scoring=t.scoring, system=t.system)
    # games of player i against j, in cycle order, from the matrix slots
    games: dict[tuple[int, int], list[int]] = {}
    for i in range(n):
        for slot, j in enumerate(t.opp[i]):
            if j >= 0:
                games.setdefault((i, j), []).append(slot)
    used: dict[tuple[int, int], int] = {}
    for r, pairs in enumerate(schedule, start=1):
        for a, b in pairs:
            k = used.get((a, b), 0)
            used[(a, b)] = used[(b, a)] = k + 1
            slots_a, slots_b = games.get((a, b), []), games.get((b, a), [])
            if k < len(slots_a) and k < len(slots_b):
                sa, sb = slots_a[k], slots_b[k]
                out.set_entry(a, r, b, "w", t.pts[a][sa], Kind(t.kind[a][sa]))
                out.set_entry(b, r, a, "b", t.pts[b][sb], Kind(t.kind[b][sb]))
    return out


def _player_record(t: Tournament, i: int, points: float, place: int, waiting: dict[tuple[int, int], tuple[int, str]] | None = None) -> str:
    """Record 001 of player ``i``: number, name (on its line, fitted to its 33 columns), rating, points, place, rounds.

    ``waiting`` maps (player, round index) of a pending game to (opponent, colour):
    written as the pairing with the result column blank, as a TRF saved after pairing has it.
    """
    p = t.players[i]
    rating = int(p.rating) if p.rating else 0
    name = " ".join(one_line(p.name).split())[:33]
    head = f"001 {p.number:4d}      {name:<33} " + (f"{rating:4d}" if rating else "    ")
    head = head.ljust(80) + f"{points:4.1f}" + " " + f"{place:4d}"
    cells = []
    for r in range(t.rounds):
        q = t.opp[i][r]
        k = t.kind[i][r]
        if waiting and (i, r) in waiting:
            q, colour = waiting[i, r]
            cells.append(f"{t.players[q].number:4d} {colour}  ")
            continue
        if q >= 0:
            colour = t.colour[i][r] or ("w" if p.number < t.players[q].number else "b")
            opp = f"{t.players[q].number:4d}"
        else:
            colour, opp = "-", "0000"
        if k == Kind.PLAYED:
            o = t.scoring.outcome(t.pts[i][r])
            code = _PLAYED_CODES[g.WIN if o == 1 else g.DRAW if o == 0 else g.LOSS]
        else:
            code = _CODES[k]
        cells.append(f"{opp} {colour} {code}")
    return head.ljust(91) + "  ".join(cells)


def write_trf(t: Tournament, *, title: str = "", rules: str | None = None, places: Sequence[int] | None = None) -> str:
    """A TRF-16 text of the event; a round robin matrix is laid out in Berger rounds.

    ``places`` (one per player, table order) fills the rank field; without
    them the rank field holds the place by points alone.
    """
    source = t
    if any(p.number > 9999 for p in t.players):
        from tiebreak.core.errors import SettingsError

        raise SettingsError(_("TRF-16 holds start numbers up to 9999; this event has larger ones"))
    if not t.has_rounds:
        t = _scheduled(t)
    sc = t.scoring
    lines = [f"012 {one_line(title or source.title)[:MAX_TITLE] or 'tiebreak export'}"]
    if source.start_date:
        lines.append(f"042 {source.start_date:%Y/%m/%d}")
    lines.append(f"062 {len(t.players)}")
    lines.append(f"092 {'Round Robin' if t.is_round_robin else 'Swiss'}")
    lines.append(f"XXR {max(t.rounds, source.rounds_scheduled)}")  # the rounds scheduled: an unfinished event reads back as one
    if sc != CHESS:
        lines.append(f"XXS W={sc.win:g} D={sc.draw:g} WL={sc.loss:g} BL={sc.loss:g} FL={sc.loss:g} ZPB=0")
    if rules:
        lines.append(f"XXT {one_line(rules)}")
    if source.tiebreak_codes:
        lines.append("202 " + " ".join(one_line(code) for code in source.tiebreak_codes))
    pts = t.points
    if places is None:
        places = [1 + sum(1 for x in pts if x > pts[i]) for i in range(len(pts))]
    order = sorted(range(len(t.players)), key=lambda i: t.players[i].number)
    waiting: dict[tuple[int, int], tuple[int, str]] = {}
    for r, w, b in t.pending if t is source else ():  # a game paired in a counted round, its result not in yet
        if r <= t.rounds:
            waiting[w, r - 1], waiting[b, r - 1] = (b, "w"), (w, "b")
    lines.extend(_player_record(t, i, pts[i], places[i], waiting) for i in order)
    return "\n".join(lines) + "\n"
