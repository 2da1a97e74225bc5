"""FIDE TRF team events: the team records beside the players' 001 records, read as FIDE's checker reads them.

* ``310`` a team: its pairing number (columns 5-7), name (9-40), match and
  game points (55-60, 62-67) and its players' start numbers in board order
  (from column 74, five columns each);
* ``320`` the pairing-allocated byes: their match and game points (5-8, 10-13),
  then the team that had it in each round (four columns a round from 14);
* ``240`` requested byes: type ``H``, ``F`` or ``Z`` (column 5), round (7-9), the
  teams (five columns each from 10);
* ``330`` a match lost by forfeit: ``+-``, ``-+`` or ``--`` (5-6), round (8-10),
  the team with White (12-14) and with Black (16-18);
* ``352`` the colour sequence of the boards (its length is the number of
  boards), ``362`` the match points (``W``, ``D``, ``L`` as ``162`` writes game
  points), ``192`` the type of event (``..._GP_MP`` makes game points primary).

A match is the games the two teams' players played against each other in a
round, in the team's order of its players (its line-up: a reserve moves up).

>>> from tiebreak.io.trf_team import is_team_trf
>>> is_team_trf("012 x\\n310   1 Ajax\\n"), is_team_trf("012 x\\n001    1\\n")
(True, False)
"""

from __future__ import annotations

import os
import re

from tiebreak.core.errors import FileFormatError, Location, checked_size
from tiebreak.core.i18n import _
from tiebreak.core.match import MatchEntry, MatchEvent, MatchScoring, Side
from tiebreak.core.model import Kind, Scoring, Tournament
from tiebreak.core.progress import settle
from tiebreak.io.trf import MAX_BYTES, TrfSource, decode_trf, read_trf, read_trf_file

__all__ = ["is_team_trf", "read_any_trf_file", "read_team_trf"]

_LINE_END = re.compile(r"\r\n|\r|\n")
_BYE = {"H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "Z": Kind.ZERO_BYE, " ": Kind.ZERO_BYE}
_FORFEIT = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN), "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)}
_FORFEIT |= {"10": _FORFEIT["+-"], "WL": _FORFEIT["+-"], "WZ": _FORFEIT["+-"], "01": _FORFEIT["-+"], "LW": _FORFEIT["-+"], "ZW": _FORFEIT["-+"]}
_FORFEIT |= {"00": _FORFEIT["--"], "LL": _FORFEIT["--"], "ZZ": _FORFEIT["--"]}


def is_team_trf(text: str) -> bool:
    """Whether a TRF text has team records (310)."""
    return any(line.startswith("310 ") for line in _LINE_END.split(text))


def _err(line: int, message: str) -> FileFormatError:
    return FileFormatError(message, Location(line=line))


def _int(text: str, line: int, what: str) -> int:
    t = text.strip()
    if not t:
        return 0
    if not t.isdigit():
        raise _err(line, _("'{text}' is not {what}").format(text=t, what=what))
    return int(t)


def _float(text: str) -> float | None:
    t = text.strip().replace(",", ".")
    try:
        return float(t) if t else None
    except ValueError:
        return None


