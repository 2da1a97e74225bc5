"""The settings the Rank button and ``tiebreak rank`` keep in the workbook itself (imports tiebreak.core and plan.model/cells).

A sheet named ``tiebreak`` holds them as label/value rows, readable and
editable by a person, with English or Russian labels::

    A                                B
    tiebreak settings / настройки
    Rule set / Правила               ru
    Criteria / Критерии              solkoff_trunc, wins, h2h, beaten, order, ratings
    Scoring / Очки за партию         auto
    Language / Язык                  auto
    Output / Вывод                   Sheet1!N1:S1       (written by Rank)

followed by the list of criteria codes.  Rank fills in the defaults the first
time it runs; later runs read what the user changed.  A row
``After round / После тура`` with a round number, added by the user, ranks
the event as it stood after that round (empty or absent: as it stands).
Rows ``Event / Турнир`` (individual, team, micro), ``Match scoring / Очки за
матч`` (3/1/0; default 2/1/0) and ``Primary score / Основные очки`` (MP, GP),
added by the user, say what a match event is (empty or absent: read from the
table, the defaults).

>>> s = Settings.from_grid([["Правила", "fide-2024"], ["Критерии", "BH/C1, BH, SB"]])
>>> s.rules, [c.code for c in s.criteria_list()]
('fide-2024', ['BH/C1', 'BH', 'SB'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.criteria import (
    CRITERIA,
    Criterion,
    default_criteria,
    get_criterion,
    parse_criteria,
)
from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.match import MatchSettings, default_codes
from tiebreak.core.model import Scoring, Tournament
from tiebreak.core.record import Record
from tiebreak.core.rules import DEFAULT_RULES, RULE_SETS, get_rules
from tiebreak.plan.cells import cell_at
from tiebreak.plan.model import Write

__all__ = ["SETTINGS_SHEET", "Settings", "settings_grid", "settings_updates"]

SETTINGS_SHEET = "tiebreak"

_KEYS = {
    "match_scoring": ("match scoring", "match points", "очки за матч", "командные очки"),
    "event": ("event", "турнир", "вид турнира"),
    "primary": ("primary score", "primary", "основные очки"),
    "rules": ("rule set", "rules", "правила", "регламент", "набор правил"),
    "criteria": ("criteria", "critera", "критерии", "тай-брейки", "tie-breaks", "tiebreaks", "дополнительные показатели"),
    "scoring": ("scoring", "points per game", "очки за партию", "система очков", "очки"),
    "language": ("language", "язык"),
    "output": ("output", "вывод"),
    "compare": ("compare", "compare with", "сравнить", "сравнить с", "сравнение"),
    "outlook": ("outlook", "прогноз"),
    "after_round": ("after round", "после тура"),
    "plus": ("plus means", "плюс означает"),
}
LABELS = {
    "rules": "Rule set / Правила",
    "criteria": "Criteria / Критерии",
    "scoring": "Scoring / Очки за партию",
    "language": "Language / Язык",
    "output": "Output / Вывод",
    "compare": "Compare / Сравнить",
    "outlook": "Outlook / Прогноз",
    "after_round": "After round / После тура",
    "plus": "Plus means / Плюс означает",
    "event": "Event / Турнир",
    "match_scoring": "Match scoring / Очки за матч",
    "primary": "Primary score / Основные очки",
}


def _which(label: Any) -> str | None:
    if not isinstance(label, str):
        return None
    t = " ".join(label.casefold().replace("ё", "е").split())
    for key, words in _KEYS.items():
        for w in words:
            if t == w or t.startswith((w + " ", w + "/", w + ":")) or (" / " in t and w in t.split(" / ")):
                return key
    return None


class Settings(Record):
    rules: str = DEFAULT_RULES
    criteria: str = ""
    """Comma-separated codes; empty means the default of rule 1.13.3."""
    scoring: str = "auto"
    language: str = "auto"
    output: str = ""
    """Where Rank wrote its columns last time (``Sheet!N1:S1``)."""
    compare: str = ""
    """Rule sets to compare the ranking with (``fide-2024`` or ``ru, fide-2024``): Rank then writes a Compare sheet."""
    after_round: str = ""
    """Rank the event as it stood after this round (empty: as it stands now)."""
    outlook: str = ""
    """yes: Rank also writes the Outlook sheet (who can still win); empty or no: it does not."""
    plus: str = ""
    """What + and − beside an opponent mean: win (won and lost games), forfeit, or empty/auto (read from the table)."""
    event: str = ""
    """individual, team or micro (empty or auto: read from the table): a match event is read as one even without MP and GP columns."""
    match_scoring: str = ""
    """Match points of a won/drawn/lost match (empty or auto: 2/1/0)."""
    primary: str = ""
    """MP or GP: the score that ranks a match event (empty or auto: MP for teams, GP for micro-matches)."""
    present: bool = False
    """Whether the workbook had settings (False: defaults, to be written)."""
    found: dict[str, int]
    """Row (0-based) of each setting in the settings grid."""

    _fields = (
        "rules", "criteria", "scoring", "language", "output", "compare", "after_round", "outlook", "plus", "event",
        "match_scoring", "primary", "present", "found",
    )

    def __init__(
        self,
        rules: str = DEFAULT_RULES,
        criteria: str = "",
        scoring: str = "auto",
        language: str = "auto",
        output: str = "",
        compare: str = "",
        after_round: str = "",
        outlook: str = "",
        plus: str = "",
        event: str = "",
        match_scoring: str = "",
        primary: str = "",
        present: bool = False,
        found: dict[str, int] | None = None,
    ) -> None:
        self.rules = rules
        self.criteria = criteria
        self.scoring = scoring
        self.language = language
        self.output = output
        self.compare = compare
        self.after_round = after_round
        self.outlook = outlook
        self.plus = plus
        self.event = event
        self.match_scoring = match_scoring
        self.primary = primary
        self.present = present
        self.found = {} if found is None else found

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[Any]] | None) -> Settings:
        s = cls()
        if not grid:
            return s
        s.present = True
        for r, row in enumerate(grid):
            if not row:
                continue
            key = _which(row[0])
            if key is None or key in s.found:
                continue
            value = next((v for v in row[1:] if v not in (None, "")), "")
            s.found[key] = r
            text = "" if value is None else (f"{value:g}" if isinstance(value, float) else str(value)).strip()
            if key == "rules":
                s.rules = text or DEFAULT_RULES
            elif key == "criteria":
                s.criteria = text
            elif key == "scoring":
                s.scoring = text or "auto"
            elif key == "language":
                s.language = text or "auto"
            elif key == "output":
                s.output = text
            elif key == "compare":
                s.compare = text
            elif key == "outlook":
                s.outlook = text
            elif key in ("plus", "event", "match_scoring", "primary"):
                setattr(s, key, text)
            elif key == "after_round":  # column B only: a note beside an empty value is no round number
                b = row[1] if len(row) > 1 else None
                s.after_round = "" if b is None else (f"{b:g}" if isinstance(b, float) else str(b)).strip()
        return s

    def validate(self) -> None:
        get_rules(self.rules)
        if self.criteria.strip():
            parse_criteria(self.criteria)
        self.scoring_value()
        for name in self.compare.split(","):
            if name.strip():
                get_rules(name.strip())
        self.after_round_value()
        self.wants_outlook()
        self.plus_value()
        self.match_value()
        if self.language.strip().casefold() not in ("auto", "en", "ru", "english", "russian", "русский", "английский", ""):
            raise SettingsError(_("settings: language '{value}' must be auto, en or ru").format(value=self.language))

    def wants_outlook(self) -> bool:
        """Whether the Outlook option is on (yes, да, 1, true); empty or no is off, anything else an error."""
        value = self.outlook.strip().casefold()
        if value in ("yes", "y", "да", "1", "true", "истина", "on"):
            return True
        if value in ("", "no", "n", "нет", "0", "false", "ложь", "off"):
            return False
        raise SettingsError(_("settings: Outlook '{value}' must be yes or no").format(value=self.outlook))

    def plus_value(self) -> str | None:
        """What the Plus means row says + means: 'win', 'forfeit', or None (empty or auto: read from the table).

        >>> Settings(plus="Победа").plus_value(), Settings(plus="forfeit").plus_value(), Settings().plus_value()
        ('win', 'forfeit', None)
        """
        value = self.plus.strip().casefold()
        if not value:
            return None
        if value not in g.PLUS_MEANS:
            raise SettingsError(_("settings: Plus means '{value}' must be win, forfeit or auto").format(value=self.plus))
        return g.PLUS_MEANS[value]

    def match_value(self) -> MatchSettings:
        """What the Event, Match scoring and Primary score rows say (:class:`~tiebreak.core.match.MatchSettings`).

        >>> Settings(event="Команды", match_scoring="3/1/0", primary="GP").match_value()
        MatchSettings(event='team', match=Scoring(win=3.0, draw=1.0, loss=0.0), primary='GP')
        """
        try:
            return MatchSettings.parse(self.event, self.match_scoring, self.primary)
        except SettingsError as err:
            raise SettingsError(_("settings: {error}").format(error=err)) from None

    def scoring_value(self) -> Scoring | None:
        text = self.scoring.strip()
        if text.casefold() in ("", "auto", "авто"):
            return None
        try:
            return Scoring.parse(text)
        except SettingsError as err:
            raise SettingsError(_("settings: {error}").format(error=err)) from None

    def after_round_value(self) -> int | None:
        """The round the After round row asks to rank after, or None (empty: as the event stands)."""
        text = self.after_round.strip()
        if not text:
            return None
        try:
            k = int(float(text.replace(",", ".")))
        except ValueError:
            k = 0
        if k < 1 or str(k) != text.split(".")[0].split(",")[0]:
            raise SettingsError(_("settings: after round '{value}' must be a round number, or empty for the event as it stands").format(value=self.after_round))
        return k

    def criteria_list(self, round_robin: bool = False, t: Tournament | None = None) -> list[Criterion]:
        """The criteria the row lists; empty: rule 1.13.3's, or for a team event ``t`` the club criteria for teams (:func:`~tiebreak.core.match.default_codes`)."""
        if self.criteria.strip():
            return parse_criteria(self.criteria)
        team = default_codes(t) if t is not None else None
        if team is not None:
            return [get_criterion(c) for c in team]
        return default_criteria(round_robin=round_robin)



