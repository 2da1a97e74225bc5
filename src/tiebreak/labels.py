"""The few words the published page and the comparison print, in English and Russian.

One dictionary, looked up by :func:`text`, so that a message catalogue
(gettext) can replace it without touching the pages that use it.  The
language of a table is Russian when its names or column labels are written
in Cyrillic, English otherwise (:func:`table_language`).

>>> text("place", "ru"), text("place", "en")
('Место', 'Place')
>>> table_language(["Иванов", "Smith"]), table_language(["Smith", "No"])
('ru', 'en')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["LANGUAGES", "TEXT", "table_language", "text"]

LANGUAGES = ("en", "ru")

TEXT: dict[str, dict[str, str]] = {
    "standings": {"en": "Standings", "ru": "Итоговая таблица"},
    "crosstable": {"en": "Crosstable", "ru": "Турнирная таблица"},
    "place": {"en": "Place", "ru": "Место"},
    "number": {"en": "No.", "ru": "№"},
    "name": {"en": "Name", "ru": "Участник"},
    "points": {"en": "Points", "ru": "Очки"},
    "rating": {"en": "Rating", "ru": "Рейтинг"},
    "round": {"en": "R{n}", "ru": "{n} тур"},
    "rules": {"en": "Rules", "ru": "Правила"},
    "criteria": {"en": "Criteria", "ru": "Критерии"},
    "notes": {"en": "Notes", "ru": "Примечания"},
    "swiss": {"en": "Swiss system", "ru": "Швейцарская система"},
    "round robin": {"en": "Round robin", "ru": "Круговая система"},
    "players": {"en": "{n} players", "ru": "участников: {n}"},
    "rounds": {"en": "{n} rounds", "ru": "туров: {n}"},
    "bye": {"en": "bye", "ru": "б/п"},
    "white": {"en": "w", "ru": "б"},
    "black": {"en": "b", "ru": "ч"},
    "decided": {"en": "Decided by", "ru": "Решено по"},
    "differs": {"en": "Difference made by", "ru": "Разница по"},
    "tournament": {"en": "Tournament", "ru": "Турнир"},
}


def text(key: str, lang: str, **values: object) -> str:
    """The word for ``key`` in ``lang`` ('en' or 'ru'), with ``{n}``-style fields filled in."""
    words = TEXT[key]
    s = words.get(lang, words["en"])
    return s.format(**values) if values else s


def table_language(samples: Iterable[str]) -> str:
    """'ru' when any of the names or labels is written in Cyrillic, else 'en'."""
    return "ru" if any(re.search(r"[а-яёА-ЯЁ]", s or "") for s in samples) else "en"