class _Records:
    """The team records of a file, as read."""

    def __init__(self) -> None:
        self.teams: list[tuple[int, int, str, float | None, float | None, list[int]]] = []
        self.pab: dict[tuple[int, int], int] = {}
        self.pab_points: tuple[float, float] | None = None
        self.byes: dict[tuple[int, int], tuple[Kind, int]] = {}
        self.forfeits: list[tuple[int, int, int, str, int]] = []
        self.boards = 0
        self.match_values: dict[str, float] = {}
        self.kind = ""

    def read(self, no: int, line: str) -> None:
        code = line[:3]
        if code == "310":
            number = _int(line[4:7], no, _("a team number (columns 5-7)"))
            members = [_int(line[i - 4 : i], no, _("a start number")) for i in range(77, len(line) + 1, 5)]
            self.teams.append((no, number, line[8:40].strip(), _float(line[54:60]), _float(line[61:67]), [m for m in members if m]))
        elif code == "320":
            self.pab_points = (_float(line[4:8]) or 0.0, _float(line[9:13]) or 0.0)
            for r, i in enumerate(range(17, len(line) + 1, 4), start=1):
                team = _int(line[i - 3 : i], no, _("a team number"))
                if team:
                    self.pab[(r, team)] = no
        elif code == "240":
            kind = _BYE.get(line[4:5].upper() or " ")
            if kind is None:
                raise _err(no, _("record 240: '{text}' is not a bye type (H, F or Z)").format(text=line[4:5]))
            r = _int(line[6:9], no, _("a round (columns 7-9)"))
            for i in range(14, len(line) + 1, 5):
                team = _int(line[i - 4 : i], no, _("a team number"))
                if team:
                    self.byes[(r, team)] = (kind, no)
        elif code == "330":
            what = line[4:6].upper()
            if what not in _FORFEIT:
                raise _err(no, _("record 330: '{text}' is not a forfeit (+-, -+ or --)").format(text=what))
            r = _int(line[7:10], no, _("a round (columns 8-10)"))
            self.forfeits.append((r, _int(line[11:14], no, _("a team number")), _int(line[15:18], no, _("a team number")), what, no))
        elif code == "352":
            self.boards = len(line[4:].strip())
        elif code == "362":
            for pos in range(5, len(line) - 1, 9):
                value = _float(line[pos + 1 : pos + 5])
                if line[pos].upper() in "WDL" and value is not None:
                    self.match_values[line[pos].upper()] = value
        elif code == "192":
            self.kind = line[4:].strip().upper()


def read_team_trf(text: str) -> MatchEvent:
    """A TRF team event (see the module text) as a :class:`~tiebreak.core.match.MatchEvent`."""
    t = read_trf(text)
    rec = _Records()
    for no, line in enumerate(_LINE_END.split(text), start=1):
        rec.read(no, line)
    if not rec.teams:
        raise FileFormatError(_("no team records (310) in the file: not a team event"))
    number_of = {p.number: i for i, p in enumerate(t.players)}
    team_of: dict[int, tuple[int, int]] = {}  # player index -> (team index, order in the team)
    sides: list[Side] = []
    team_index: dict[int, int] = {}
    for k, (no, number, name, mp, gp, members) in enumerate(rec.teams):
        if number in team_index:
            raise _err(no, _("team number {number} is also on line {line}").format(number=number, line=rec.teams[team_index[number]][0]))
        team_index[number] = k
        for order, m in enumerate(members):
            if m not in number_of:
                raise _err(no, _("start number {number} of team {team} has no player line (001)").format(number=m, team=number))
            if number_of[m] in team_of:
                raise _err(no, _("player {number} is in two teams").format(number=m))
            team_of[number_of[m]] = (k, order)
        sides.append(Side(number, name, [t.players[number_of[m]].name for m in members], stated_match_points=mp, stated_game_points=gp))
    w = rec.match_values
    sc = MatchScoring(Scoring(w.get("W", 2.0), w.get("D", 1.0), w.get("L", 0.0)), t.scoring, pab=rec.pab_points)
    rounds = max([t.rounds, *(r for r, _t in rec.pab), *(r for r, _t in rec.byes), *(f[0] for f in rec.forfeits)])
    boards = rec.boards or max((sum(1 for p in team_of if team_of[p][0] == k) for k in range(len(sides))), default=1)
    entries = _matches(t, team_of, len(sides), rounds, boards, sc)
    _unplayed(rec, team_index, entries, boards, sc)
    system = "round robin" if "ROUNDROBIN" in rec.kind or t.is_round_robin and "SWISS" not in rec.kind and "TEAM_" not in rec.kind else "swiss"
    primary = "GP" if rec.kind.endswith(("_GP_MP", "_GP")) and not rec.kind.endswith("_MP_GP") else "MP"
    return MatchEvent(sides, rounds, boards, entries, sc, "team", primary, system, t.start_date, t.rules, t.title, list(t.tiebreak_codes), scheduled=t.scheduled)


