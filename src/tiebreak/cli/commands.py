"""Command line: ``tiebreak rank FILE`` (.xlsx or FIDE TRF) and ``tiebreak export FILE.xlsx --trf OUT``.

Errors go to stderr as ``tiebreak: error: ...`` naming the cell or line, with
exit status 1 (bad input) or 2 (bad usage); never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tiebreak.cli.argparse_i18n import translated_argparse
from tiebreak.cli.options import add_table_options, refuse_for_trf, table_args
from tiebreak.cli.streams import safe_streams
from tiebreak.core.criteria import Criterion
from tiebreak.core.errors import SettingsError, TiebreakError
from tiebreak.core.i18n import (
    _,
    cli_language,
    current_language,
    language_option,
    lazy_gettext,
    set_language,
    use_language,
)
from tiebreak.core.labels import standings_head
from tiebreak.core.labels import text as label_text
from tiebreak.core.loading import modules_loading
from tiebreak.core.localformat import decimal_separator, players, rounds
from tiebreak.core.match import MatchTournament, match_json
from tiebreak.core.numbers import RESULTS_SEPARATOR, decimals_of, json_value, shown
from tiebreak.core.numbers import text as number_text
from tiebreak.core.progress import after_round_text, at_round, progress
from tiebreak.core.ranking import Ranking, rank
from tiebreak.core.rules import DEFAULT_RULES, RULE_SETS, fide_hint, get_rules
from tiebreak.io.book import is_trf as _is_trf
from tiebreak.io.csvout import (
    DIALECT_CHOICES,
    DIALECT_HELP,
    csv_format,
    is_regular_file,
    write_csv,
)
from tiebreak.plan.values import criterion_label

__all__ = ["main"]

LANG_HELP = lazy_gettext(
    "the language of messages, help and output: en or ru (default: the workbook's Language setting, "
    "else the table's labels, else the system's language)"
)


class _Usage(Exception):
    pass


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it (``COLUMNS``, the terminal, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, its width found without importing :mod:`shutil`.

    argparse makes a formatter for every option it is given and imports shutil (and with it
    bz2, lzma) to size it: a few milliseconds of every start for a width only help uses.
    """

    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if not args and kwargs.get("width") is None:
            kwargs["width"] = _columns() - 2
        super().__init__(prog, *args, **kwargs)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(message)


# Commands whose parsers are defined here.  The others' (doctor, explain, outlook) live in their
# modules, which ``tiebreak rank`` does not need: they are imported only when the command line is
# not one of these (a short start for the commands run most).
_OWN_COMMANDS = ("rank", "export", "compare")


def _command_word(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word not an option or --lang's value), if any."""
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; for one of :data:`_OWN_COMMANDS`, without the other modules' commands."""
    p = _Parser(prog="tiebreak", description=_("Tie-breaks and places for chess and draughts tournaments, from an .xlsx crosstable or a FIDE TRF file."))
    p.add_argument("--version", action="store_true", help=_("print the version and exit"))
    p.add_argument("--lang", metavar="LANG", help=str(LANG_HELP))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser("rank", help=_("rank a workbook's crosstable (or a TRF file) and print the standings"))
    r.add_argument("file", help=_(".xlsx workbook (.xls, .ods read too) or FIDE TRF file"))
    r.add_argument("--sheet", help=_("the sheet with the crosstable (default: the active sheet, or the range named 'crosstable')"))
    r.add_argument("--rules", help=_("rule set: {names} (default: the workbook's settings, else ru; for a TRF see the README)").format(names=", ".join(RULE_SETS)))
    r.add_argument("--criteria", help=_("criteria after points, comma-separated (e.g. 'solkoff_trunc, wins, h2h' or 'BH/C1, BH, SB, DE, WIN')"))
    add_table_options(r)
    r.add_argument("--out", help=_("write a copy of the workbook with the Place and criteria columns and a Standings sheet (with --format html: the page)"))
    r.add_argument("--overwrite-input", action="store_true", help=_("allow --out to name the input file itself"))
    r.add_argument("--format", choices=("text", "csv", "json", "html"), default="text", help=_("how to print the standings (default: text; html: a self-contained web page)"))
    r.add_argument("--csv-dialect", choices=DIALECT_CHOICES, default="auto", help=str(DIALECT_HELP))
    c = sub.add_parser("compare", help=_("the players placed differently under two rule sets or criteria lists, and why"))
    c.add_argument("file", help=_(".xlsx workbook or FIDE TRF file"))
    c.add_argument("--sheet", help=_("the sheet with the crosstable (default: as for rank)"))
    c.add_argument("--rules", help=_("rule sets to compare, comma-separated (e.g. ru,fide-2024); a single one is compared with the file's own"))
    c.add_argument("--criteria", action="append", help=_("a criteria list; give it twice to compare two lists (once: compared with the file's own)"))
    c.add_argument("--format", choices=("text", "json"), default="text", help=_("how to print the comparison (default: text)"))
    add_table_options(c)
    e = sub.add_parser("export", help=_("write a sheet's crosstable as a FIDE TRF-16 file"))
    e.add_argument("file", help=_(".xlsx workbook (.xls, .ods read too)"))
    e.add_argument("--trf", required=True, help=_("the TRF file to write"))
    e.add_argument("--sheet", help=_("the sheet with the crosstable (default: the active sheet)"))
    e.add_argument("--rules", help=_("rule set to record in the TRF (default: the workbook's settings)"))
    add_table_options(e)
    if command not in _OWN_COMMANDS:
        from tiebreak.cli import doctor, outlook
        from tiebreak.cli import explain as explaincmd

        doctor.add_parser(sub)
        explaincmd.add_parser(sub)
        outlook.add_parser(sub)
    for name in ("rank", "explain", "compare", "export", "outlook"):  # every command that ranks or counts the event
        if name in sub.choices:
            _after_round_option(sub.choices[name])
    for each in sub.choices.values():  # --lang after the command too (tiebreak rank --lang ru FILE)
        each.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=str(LANG_HELP))
    return p


