"""Differential test against FIDE's tie-break checker (gacrux, a test-only dependency).

Random Swiss events are generated with a fixed seed: 8–40 players, 5–9 rounds,
pairings inside score groups without rematches (a small backtracking search;
rematches only where it finds no way round them, as in 8 players × 9 rounds),
pairing-allocated byes (odd
player counts), forfeits (+/−), requested half- and zero-point byes (H, Z) and
withdrawals (absent from some round to the end).  Each event is written as
TRF-16 text; its start date alternates between 2025 and 2026, so both
``fide-2024`` and ``fide-2026`` are exercised (the rule set comes from 042,
``t.rules``).

For every player, tiebreak's BH, BH/C1, BH/M1, SB, WIN and WON must equal
gacrux's, and the place after PTS, BH/C1, BH, SB, WIN (the start of a shared
place) must equal gacrux's rank.  gacrux runs in-process: ``trf2json`` parses
the text, ``tiebreak`` computes with ``swiss=True, pre_determined=False``
given explicitly (gacrux would otherwise guess the system from the player
count), FB is never requested (it leaks state into later codes), and XXR
always equals the rounds played (a larger XXR gives gacrux phantom rounds).
"""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from typing import Any

from gacrux import tiebreak as gacrux_tiebreak  # the test extra pins gacrux==1.11.65
from gacrux import trf2json as gacrux_trf2json

import tiebreak
from helpers import pair_by_order
from tiebreak.io.trf import read_trf

SEED = 20240801
EVENTS = 60
CODES = ["BH", "BH/C1", "BH/M1", "SB", "WIN", "WON"]
RANK_CODES = ["BH/C1", "BH", "SB", "WIN"]
POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0}


