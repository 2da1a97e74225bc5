"""What Rank writes in a cell and how it recognises its own: labels, places, rounded values (imports tiebreak.core only)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain
from typing import Any

from tiebreak.core.criteria import CRITERIA, Criterion
from tiebreak.core.i18n import has_cyrillic
from tiebreak.core.labels import LANGUAGES, text
from tiebreak.core.numbers import shown
from tiebreak.core.text import compiled_later

__all__ = ["criterion_label", "decided_label", "display", "looks_like_ours", "looks_like_place", "place_headers", "place_label", "place_value", "table_labels"]

@cache
def place_label(lang: str, beside_own: bool = False) -> str:
    """Rank's place header in ``lang``; beside a table with a place column of its own, 'Place (tiebreak)' (never a second 'Place' beside the user's).

    Looked up when first needed, so that importing this module loads no catalogue.
    """
    return text("tiebreak place" if beside_own else "place", lang)


@cache
def place_headers() -> frozenset[str]:
    """Every header Rank gives its place column, in every language."""
    return frozenset(place_label(lang, own) for lang in LANGUAGES for own in (False, True))


@cache
def decided_label(lang: str) -> str:
    """The Standings sheet's header of the column saying which criterion decided a place."""
    return text("decided", lang)


_PLACE = compiled_later(r"\d+(?:\s*[–-]\s*\d+)?\Z")
_NUMBERS = compiled_later(r"-?\d+(?:[.,]\d+)?(?: -?\d+(?:[.,]\d+)?)+\Z")  # the "order" column's results


def place_value(label: str) -> Any:
    """A place as Rank writes it: ``3`` as a number, a shared ``3-4`` as text."""
    return int(label) if label.isdigit() else label


def display(v: Any, c: Criterion | None) -> Any:
    """A value as Rank writes it: rounded half up to the criterion's decimals (as the command line
    shows it, :func:`tiebreak.core.numbers.shown`), whole numbers as integers."""
    return shown(v, 2 if c is None else c.decimals)


def criterion_label(c: Criterion, lang: str) -> str:
    """A criterion's column header in the language of what Rank writes."""
    return c.name_ru if lang == "ru" else c.name


def table_labels(grid: Sequence[Sequence[Any]]) -> list[str]:
    """The table's texts that tell its language: headers and names (a lone letter, such as a diagonal's X, does not).

    Only Cyrillic tells one (:func:`tiebreak.core.i18n.table_language`): a table with no Cyrillic
    letter in any text, seen once over all of them, has none to tell, and none are listed.
    """
    texts = list(filter(str.__instancecheck__, chain.from_iterable(grid)))
    if not has_cyrillic("\n".join(texts)):
        return []
    return [v for v in texts if len(v) > 1 and (not (v[0].isspace() or v[-1].isspace()) or len(v.strip()) > 1)]


def looks_like_place(text: str) -> bool:
    """Whether a text reads as a place (``3``, ``3-4``)."""
    return _PLACE.match(text.strip()) is not None


def looks_like_ours(v: Any) -> bool:
    """Whether a value is of a kind Rank writes: a number, a place, the order's results, a header of its own."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return True
    if not isinstance(v, str):
        return False
    t = v.strip()
    if _PLACE.match(t) or _NUMBERS.match(t) or t in place_headers():
        return True
    if any(t in (c.name, c.name_ru) for c in CRITERIA.values()):
        return True
    try:
        float(t.replace(",", "."))
    except ValueError:
        return False
    return True