def _after_round_option(command: argparse.ArgumentParser) -> None:
    """``--after-round K``, the same for every command that ranks: the event as it stood after round K (:func:`tiebreak.core.progress.at_round`)."""
    command.add_argument(
        "--after-round",
        type=int,
        metavar="K",
        help=_("count the event as it stood after round K (rounds 1..K only, as in tiebreak rank; not for a round-robin matrix)"),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line in the user's language: ``--lang``, else the system's (a workbook's own settle it later)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = cli_language(language_option(argv))
    except SettingsError as err:
        with use_language(cli_language()), safe_streams():
            print(_("tiebreak: error: {message}").format(message=err), file=sys.stderr)
        return 2
    with use_language(lang), translated_argparse():
        replaced = _lenient_stdout()
        try:
            with safe_streams():  # no control character of user text reaches the terminal
                code = _main(argv)
                sys.stdout.flush()
        except OSError as err:  # a full disk or a closed device as stdout (a closed pipe is handled in _main)
            return _output_failed(err)
        finally:
            _restore_stdout(replaced)
        if replaced is not None and _REPLACED[0]:
            print(
                _("tiebreak: warning: the output's encoding ({encoding}) cannot hold some characters; they were written as '?' (set PYTHONIOENCODING=utf-8 to keep them)").format(
                    encoding=replaced[0]
                ),
                file=sys.stderr,
            )
        return code


_REPLACED = [0]  # characters the output's encoding could not hold, counted by the error handler


def _count_and_replace(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    _REPLACED[0] += err.end - err.start
    return "?" * (err.end - err.start), err.end


def _lenient_stdout() -> tuple[str, str] | None:
    """Let a non-UTF-8 stdout (a Windows ``> out.txt`` in cp1252) write '?' for what it cannot hold, counted.

    Returns (encoding, previous error handler), or None when stdout is left
    as it is; :data:`_REPLACED` counts the characters replaced.
    """
    import codecs
    import io

    out = sys.stdout
    encoding = getattr(out, "encoding", None) or "utf-8"
    if not isinstance(out, io.TextIOWrapper) or codecs.lookup(encoding).name.startswith("utf"):
        return None
    codecs.register_error("tiebreak-replace", _count_and_replace)
    previous = out.errors or "strict"
    _REPLACED[0] = 0
    out.reconfigure(errors="tiebreak-replace")
    return str(encoding), previous


def _restore_stdout(replaced: tuple[str, str] | None) -> None:
    import io

    if replaced is not None and isinstance(sys.stdout, io.TextIOWrapper):
        try:
            sys.stdout.flush()
            sys.stdout.reconfigure(errors=replaced[1])
        except (OSError, ValueError):
            pass


def _output_failed(err: OSError) -> int:
    """One line for an output that cannot be written; stdout is then sent to the null device so nothing fails at exit."""
    print(_("tiebreak: error: cannot write the output ({reason})").format(reason=err.strerror or err), file=sys.stderr)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    return 1


def _main(argv: Sequence[str]) -> int:
    parser = _parser(_command_word(argv))
    try:
        args = parser.parse_args(argv)
        if args.lang is not None:
            args.lang = cli_language(args.lang)
        if args.version:
            from tiebreak.cli import doctor

            print(doctor.version_text())
            return 0
        if args.command == "doctor":
            from tiebreak.cli import doctor

            return doctor.run(args)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        if args.command == "rank":
            return _rank(args)
        if args.command in ("explain", "compare"):  # (outlook reads through io.book, which checks it)
            from tiebreak.io.package import check_input

            check_input(args.file)  # a FIFO or a device is refused at once, never read
        if args.command == "outlook":
            from tiebreak.cli import outlook

            return outlook.run(args)
        if args.command == "explain":
            from tiebreak.cli import explain as explaincmd

            return explaincmd.run(args, _is_trf(Path(args.file)))
        if args.command == "compare":
            from tiebreak.cli.compare import run_compare

            if _is_trf(Path(args.file)):
                refuse_for_trf(args)
            return run_compare(
                Path(args.file),
                _is_trf(Path(args.file)),
                args.sheet,
                args.rules,
                args.criteria,
                args.format,
                language=lambda setting, labels: cli_language(args.lang, setting, labels),
                after_round=args.after_round,
                read=table_args(args),
            )
        return _export(args)
    except _Usage as err:
        print(_("tiebreak: error: {message}").format(message=err), file=sys.stderr)
        usage = parser.format_usage().split(": ", 1)[-1].strip()
        print(_("usage: {usage} (see tiebreak COMMAND --help)").format(usage=usage), file=sys.stderr)
        return 2
    except TiebreakError as err:
        with use_language(err.language or current_language()):  # the prefix in the message's language
            print(_("tiebreak: error: {message}").format(message=err), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("tiebreak: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the output was piped into something that stopped reading (head)
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open: it takes the place of stdout until the process ends
        except OSError:
            pass
        return 0
    except RecursionError:
        print(_("tiebreak: error: the input is too deeply nested to read"), file=sys.stderr)
        return 1
    except MemoryError:
        print(_("tiebreak: error: the input is too large to read"), file=sys.stderr)
        return 1


def _rank(args: argparse.Namespace) -> int:
    with modules_loading():  # the file layer loads here, as the engine did (core/loading)
        from tiebreak.io.package import check_input, check_output

    path = check_input(args.file)
    if args.out is not None and not args.out.strip():
        raise SettingsError(_("--out needs a file name (it was empty)"))
    if args.out and not _is_trf(path):
        check_output(args.out)
    if _is_trf(path):
        return _rank_trf(path, args)
    with modules_loading():
        from tiebreak.io.workbook import check_out_suffix, open_book, read_only_suffixes
        from tiebreak.plan.sheet import plan_rank, refuse_blocked

    if args.out and args.format != "html" and path.suffix.lower() in read_only_suffixes():
        raise SettingsError(
            _(
                "--out writes .xlsx workbooks; {name} is a {suffix} file: open it in Excel or LibreOffice, "
                "save it as .xlsx (Excel Workbook), then run --out on that copy"
            ).format(name=path.name, suffix=path.suffix)
        )
    if args.out and _same_file(path, Path(args.out)) and not args.overwrite_input:
        raise SettingsError(
            _("--out {out} is the input file; refusing to overwrite it (add --overwrite-input if you mean it)").format(out=args.out)
        )
    book = open_book(path)
    if args.out and args.format != "html":  # with html, --out is the page, not a copy of the workbook
        check_out_suffix(book.kind, args.out)
    for w in book.warnings:
        print(_("tiebreak: warning: {message}").format(message=w), file=sys.stderr)
    chosen: list[str] = []

    def choose(setting: object, labels: Iterable[object]) -> str:
        chosen.append(cli_language(args.lang, setting, labels))
        return chosen[-1]

    try:
        plan = plan_rank(
            book,
            sheet=args.sheet,
            rules=args.rules,
            criteria=args.criteria,
            check=bool(args.out) and args.format != "html",
            language=choose,
            after_round=args.after_round,
            **table_args(args),
        )
    finally:
        if chosen:  # the workbook's language from here on, for its errors too (main restores the caller's)
            set_language(chosen[-1])
    assert plan.ranking is not None
    if args.out and args.format != "html":
        refuse_blocked(book, plan)  # merged cells where Rank writes on its own sheets, a locked structure
    if args.format == "html":
        from tiebreak.io.publish import publish

        return publish(plan.ranking, path, args.out, plan.language)
    _print(plan.ranking, plan.ranking.evaluation.rules.name, args.format, plan.sheet, args.csv_dialect)
    for note in getattr(plan.ranking.tournament.layout, "notes", ()):
        print(_("tiebreak: note: {note}").format(note=note), file=sys.stderr)
    if args.out:
        book.apply(plan)
        book.save(args.out)
        print(_("tiebreak: wrote {path}").format(path=args.out), file=sys.stderr)
    return 0


def _rank_trf(path: Path, args: argparse.Namespace) -> int:
    from tiebreak.io.trf_team import read_any_trf_file as read_trf_file

    if args.out and args.format != "html":
        raise SettingsError(_("--out writes workbooks; for a TRF file the standings are printed (use --format csv or json to save them)"))
    refuse_for_trf(args)
    t = read_trf_file(path)
    if args.after_round is not None:
        t = at_round(t, args.after_round)
    lang = cli_language(args.lang, None, [t.title, *(p.name for p in t.players)])
    set_language(lang)  # the file's language from here on (main restores the caller's)
    for note in getattr(t.layout, "notes", ()):
        print(_("tiebreak: note: {note}").format(note=note), file=sys.stderr)
    rules = args.rules or t.rules or DEFAULT_RULES
    hint = None if args.rules or t.rules else fide_hint(t, rules)
    if hint:
        print(_("tiebreak: note: {note}").format(note=hint), file=sys.stderr)
    criteria = args.criteria or (", ".join(t.tiebreak_codes) if t.tiebreak_codes else None)
    ranking = rank(t, criteria, rules)
    if args.format == "html":
        from tiebreak.io.publish import publish

        return publish(ranking, path, args.out, lang)
    _print(ranking, get_rules(rules).name, args.format, None, args.csv_dialect)
    return 0


def _export(args: argparse.Namespace) -> int:
    from tiebreak.io.output import check_output, refuse_inputs, write_text
    from tiebreak.io.package import check_input
    from tiebreak.io.trf import write_trf
    from tiebreak.io.workbook import open_book
    from tiebreak.plan.sheet import plan_rank

    if not args.trf.strip():
        raise _Usage(_("--trf needs a file name (it was empty)"))
    path = check_input(args.file)
    out = check_output(args.trf)
    refuse_inputs(out, (path,), "--trf")  # before the work: the workbook is never overwritten by its TRF
    book = open_book(path)
    for w in book.warnings:
        print(_("tiebreak: warning: {message}").format(message=w), file=sys.stderr)
    # the table is found and read as rank reads it (sheet, range, scoring, settings), and ranked for the places
    plan = plan_rank(
        book,
        sheet=args.sheet,
        rules=args.rules,
        check=False,
        language=lambda setting, labels: cli_language(args.lang, setting, labels),
        after_round=args.after_round,
        **table_args(args),
    )
    set_language(plan.language)  # the workbook's language from here on (main restores the caller's)
    assert plan.ranking is not None
    ranking = plan.ranking
    t = ranking.tournament
    rules = ranking.evaluation.rules.name
    places = [s.place for s in ranking.by_player()]
    text = write_trf(t, title=path.stem, rules=rules, places=places)
    write_text(out, text, (path,), "--trf")
    print(
        _("tiebreak: wrote {path} ({players}, {rounds})").format(path=out, players=players(len(t.players)), rounds=rounds(t.rounds)),
        file=sys.stderr,
    )
    for note in getattr(t.layout, "notes", ()):  # which table was read, as rank says it
        print(_("tiebreak: note: {note}").format(note=note), file=sys.stderr)
    return 0


def _same_file(a: Path, b: Path) -> bool:
    from tiebreak.io.output import same_file

    return same_file(a, b)


def _head(ranking: Ranking) -> list[str]:
    """The standings' column headers in the output's language: the criteria by name, as Rank heads its columns."""
    lang = current_language()
    return [*standings_head(lang)] + [criterion_label(c, lang) for c in ranking.criteria]


def _rows(ranking: Ranking) -> tuple[list[str], list[list[str]]]:
    t = ranking.tournament
    rows = []
    for s in ranking.standings:
        p = t.players[s.player]
        name = " ".join(p.name.split())  # one space between words: two or more separate the columns
        rows.append([s.label, str(p.number), name, _text(t.points[s.player], None)] + [_text(s.values.get(c.code), c) for c in ranking.criteria])
    return _head(ranking), rows


def _print(ranking: Ranking, rules: str, fmt: str, sheet: str | None, dialect: str = "auto") -> None:
    out = sys.stdout
    if fmt == "json":
        from tiebreak.core.places import decided_texts, separations

        t = ranking.tournament
        seps = separations(ranking)
        decided = decided_texts(ranking, seps=seps)
        stands = progress(t)
        data = {
            "after_round": stands.after_round,
            "rounds": stands.rounds,
            "rules": rules,
            "sheet": sheet,
            "scoring": t.scoring.label,
            "system": t.system,
            "criteria": [c.code for c in ranking.criteria],
            "skipped": ranking.skipped,
            "notes": ranking.notes,
            "reading_notes": list(getattr(t.layout, "notes", ())),
            **match_json(t),
            "standings": [
                {
                    "place": s.label,
                    "place_from": s.place,
                    "place_to": s.place_to,
                    "number": t.players[s.player].number,
                    "name": t.players[s.player].name,
                    "points": t.points[s.player],
                    "values": {c.code: json_value(s.values.get(c.code), c.decimals) for c in ranking.criteria},
                    "decided_by": s.decided_by,
                    "explanation": decided[s.player],
                    **_match_scores(t, s.player),
                }
                for s in ranking.standings
            ],
            "separations": [sep.as_json() for sep in seps],
        }
        import json  # only --format json writes it: not loaded at start-up

        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return
    if fmt == "csv":
        t = ranking.tournament
        table: list[list[Any]] = [list(_head(ranking))]
        stands = progress(t)
        if not stands.finished:  # a title row, one cell, above the header (as the text and the page): the table's columns stay as they are
            line = after_round_text(stands)
            table.insert(0, [line[:1].upper() + line[1:]])
        for s in ranking.standings:
            p = t.players[s.player]
            table.append([s.label, p.number, p.name, t.points[s.player]] + [_csv_value(s.values.get(c.code), c) for c in ranking.criteria])
        write_csv(table, out, csv_format(dialect), bom=is_regular_file(out))
        return
    # aligned columns, two spaces or more between them; each header starts its column (names have spaces)
    head, rows = _rows(ranking)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
    criteria = ", ".join(c.code for c in ranking.criteria) or "-"
    out.write(_("Rules: {rules}   Criteria: {criteria}").format(rules=rules, criteria=criteria) + "\n")
    if isinstance(ranking.tournament, MatchTournament):
        e = ranking.tournament.event
        lang = current_language()
        primary, secondary = label_text(e.primary, lang), label_text(e.secondary, lang)
        if e.event == "micro":
            out.write(_("Points: {primary} (primary), then {secondary}; {games} games a match").format(primary=primary, secondary=secondary, games=e.boards) + "\n")
        else:
            out.write(_("Points: {primary} (primary), then {secondary}; {boards} boards a match").format(primary=primary, secondary=secondary, boards=e.boards) + "\n")
    stands = progress(ranking.tournament)
    if not stands.finished:
        out.write(after_round_text(stands) + "\n")
    out.write("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)).rstrip() + "\n")
    for r in rows:
        cells = [r[i].ljust(widths[i]) if i == 2 else r[i].rjust(widths[i]) for i in range(len(r))]
        out.write("  ".join(cells).rstrip() + "\n")
    for note in ranking.notes:
        out.write(_("Note: {note}").format(note=note) + "\n")


def _match_scores(t: Any, p: int) -> dict[str, float]:
    """A match event's entry adds its match and game points (the primary one is ``points`` too)."""
    if not isinstance(t, MatchTournament):
        return {}
    return {"match_points": t.event.match_points[p], "game_points": t.event.game_points[p]}


def _text(v: Any, c: Criterion | None) -> str:
    """A value in the text table: half up at the criterion's decimals (:mod:`tiebreak.core.numbers`)."""
    return "" if v is None or v == "" else number_text(v, decimals_of(c), decimal_separator(), RESULTS_SEPARATOR)


def _csv_value(v: Any, c: Criterion) -> Any:
    """A criterion's value for csvout: numbers stay numbers, rounded half up at its decimals (the dialect writes the separator)."""
    if v is None or v == "":
        return None
    if isinstance(v, tuple):
        return tuple(shown(x, c.decimals) for x in v)
    return shown(v, c.decimals)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
