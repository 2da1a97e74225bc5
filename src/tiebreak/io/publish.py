"""The standings as one self-contained web page (``tiebreak rank FILE --format html``).

The page holds everything inline (CSS, no scripts, no images, no fonts):
the standings with the criteria columns and shared places (``3–4``), then
the crosstable (a round robin as its matrix, a Swiss as round columns
``12w1``).  Wide tables scroll sideways on a phone with the name column kept
in view; printed, the page goes landscape on A4 with a small font so that
up to 20 players fit on one sheet.  Every name and label is HTML-escaped;
the labels are English or Russian after the table's own language
(:mod:`tiebreak.core.labels`).

>>> from tiebreak.reading import read_table
>>> from tiebreak.core.ranking import rank
>>> t = read_table([["Name", 1, 2], ["Ann <A>", "X", "½"], ["Bob", "½", "X"]])
>>> page = html_page(rank(t, "wins"), "ru")
>>> "Ann &lt;A&gt;" in page and "<script" not in page and "1–2" in page
True
"""

from __future__ import annotations

import html
import os
import re
import sys
from pathlib import Path
from typing import Any

from tiebreak.core import numbers
from tiebreak.core.criteria import Criterion
from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _, choose_language, use_language
from tiebreak.core.labels import text
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.progress import after_round_text, progress
from tiebreak.core.ranking import Ranking
from tiebreak.core.rules import get_rules
from tiebreak.core.text import shown

__all__ = ["CSS", "html_page", "number_text", "page_language", "publish", "publish_book", "result_text", "write_page"]

CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; color: #111; background: #fff;
  font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