def _matches(t: Tournament, team_of: dict[int, tuple[int, int]], n: int, rounds: int, boards: int, sc: MatchScoring) -> list[list[MatchEntry | None]]:
    """The matches the players' games make: per team and round, its games against one other team, in line-up order."""
    entries: list[list[MatchEntry | None]] = [[None] * rounds for _ in range(n)]
    for r in range(t.rounds):
        games: dict[int, list[tuple[int, int, float, str | None, int]]] = {}
        for p, (k, order) in team_of.items():
            q = t.opp[p][r]
            if q < 0:
                continue
            if q not in team_of:
                raise FileFormatError(_("player {number} of team {team} meets player {other}, who is in no team").format(
                    number=t.players[p].number, team=k + 1, other=t.players[q].number), Location(player=t.players[p].label(), round=r + 1))
            games.setdefault(k, []).append((order, team_of[q][0], t.pts[p][r], t.colour[p][r], t.kind[p][r]))
        for k, own in games.items():
            own.sort()
            others = {g[1] for g in own}
            if len(others) != 1:
                raise FileFormatError(_("team {team} meets more than one team in round {round}").format(team=k + 1, round=r + 1), Location(round=r + 1))
            opp = others.pop()
            points = tuple(g[2] for g in own[:boards])
            played = any(g[4] == int(Kind.PLAYED) for g in own)
            gp = sum(points)
            their = sum(g[2] for g in games.get(opp, [])[:boards])
            kind = Kind.PLAYED if played else Kind.FORFEIT_WIN if gp > their else Kind.FORFEIT_LOSS
            mp = sc.result(gp, their) if played else sc.unplayed(kind, boards)[0]
            forfeited = tuple(b for b, g in enumerate(own[:boards]) if g[4] != int(Kind.PLAYED)) if played else ()
            entries[k][r] = MatchEntry(r + 1, opp, own[0][3], kind, mp, gp, points if played else (), forfeited)
    return entries


def _unplayed(rec: _Records, team_index: dict[int, int], entries: list[list[MatchEntry | None]], boards: int, sc: MatchScoring) -> None:
    """Byes (320, 240) and forfeited matches (330) in place of what the players' lines say."""

    def index(team: int, line: int) -> int:
        if team not in team_index:
            raise _err(line, _("team {number} is not a team of this file (310)").format(number=team))
        return team_index[team]

    for (r, team), line in rec.pab.items():
        entries[index(team, line)][r - 1] = MatchEntry(r, None, None, Kind.PAIRING_BYE, *sc.unplayed(Kind.PAIRING_BYE, boards))
    for (r, team), (kind, line) in rec.byes.items():
        entries[index(team, line)][r - 1] = MatchEntry(r, None, None, kind, *sc.unplayed(kind, boards))
    for r, white, black, what, line in rec.forfeits:
        a, b = index(white, line), index(black, line)
        ka, kb = _FORFEIT[what]
        entries[a][r - 1] = MatchEntry(r, b, "w", ka, *sc.unplayed(ka, boards))
        entries[b][r - 1] = MatchEntry(r, a, "b", kb, *sc.unplayed(kb, boards))


def read_any_trf_file(path: str | os.PathLike[str]) -> Tournament:
    """A TRF file read as :func:`tiebreak.io.trf.read_trf_file` reads it; a team event (310 records) as the event of its teams."""
    p = checked_size(path, MAX_BYTES, _("a TRF file may be"))
    text, encoding = decode_trf(p.read_bytes())
    if not is_team_trf(text):
        return read_trf_file(p)
    try:
        t = settle(read_team_trf(text).tournament())
    except FileFormatError as err:
        raise FileFormatError(_("{path}: {problem}").format(path=p, problem=err)) from None
    t.layout = TrfSource(p.name, encoding)
    return t