def settings_grid(s: Settings, criteria_text: str) -> list[list[Any]]:
    """The settings sheet's content: the settings, then a table of the criteria codes."""
    rows: list[list[Any]] = [
        ["tiebreak settings / настройки tiebreak", "", ""],
        [LABELS["rules"], s.rules, _("One of: {names}").format(names=", ".join(RULE_SETS))],
        [LABELS["criteria"], criteria_text, _("After points, in order; codes below (English or Russian names work too).")],
        [LABELS["scoring"], s.scoring, _("auto, 1/0.5/0, 2/1/0, 3/1/0 or any win/draw/loss")],
        [LABELS["language"], s.language, _("auto, en or ru: the language of what Rank writes and says, and of the worksheet functions' messages")],
        [LABELS["output"], s.output, _("Written by Rank: where its columns are. Do not edit.")],
        ["", "", ""],
        ["Code / Код", "Criterion", "Критерий"],
    ]
    for code, c in CRITERIA.items():
        if "/" in code and code not in ("BH/C1", "BH/M1", "SB/C1", "ARO/C1", "PS/C1"):
            continue
        rows.append([code, c.name, c.name_ru])
    return rows


def settings_updates(existing: Sequence[Sequence[Any]], s: Settings, sheet: str = SETTINGS_SHEET) -> list[Write]:
    """The writes putting the effective values into the existing settings sheet's (``sheet``'s) value cells."""
    found = Settings.from_grid(existing).found
    writes: list[Write] = []
    end = len(existing)
    values = {"rules": s.rules, "criteria": s.criteria, "scoring": s.scoring, "language": s.language, "output": s.output}
    for key, value in values.items():
        if key in found:
            current = cell_at(existing, found[key], 1)
            if current != value:
                writes.append(Write(sheet, found[key] + 1, 2, [[value]]))
        else:
            end += 1
            writes.append(Write(sheet, end, 1, [[LABELS[key], value]]))
    return writes