h1 { font-size: 1.35em; margin: 0 0 4px; }
h2 { font-size: 1.1em; margin: 18px 0 6px; }
p.meta { margin: 0 0 10px; color: #444; font-size: .9em; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: separate; border-spacing: 0; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 6px; border-bottom: 1px solid #d8dce2; text-align: center; white-space: nowrap; }
th { background: #eef2f7; font-weight: 600; font-size: .85em; vertical-align: bottom;
  white-space: normal; overflow-wrap: break-word; min-width: 2.4em; max-width: 9.5em; }
tbody tr:nth-child(even) td { background: #f7f9fb; }
.name { text-align: left; position: sticky; left: 0; z-index: 1; background: #fff;
  border-right: 1px solid #c4cad3; }
tbody tr:nth-child(even) td.name { background: #f7f9fb; }
th.name { background: #eef2f7; z-index: 2; }
td.place { font-weight: 600; }
td.pts { font-weight: 600; }
td.diag { background: #dde1e6 !important; color: #777; }
ul.notes { margin: 10px 0 0; padding-left: 1.2em; color: #444; font-size: .85em; }
@media (max-width: 600px) {
  body { padding: 8px; font-size: 14px; }
  th, td { padding: 2px 4px; }
}
@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body { padding: 0; font-size: 7pt; line-height: 1.1; }
  h1 { font-size: 11pt; margin: 0 0 1mm; }
  h2 { font-size: 9pt; margin: 2.5mm 0 1mm; }
  p.meta { margin: 0 0 1mm; }
  .scroll { overflow: visible; }
  th, td { padding: 0.2mm 1.2mm; }
  th { max-width: 16mm; }
  .name { position: static; }
  tbody tr:nth-child(even) td { background: #f2f4f6 !important; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  ul.notes { margin-top: 1.5mm; }
}
"""


def page_language(t: Tournament, setting: str = "auto") -> str:
    """'ru' or 'en': an explicit setting, else the language of the table's names and column labels."""
    labels = getattr(t.layout, "labels", None) or {}
    return choose_language(setting, [t.title, *(p.name for p in t.players), *(str(x) for x in labels.values())])


def number_text(v: float, lang: str, decimals: int = 2) -> str:
    """A number as the page shows it: half up at ``decimals`` (:func:`tiebreak.core.numbers.text`), no trailing zeros, a decimal comma in Russian.

    >>> number_text(6.5, "ru"), number_text(14.0, "en"), number_text(2 / 3, "en")
    ('6,5', '14', '0.67')
    """
    return numbers.text(float(v), decimals, "," if lang == "ru" else ".")


def _value_text(v: Any, c: Criterion | None, lang: str) -> str:
    if v is None or v == "":
        return ""
    if isinstance(v, tuple):
        return " ".join(number_text(x, lang, 2) for x in v)
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, (int, float)):
        return number_text(v, lang, 2 if c is None else c.decimals)
    return str(v)


def _score(x: float) -> str:
    """A game's points: ``1``, ``½``, ``0``, ``2`` (on 2/1/0), ``1½`` ..."""
    whole = int(x)
    if x == whole:
        return str(whole)
    if abs(x - whole - 0.5) < 1e-9:
        return ("" if whole == 0 else str(whole)) + "½"
    return f"{x:g}"


def result_text(t: Tournament, p: int, i: int, lang: str, *, with_opponent: bool = True) -> str:
    """Entry ``i`` (0-based) of player index ``p`` as a crosstable cell.

    Swiss: ``12w1``, ``5b½``, ``7+``/``7−`` (forfeit), ``bye 1``, ``–`` (absent);
    without the opponent (a round robin cell): ``1``, ``½``, ``+``, ``−``.
    """
    kind = Kind(t.kind[p][i])
    pts = t.pts[p][i]
    q = t.opp[p][i]
    opp = str(t.players[q].number) if (with_opponent and q >= 0) else ""
    if kind is Kind.PLAYED:
        colour = t.colour[p][i]
        mark = text("white", lang) if colour == "w" else text("black", lang) if colour == "b" else ("" if not opp else " ")
        return f"{opp}{mark if with_opponent else ''}{_score(pts)}"
    if kind is Kind.FORFEIT_WIN:
        return f"{opp}+"
    if kind is Kind.FORFEIT_LOSS:
        return f"{opp}\u2212"
    if kind in (Kind.PAIRING_BYE, Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE):
        return f"{text('bye', lang)} {_score(pts)}"
    return "–"


def _e(s: object) -> str:
    return html.escape(shown(str(s)), quote=True)


def _breakable(label: str) -> str:
    """An escaped header label that may wrap after a dash (``Зонненборна–<wbr>Бергера``)."""
    return re.sub(r"([–—-])", r"\1<wbr>", _e(label))


def _standings(ranking: Ranking, lang: str) -> str:
    t = ranking.tournament
    rated = any(p.rating for p in t.players)
    head = [f'<th>{_e(text("place", lang))}</th>', f'<th>{_e(text("number", lang))}</th>', f'<th class="name">{_e(text("name", lang))}</th>']
    if rated:
        head.append(f'<th>{_e(text("rating", lang))}</th>')
    head.append(f'<th>{_e(text("points", lang))}</th>')
    for c in ranking.criteria:
        head.append(f'<th title="{_e(c.code)}">{_breakable(c.name_ru if lang == "ru" else c.name)}</th>')
    rows = []
    for s in ranking.standings:
        p = t.players[s.player]
        cells = [f'<td class="place">{_e(s.label)}</td>', f"<td>{p.number}</td>", f'<td class="name">{_e(p.label())}</td>']
        if rated:
            cells.append(f"<td>{'' if not p.rating else number_text(p.rating, lang, 0)}</td>")
        cells.append(f'<td class="pts">{_e(number_text(t.points[s.player], lang, 2))}</td>')
        cells += [f"<td>{_e(_value_text(s.values.get(c.code), c, lang))}</td>" for c in ranking.criteria]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return _table("standings", head, rows)


def _crosstable(ranking: Ranking, lang: str) -> str:
    t = ranking.tournament
    places = ranking.places()
    n = len(t.players)
    head = [f'<th>{_e(text("number", lang))}</th>', f'<th class="name">{_e(text("name", lang))}</th>']
    matrix = t.is_round_robin
    if matrix:
        head += [f"<th>{p.number}</th>" for p in t.players]
    else:
        head += [f"<th>{_e(text('round', lang, n=r + 1))}</th>" for r in range(t.rounds)]
    head += [f'<th>{_e(text("points", lang))}</th>', f'<th>{_e(text("place", lang))}</th>']
    rows = []
    for i, p in enumerate(t.players):
        cells = [f"<td>{p.number}</td>", f'<td class="name">{_e(p.label())}</td>']
        if matrix:
            for j in range(n):
                if i == j:
                    cells.append('<td class="diag">×</td>')
                    continue
                games = [result_text(t, i, k, lang, with_opponent=False) for k, q in enumerate(t.opp[i]) if q == j]
                cells.append(f"<td>{_e(' '.join(games))}</td>")
        else:
            cells += [f"<td>{_e(result_text(t, i, k, lang))}</td>" for k in range(len(t.opp[i]))]
            cells += ["<td></td>"] * (t.rounds - len(t.opp[i]))
        cells.append(f'<td class="pts">{_e(number_text(t.points[i], lang, 2))}</td>')
        cells.append(f'<td class="place">{_e(places[i])}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return _table("crosstable", head, rows)


def _table(css_id: str, head: list[str], rows: list[str]) -> str:
    return (
        f'<div class="scroll"><table id="{css_id}">\n<thead><tr>{"".join(head)}</tr></thead>\n<tbody>\n'
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def html_page(ranking: Ranking, lang: str | None = None, title: str = "") -> str:
    """The whole page for a ranking; ``lang`` 'en' or 'ru' (None: the table's language)."""
    t = ranking.tournament
    lang = lang or page_language(t)
    heading = title or t.title or text("tournament", lang)
    rs = get_rules(ranking.evaluation.rules.name)
    system = text("round robin" if t.is_round_robin else "swiss", lang)
    facts = [system, text("players", lang, n=len(t.players))]
    stands = progress(t)
    if not stands.finished:  # where the event stands, not the rounds it has so far
        with use_language(lang):
            facts.append(after_round_text(stands))
    elif not t.is_round_robin:
        facts.append(text("rounds", lang, n=t.rounds))
    crit_names = ", ".join((c.name_ru if lang == "ru" else c.name) for c in ranking.criteria) or "–"
    meta = f"{' · '.join(facts)}. {text('rules', lang)}: {rs.name} ({rs.title}). {text('criteria', lang)}: {crit_names}."
    notes = ""
    if ranking.notes:
        notes = '<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in ranking.notes) + "</ul>"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(heading)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<h1>{_e(heading)}</h1>\n<p class=\"meta\">{_e(meta)}</p>\n"
        f"<h2>{_e(text('standings', lang))}</h2>\n{_standings(ranking, lang)}\n"
        f"<h2>{_e(text('crosstable', lang))}</h2>\n{_crosstable(ranking, lang)}\n"
        f"{notes}\n</body>\n</html>\n"
    )


def write_page(page: str, out: str | os.PathLike[str], inputs: tuple[str | os.PathLike[str], ...] = ()) -> None:
    """Write the page as UTF-8, atomically (:func:`tiebreak.io.output.write_text`); ``out`` may not be one of ``inputs``."""
    from tiebreak.io.output import write_text

    write_text(out, page, inputs, "--out", _("{path}: cannot write the page ({reason})"))


def publish(ranking: Ranking, source: Path, out: str | None, lang: str | None = None) -> int:
    """The command line's ``--format html``: the page to ``out``, or to stdout (UTF-8). Returns the exit status."""
    page = html_page(ranking, lang, title=source.stem)
    if out:
        from tiebreak.io.output import same_file

        if same_file(source, out):
            raise FileFormatError(_("--out {path} is the input file; give the page another name").format(path=out))
        write_page(page, out, (source,))
        print(_("tiebreak: wrote {path}").format(path=out), file=sys.stderr)
        return 0
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        sys.stdout.flush()
        buffer.write(page.encode("utf-8"))
        buffer.flush()
    else:  # a text-only stream (tests capture this way)
        sys.stdout.write(page)
    return 0


def publish_book(ranking: Ranking, book: Any, source: Path, out: str | None) -> int:
    """As :func:`publish`, in the language the workbook's settings sheet asks for (auto: the table's)."""
    from tiebreak.core.a1 import find_sheet
    from tiebreak.plan.cells import cells_of, rows_of
    from tiebreak.plan.settings import SETTINGS_SHEET, Settings

    setting = "auto"
    settings_sheet = find_sheet(SETTINGS_SHEET, book.sheet_names())
    if settings_sheet is not None:
        setting = Settings.from_grid(rows_of(cells_of(book.values(settings_sheet)))).language
    return publish(ranking, source, out, page_language(ranking.tournament, setting))
