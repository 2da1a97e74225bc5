"""Differential test of the match-event tie-breaks against FIDE's checker (gacrux, a test-only dependency).

Random team events (tests/team_events.py: Swiss and round robin, 2-6 boards,
reserves, pairing-allocated byes, half-, full- and zero-point byes, matches
lost by forfeit, single boards forfeited) are written in the TRF team format;
tiebreak reads them with ``io.trf_team`` and gacrux with its own reader.  For
every team, every value code both programs compute must be equal, and for the
codes whose value is a place among the tied (TBR, BBE, EDE and its chains)
the places after them must be equal.  The rule set comes from the start date
(2025: fide-2024, 2026: fide-2026) and must be the one gacrux chose.
"""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from typing import Any

from gacrux import tiebreak as gacrux_tiebreak  # the test extra pins gacrux==1.11.65
from gacrux import trf2json as gacrux_trf2json
from team_events import Counts, make_team_event

import tiebreak
from tiebreak.core.numbers import half_up
from tiebreak.io.trf_team import read_team_trf

SEED = 20251201
VALUE_CODES = [
    "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "SB:MP", "SB:GP", "SB:GP/C1", "PS:MP", "WIN", "WON",
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "EGGSB/C1", "MPVGP", "BC", "SSSC",
    "KS:MP", "KS:GP", "STD", "PS:GP", "BH:GP/M1", "SB:MP/C1", "AOB:MP", "AOB:GP",
]
ROUNDED = {"AOB:MP", "AOB:GP"}
"""The checker rounds AOB to two decimals (with fewer than 9 rounds); tiebreak keeps it exact and shows two decimals."""
PLACE_LISTS = [["MPVGP", "TBR"], ["MPVGP", "BBE"], ["EDE"], ["EDEC"], ["EDET"], ["EDEB"], ["EDEBT"], ["EDEBB"], ["BC"], ["EMGSB", "BH:MP"], ["DE"], ["DE:GP"]]
GACRUX_RULES = {"2024-08-01": "fide-2024", "2026-03-01": "fide-2026"}


def gacrux_run(text: str, codes: list[str], round_robin: bool) -> tuple[str, dict[int, dict[str, Any]]]:
    chessfile = gacrux_trf2json.trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.chessjson["status"]["code"] <= 400, chessfile.chessjson["status"]
    t = chessfile.get_tournament(1)
    params = {"tiebreak": codes, "check": 0, "current_round": -1, "pre_determined": round_robin, "swiss": not round_robin, "unrated": None}
    tb = gacrux_tiebreak.tiebreak(copy.deepcopy(t), -1, params)
    result = tb.compute_tiebreaks(copy.deepcopy(t), params)
    rows = {}
    for comp in result["competitors"]:
        row: dict[str, Any] = {"rank": comp["rank"]}
        for code, value in zip(codes, comp["tiebreakScore"]):
            row[code] = float(value) if isinstance(value, (Decimal, int, float)) else value
        rows[comp["cid"]] = row
    return GACRUX_RULES[result["rules"]], rows


def _compare(events: int, round_robin: bool, primary: str) -> tuple[int, int, list[str], Counts, dict[str, int]]:
    rng = random.Random(SEED + (1 if round_robin else 0) + (2 if primary == "GP" else 0))
    compared, teams = 0, 0
    mismatches: list[str] = []
    total = Counts()
    rule_sets = {"fide-2024": 0, "fide-2026": 0}
    first, other = ("GPTS", "MPTS") if primary == "GP" else ("PTS", "GPTS")
    # on game points the checker counts WIN, WON and STD per game, as tiebreak does; per match they are WIN:MP, WON:MP, STD:MP
    codes_here = [*VALUE_CODES, *(["WIN:MP", "WON:MP", "STD:MP"] if primary == "GP" else [])]
    for index in range(events):
        text, counts = make_team_event(rng, index, round_robin, primary)
        for key in ("pab", "hpb", "fpb", "zpb", "forfeit", "board_forfeit", "reserves", "rematch"):
            setattr(total, key, getattr(total, key) + getattr(counts, key))
        total.boards |= counts.boards
        e = read_team_trf(text)
        assert e.primary == primary and (e.system == "round robin") == round_robin
        t = e.tournament()
        rules, theirs = gacrux_run(text, [first, other, *codes_here], round_robin)
        assert rules == e.rules, f"event {index}: gacrux used {rules}, tiebreak {e.rules}"
        rule_sets[rules] += 1
        ours = {code: tiebreak.values(t, code, rules) for code in codes_here}
        ours[first] = e.score(primary)
        ours[other] = e.score(e.secondary)
        number = {s.number: i for i, s in enumerate(e.sides)}
        teams += len(e.sides)
        for cid, row in theirs.items():
            i = number[cid]
            for code, mine in ours.items():
                compared += 1
                value = half_up(mine[i], 2) if code in ROUNDED and mine[i] is not None else mine[i]
                if value is None or abs(value - row[code]) > 1e-9:
                    mismatches.append(f"event {index} ({rules}) team {cid} {code}: tiebreak {mine[i]}, gacrux {row[code]}")
        for codes in PLACE_LISTS:
            _, ranks = gacrux_run(text, [first, *codes], round_robin)
            places = {s.player: s.place for s in tiebreak.rank(t, ", ".join(codes), rules).standings}
            for cid, row in ranks.items():
                compared += 1
                if places[number[cid]] != row["rank"]:
                    mismatches.append(f"event {index} ({rules}) team {cid} place after {first}, {', '.join(codes)}: tiebreak {places[number[cid]]}, gacrux {row['rank']}")
    return compared, teams, mismatches, total, rule_sets


def test_random_team_swiss_events_agree_with_gacrux() -> None:
    compared, teams, mismatches, counts, rule_sets = _compare(40, False, "MP")
    print(f"\nteam Swiss vs gacrux: {teams} teams, {compared} values and places compared; {rule_sets}; {counts}")
    assert not mismatches, f"{len(mismatches)} differences from gacrux, e.g.:\n" + "\n".join(mismatches[:25])
    assert rule_sets["fide-2024"] >= 15 and rule_sets["fide-2026"] >= 15
    assert min(counts.pab, counts.hpb, counts.fpb, counts.zpb, counts.forfeit, counts.board_forfeit, counts.reserves) >= 5, counts
    assert counts.boards == {2, 3, 4, 5, 6}
    assert compared == teams * (len(VALUE_CODES) + 2 + len(PLACE_LISTS))


def test_random_team_swiss_events_on_game_points_agree_with_gacrux() -> None:
    compared, teams, mismatches, counts, rule_sets = _compare(20, False, "GP")
    assert not mismatches, f"{len(mismatches)} differences from gacrux, e.g.:\n" + "\n".join(mismatches[:25])
    assert rule_sets["fide-2024"] >= 5 and rule_sets["fide-2026"] >= 5
    assert compared == teams * (len(VALUE_CODES) + 3 + 2 + len(PLACE_LISTS)) and teams >= 100


def test_random_team_round_robins_agree_with_gacrux() -> None:
    compared, teams, mismatches, counts, rule_sets = _compare(24, True, "MP")
    assert not mismatches, f"{len(mismatches)} differences from gacrux, e.g.:\n" + "\n".join(mismatches[:25])
    assert rule_sets["fide-2024"] >= 8 and rule_sets["fide-2026"] >= 8
    assert counts.pab >= 10  # odd numbers of teams: a bye a round
    assert compared == teams * (len(VALUE_CODES) + 2 + len(PLACE_LISTS))
