"""The few words the published page and the comparison print, in English and Russian.

One dictionary, looked up by :func:`text`; the words are gettext messages
(context ``page``), so their Russian lives in the message catalogue with every
other text.  Which language a table speaks is chosen in one place,
:func:`tiebreak.core.i18n.choose_language`.

>>> text("place", "ru"), text("place", "en")
('Место', 'Place')
>>> text("players", "ru", n=10), text("round", "en", n=3)
('участников: 10', 'R3')
"""

from __future__ import annotations

from tiebreak.core import i18n
from tiebreak.core.i18n import LazyString, lazy_pgettext, use_language

__all__ = ["LANGUAGES", "STANDINGS_HEAD", "TEXT", "standings_head", "text"]

LANGUAGES = i18n.LANGUAGES

TEXT: dict[str, LazyString] = {
    "standings": lazy_pgettext("page", "Standings"),
    "crosstable": lazy_pgettext("page", "Crosstable"),
    "place": lazy_pgettext("page", "Place"),
    # TRANSLATORS: the header of Rank's place column beside a table that has a place column of its own
    "tiebreak place": lazy_pgettext("page", "Place (tiebreak)"),
    "number": lazy_pgettext("page", "No."),
    "name": lazy_pgettext("page", "Name"),
    "points": lazy_pgettext("page", "Points"),
    "rating": lazy_pgettext("page", "Rating"),
    # TRANSLATORS: the heading of round {n}'s column in a Swiss crosstable
    "round": lazy_pgettext("page", "R{n}"),
    "rules": lazy_pgettext("page", "Rules"),
    "criteria": lazy_pgettext("page", "Criteria"),
    "notes": lazy_pgettext("page", "Notes"),
    "swiss": lazy_pgettext("page", "Swiss system"),
    "round robin": lazy_pgettext("page", "Round robin"),
    "players": lazy_pgettext("page", "{n} players"),
    "rounds": lazy_pgettext("page", "{n} rounds"),
    # TRANSLATORS: a bye in a crosstable cell, kept short
    "bye": lazy_pgettext("page", "bye"),
    # TRANSLATORS: the colour of the pieces in a crosstable cell: one letter for white, one for black
    "white": lazy_pgettext("page", "w"),
    "black": lazy_pgettext("page", "b"),
    "decided": lazy_pgettext("page", "Decided by"),
    "differs": lazy_pgettext("page", "Difference made by"),
    "tournament": lazy_pgettext("page", "Tournament"),
    "same": lazy_pgettext("page", "No player's place differs."),
    # TRANSLATORS: a match event's two scores, named with their FIDE abbreviation after them: "match points (MP)"
    "MP": lazy_pgettext("page", "match points (MP)"),
    "GP": lazy_pgettext("page", "game points (GP)"),
}
"""The words by key; each is translated in the language :func:`text` is asked for."""


STANDINGS_HEAD = ("place", "number", "name", "points")
"""The keys of the columns every printed or written standings table starts with; the criteria follow."""


def standings_head(lang: str) -> list[str]:
    """The first columns of standings in ``lang``: Rank's Standings sheet, the command line's table, CSV, the comparison.

    >>> standings_head("en"), standings_head("ru")
    (['Place', 'No.', 'Name', 'Points'], ['Место', '№', 'Участник', 'Очки'])
    """
    return [text(key, lang) for key in STANDINGS_HEAD]


def text(key: str, lang: str, **values: object) -> str:
    """The word for ``key`` in ``lang`` ('en' or 'ru'), with ``{n}``-style fields filled in."""
    with use_language(lang if lang in LANGUAGES else i18n.DEFAULT_LANGUAGE):
        s = str(TEXT[key])
    return s.format(**values) if values else s
