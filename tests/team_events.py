"""Random team events written in FIDE's TRF team format (records 001, 310, 320, 240, 330, 352, 362, 192).

Used by the differential test against FIDE's checker (tests/test_match_differential.py).
Each event: 4-14 teams of 2-6 boards (a team may have up to two reserves, who
play in team order when a regular sits out), Swiss rounds paired inside score
groups without rematches where possible, or a single round robin; a
pairing-allocated bye (record 320) for the odd team out, requested half-,
full- and zero-point byes (record 240), matches lost by forfeit (record 330),
and single boards forfeited inside a played match.  The start date alternates
between 2025 and 2026, so both fide-2024 and fide-2026 apply.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from helpers import pair_by_order

GAME = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
OTHER = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}


@dataclass
class Counts:
    pab: int = 0
    hpb: int = 0
    fpb: int = 0
    zpb: int = 0
    forfeit: int = 0
    board_forfeit: int = 0
    reserves: int = 0
    rematch: int = 0
    boards: set[int] = field(default_factory=set)


def _berger(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for n teams (n even; a team n-1 that is None is the bye)."""
    teams = list(range(n))
    rounds = []
    for _r in range(n - 1):
        rounds.append([(teams[i], teams[n - 1 - i]) for i in range(n // 2)])
        teams = [teams[0], teams[-1], *teams[1:-1]]
    return rounds


def make_team_event(
    rng: random.Random, index: int, round_robin: bool = False, primary: str = "MP", pab_won: bool = False, teams: int | None = None, board_forfeits: bool = True
) -> tuple[str, Counts]:
    """A random team event as TRF text, and what it contains (``primary`` "GP": record 192 says game points come first)."""
    counts = Counts()
    n = rng.randint(4, 8) if round_robin else rng.randint(5, 14)
    n = teams or n
    boards = rng.randint(2, 6)
    counts.boards.add(boards)
    sizes = [boards + (rng.choice([0, 0, 1, 2]) if not round_robin else 0) for _ in range(n)]
    first: list[int] = []
    number = 1
    for s in sizes:
        first.append(number)
        number += s
    players = number - 1
    cells: list[list[str | None]] = [[None] * 30 for _ in range(players)]
    ppoints = [0.0] * players
    mp = [0.0] * n
    gp = [0.0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    pab: dict[int, list[int]] = {}
    byes: dict[tuple[str, int], list[int]] = {}
    forfeits: list[tuple[str, int, int, int]] = []
    pab_points = (rng.choice([1.0, 2.0]), float(rng.choice([boards / 2, boards])))
    if pab_won:  # the pairing-allocated bye as a won match with every game won (a table's default)
        pab_points = (2.0, float(boards))
    if round_robin:
        schedule = _berger(n if n % 2 == 0 else n + 1)
        rounds = len(schedule)
    else:
        rounds = rng.randint(4, 7)
    for r in range(rounds):
        if round_robin:
            pairs = [(a, b) for a, b in schedule[r] if a < n and b < n]
            free = [t for a, b in schedule[r] for t in (a, b) if t < n and (b >= n or a >= n)]
            for t in free:
                pab.setdefault(t, []).append(r + 1)
                mp[t] += pab_points[0]
                gp[t] += pab_points[1]
                counts.pab += 1
        else:
            present = []
            for t in range(n):
                u = rng.random()
                kind = "H" if u < 0.04 else "F" if u < 0.06 else "Z" if u < 0.09 else None
                if kind is None:
                    present.append(t)
                    continue
                byes.setdefault((kind, r + 1), []).append(t)
                mp[t] += {"H": 1.0, "F": 2.0, "Z": 0.0}[kind]
                gp[t] += {"H": boards * 0.5, "F": boards * 1.0, "Z": 0.0}[kind]
                setattr(counts, {"H": "hpb", "F": "fpb", "Z": "zpb"}[kind], getattr(counts, {"H": "hpb", "F": "fpb", "Z": "zpb"}[kind]) + 1)
            order = sorted(present, key=lambda t: (-mp[t], -gp[t], rng.random()))
            if len(order) % 2:
                had = {t for t, rs in pab.items()}
                bye = next((t for t in reversed(order) if t not in had), order[-1])
                order.remove(bye)
                pab.setdefault(bye, []).append(r + 1)
                mp[bye] += pab_points[0]
                gp[bye] += pab_points[1]
                counts.pab += 1
            found = pair_by_order(order, met, [5000])
            if found is None:
                found = list(zip(order[0::2], order[1::2]))
                counts.rematch += sum(1 for a, b in found if b in met[a])
            pairs = found
        for a, b in pairs:
            if rng.random() < 0.5:
                a, b = b, a
            met[a].add(b)
            met[b].add(a)
            if not round_robin and rng.random() < 0.06:
                kind = rng.choice(["+-", "-+"])
                forfeits.append((kind, r + 1, a, b))
                counts.forfeit += 1
                wa = kind == "+-"
                mp[a] += 2.0 if wa else 0.0
                mp[b] += 0.0 if wa else 2.0
                gp[a] += boards if wa else 0.0
                gp[b] += 0.0 if wa else boards
                line_a = _line_up(rng, first[a], sizes[a], boards, counts)
                line_b = _line_up(rng, first[b], sizes[b], boards, counts)
                for k in range(boards):  # the players' lines show the forfeit on every board
                    pa, pb = line_a[k], line_b[k]
                    ca, cb = ("w", "b") if k % 2 == 0 else ("b", "w")
                    cells[pa - 1][r] = f"{pb:4d} {ca} {kind[0]}"
                    cells[pb - 1][r] = f"{pa:4d} {cb} {kind[1]}"
                    ppoints[pa - 1] += GAME[kind[0]]
                    ppoints[pb - 1] += GAME[kind[1]]
                continue
            line_a = _line_up(rng, first[a], sizes[a], boards, counts)
            line_b = _line_up(rng, first[b], sizes[b], boards, counts)
            ga = gb = 0.0
            played_any = False
            for k in range(boards):
                pa, pb = line_a[k], line_b[k]
                white_a = k % 2 == 0
                u = rng.random()
                if board_forfeits and u < 0.04 and (played_any or k < boards - 1):
                    res = rng.choice(["+", "-"])
                    counts.board_forfeit += 1
                else:
                    res = rng.choice(["1", "1", "=", "=", "0", "0"])
                    played_any = True
                ca, cb = ("w", "b") if white_a else ("b", "w")
                cells[pa - 1][r] = f"{pb:4d} {ca} {res}"
                cells[pb - 1][r] = f"{pa:4d} {cb} {OTHER[res]}"
                ppoints[pa - 1] += GAME[res]
                ppoints[pb - 1] += GAME[OTHER[res]]
                ga += GAME[res]
                gb += GAME[OTHER[res]]
            gp[a] += ga
            gp[b] += gb
            mp[a] += 2.0 if ga > gb else 1.0 if ga == gb else 0.0
            mp[b] += 2.0 if gb > ga else 1.0 if ga == gb else 0.0
    year = 2025 if index % 2 == 0 else 2026
    kind = "FIDE_TEAM_ROUNDROBIN" if round_robin else "FIDE_TEAM_GP_MP" if primary == "GP" else "FIDE_TEAM_MP_GP"
    seq = "".join("WB"[k % 2] for k in range(boards))
    lines = [f"012 Random team event {index}", f"042 {year}/06/01", f"092 {'Round robin' if round_robin else 'Swiss'}", f"192 {kind}", f"XXR {rounds}"]
    lines.append("352 " + seq)
    lines.append("362 " + "".join(f" {s}{v:4.1f}   " for s, v in (("W", 2.0), ("D", 1.0), ("L", 0.0))).rstrip())
    for p in range(players):
        own = cells[p][:rounds]
        last = max((k for k, c in enumerate(own) if c is not None), default=-1)
        parts = [c if c is not None else "        " for c in own[: last + 1]]
        head = f"001 {p + 1:4d} m    {'Player ' + str(p + 1):<33} {rng.randint(1400, 2400):4d}".ljust(80) + f"{ppoints[p]:4.1f} {0:4d}"
        lines.append((head.ljust(91) + "  ".join(parts)).rstrip())
    for t in range(n):
        members = "".join(f" {first[t] + k:4d}" for k in range(sizes[t]))
        lines.append(f"310 {t + 1:3d} {'Team ' + str(t + 1):<32} {'':5} {'':6} {mp[t]:6.1f} {gp[t]:6.1f} {0:3d} " + members)
    if pab:
        cols = ["   "] * rounds
        for t, rs in pab.items():
            for r in rs:
                cols[r - 1] = f"{t + 1:3d}"
        lines.append(f"320 {pab_points[0]:4.1f} {pab_points[1]:4.1f}" + "".join(" " + c for c in cols).rstrip())
    for (kind_, r), teams in sorted(byes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        lines.append(f"240 {kind_} {r:3d}" + "".join(f" {t + 1:4d}" for t in teams))
    for kind_, r, a, b in forfeits:
        lines.append(f"330 {kind_} {r:3d} {a + 1:3d} {b + 1:3d}")
    return "\n".join(lines) + "\n", counts


def _line_up(rng: random.Random, first: int, size: int, boards: int, counts: Counts) -> list[int]:
    """The team's players on boards 1..boards this round: regulars, a reserve in for a regular now and then, in team order."""
    members = list(range(first, first + size))
    if size > boards and rng.random() < 0.5:
        out = rng.sample(members[:boards], size - boards)
        counts.reserves += 1
        return [m for m in members if m not in out][:boards]
    return members[:boards]