# ------------------------------------------------------------------------------ generator
def make_event(rng: random.Random, index: int) -> tuple[str, dict[str, int]]:
    """A random Swiss as TRF-16 text, and counts of what it contains."""
    n = rng.randint(8, 40)
    if index % 3 != 2 and n % 2 == 0:
        n += 1 if n < 40 else -1  # mostly odd: a pairing bye in most rounds
    rounds = rng.randint(5, 9)
    withdrawn = {p: rng.randint(2, rounds) for p in rng.sample(range(n), rng.randint(0, 2))}
    cells: list[list[str | None]] = [[None] * rounds for _ in range(n)]
    score = [0.0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    had_bye: set[int] = set()
    stats = {"pab": 0, "forfeit": 0, "hpb": 0, "zpb": 0, "withdrawn": len(withdrawn), "rematch": 0}
    for r in range(rounds):
        present = []
        for p in range(n):
            if p in withdrawn and r + 1 >= withdrawn[p]:
                continue  # absent to the end (a blank or a truncated cell)
            u = rng.random()
            if u < 0.04:
                cells[p][r] = "0000 - H"
                score[p] += 0.5
                stats["hpb"] += 1
            elif u < 0.07:
                cells[p][r] = "0000 - Z"
                stats["zpb"] += 1
            else:
                present.append(p)
        order = sorted(present, key=lambda p: (-score[p], rng.random()))
        if len(order) % 2:
            bye = next((p for p in reversed(order) if p not in had_bye), order[-1])
            order.remove(bye)
            had_bye.add(bye)
            cells[bye][r] = "0000 - U"
            score[bye] += 1.0
            stats["pab"] += 1
        pairs = pair_by_order(order, met, [20000])
        if pairs is None:  # no rematch-free pairing found: pair in order
            pairs = list(zip(order[0::2], order[1::2]))
            stats["rematch"] += sum(1 for a, b in pairs if b in met[a])
        for a, b in pairs:
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            u = rng.random()
            if u < 0.06:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
                stats["forfeit"] += 1
            elif u < 0.45:
                rw, rb = "1", "0"
            elif u < 0.70:
                rw, rb = "=", "="
            else:
                rw, rb = "0", "1"
            cells[white][r] = f"{black + 1:4d} w {rw}"
            cells[black][r] = f"{white + 1:4d} b {rb}"
            score[white] += POINTS[rw]
            score[black] += POINTS[rb]
            met[a].add(b)
            met[b].add(a)
    year = 2025 if index % 2 == 0 else 2026
    lines = [f"012 Random Swiss {index}", f"042 {year}/06/01", f"062 {n}", "092 Swiss", f"XXR {rounds}"]
    for p in range(n):
        own = cells[p]
        last = max((k for k, c in enumerate(own) if c is not None), default=-1)
        if p in withdrawn and rng.random() < 0.5:
            # the rounds after the withdrawal written out as blank cells instead of a short line
            last = rounds - 1
        parts = [c if c is not None else "        " for c in own[: last + 1]]
        head = f"001 {p + 1:4d} m    {'Player ' + str(p + 1):<33} {rng.randint(1400, 2400):4d}".ljust(80)
        head += f"{score[p]:4.1f} {p + 1:4d}"
        lines.append((head.ljust(91) + "  ".join(parts)).rstrip())
    return "\n".join(lines) + "\n", stats


# ------------------------------------------------------------------------------ oracle
def gacrux_run(tournament: dict[str, Any], codes: list[str]) -> tuple[str, dict[int, dict[str, Any]]]:
    t = copy.deepcopy(tournament)  # compute_tiebreaks mutates the tournament
    params = {"tiebreak": ["PTS", *codes], "check": 0, "current_round": -1, "pre_determined": False, "swiss": True, "unrated": None}
    tb = gacrux_tiebreak.tiebreak(t, -1, params)
    result = tb.compute_tiebreaks(t, params)
    rows = {}
    for comp in result["competitors"]:
        row: dict[str, Any] = {"rank": comp["rank"]}
        for code, value in zip(params["tiebreak"], comp["tiebreakScore"]):
            row[code] = None if value is None else float(value) if isinstance(value, (Decimal, int, float)) else value
        rows[comp["cid"]] = row
    return result["rules"], rows


def gacrux_parse(text: str) -> dict[str, Any]:
    chessfile = gacrux_trf2json.trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.chessjson["status"]["code"] <= 400, chessfile.chessjson["status"]
    return chessfile.get_tournament(1)


GACRUX_RULES = {"fide-2024": "2024-08-01", "fide-2026": "2026-03-01"}


def test_random_swiss_events_agree_with_gacrux() -> None:
    rng = random.Random(SEED)
    compared = 0
    players_total = 0
    totals = {"pab": 0, "forfeit": 0, "hpb": 0, "zpb": 0, "withdrawn": 0, "rematch": 0}
    rule_sets = {"fide-2024": 0, "fide-2026": 0}
    mismatches: list[str] = []
    for index in range(EVENTS):
        text, stats = make_event(rng, index)
        for key in totals:
            totals[key] += stats[key]
        t = read_trf(text)
        assert t.system == "swiss" and t.rules in rule_sets
        rule_sets[t.rules] += 1
        g = gacrux_parse(text)
        rules_used, values = gacrux_run(g, CODES)
        assert rules_used == GACRUX_RULES[t.rules], f"event {index}: gacrux used {rules_used}, tiebreak {t.rules}"
        _, ranks = gacrux_run(g, RANK_CODES)
        ours = {code: tiebreak.values(t, code, t.rules) for code in CODES}
        places = {s.player: s.place for s in tiebreak.rank(t, ", ".join(RANK_CODES), t.rules).standings}
        players_total += len(t.players)
        for i, player in enumerate(t.players):
            row = values[player.number]
            if row["PTS"] != t.points[i]:
                mismatches.append(f"event {index} ({t.rules}) No. {player.number} PTS: tiebreak {t.points[i]}, gacrux {row['PTS']}")
            for code in CODES:
                mine, theirs = ours[code][i], row[code]
                same = (mine is None and theirs is None) or (mine is not None and theirs is not None and abs(mine - theirs) < 1e-9)
                if not same:
                    mismatches.append(f"event {index} ({t.rules}) No. {player.number} {code}: tiebreak {mine}, gacrux {theirs}")
                compared += 1
            if places[i] != ranks[player.number]["rank"]:
                mismatches.append(f"event {index} ({t.rules}) No. {player.number} place: tiebreak {places[i]}, gacrux {ranks[player.number]['rank']}")
            compared += 1
    print(
        f"\ngacrux differential: {EVENTS} events, {players_total} players, {compared} values and places compared; "
        f"rule sets {rule_sets}; pairing byes {totals['pab']}, forfeits {totals['forfeit']}, half-point byes {totals['hpb']}, "
        f"zero-point byes {totals['zpb']}, withdrawals {totals['withdrawn']}, rematches {totals['rematch']}"
    )
    assert not mismatches, f"{len(mismatches)} differences from gacrux, e.g.:\n" + "\n".join(mismatches[:25])
    # the events really contain what they are meant to test, under both rule sets
    assert rule_sets["fide-2024"] >= 25 and rule_sets["fide-2026"] >= 25
    assert min(totals["pab"], totals["forfeit"], totals["hpb"], totals["zpb"], totals["withdrawn"]) >= 20, totals
    assert compared == players_total * (len(CODES) + 1)
    assert compared >= 50 * 8 * (len(CODES) + 1)
