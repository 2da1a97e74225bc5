"""Russian texts beyond the table reader: settings, criteria and rule-set names, ranking notes, TRF files."""

from __future__ import annotations

import pytest

import tiebreak
from tiebreak.core.criteria import get_criterion
from tiebreak.core.i18n import use_language
from tiebreak.core.ranking import rank
from tiebreak.core.rules import get_rules
from tiebreak.io.trf import read_trf

# A round robin of four without ratings: ranking by the opponents' ratings is skipped with a note.
RR4 = [
    ["No", "Name", 1, 2, 3, 4],
    [1, "A", "X", 1, 1, 1],
    [2, "B", 0, "X", "½", 1],
    [3, "C", 0, "½", "X", 1],
    [4, "D", 0, 0, 0, "X"],
]


def test_criterion_names_follow_the_language() -> None:
    c = get_criterion("solkoff_trunc")
    assert c.title == "Truncated Solkoff"
    with use_language("ru"):
        assert c.title == "Усечённый коэффициент Солкоффа"
    assert get_criterion("BH/C1").title == "Buchholz C1"
    with use_language("ru"):
        assert get_criterion("BH/C1").title == "Бухгольц C1"


def test_rule_set_titles_follow_the_language() -> None:
    ru = get_rules("ru")
    assert f"{ru.title}" == "Russian draughts rules (1.13, code 3.16)"
    with use_language("ru"):
        assert f"{ru.title}" == "Правила вида спорта «шашки» (1.13, код 3.16)"
        assert f"{get_rules('fide-2024').title}" == "ФИДЕ C.07 (действует с 01.04.2024)"
    assert f"{get_rules('fide-2026').title}" == "FIDE C.07 (revision applied from 2026-03-01)"


def test_a_skipped_criterion_is_noted_in_russian() -> None:
    t = tiebreak.read_table(RR4)
    assert "'Opponents' ratings' skipped: the table has no ratings" in rank(t, ["opp_rating_sum"]).notes
    with use_language("ru"):
        notes = rank(t, ["opp_rating_sum"]).notes
    assert "критерий «Сумма рейтингов соперников» пропущен: в таблице нет рейтингов" in notes


@pytest.mark.parametrize(
    ("criteria", "english", "russian"),
    [
        ("", "the criteria list is empty", "список показателей пуст"),
        (
            "BH/X1",
            "unknown criterion 'BH/X1': see the list of codes (e.g. points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)",
            "неизвестный показатель 'BH/X1': см. список кодов (например, points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)",
        ),
    ],
)
def test_criteria_errors_in_both_languages(criteria: str, english: str, russian: str) -> None:
    with pytest.raises(tiebreak.UnknownCriterionError) as err:
        tiebreak.parse_criteria(criteria)
    assert str(err.value) == english
    with use_language("ru"), pytest.raises(tiebreak.UnknownCriterionError) as err:
        tiebreak.parse_criteria(criteria)
    assert str(err.value) == russian


def test_unknown_rule_set_in_russian() -> None:
    with use_language("ru"), pytest.raises(tiebreak.UnknownRuleSetError) as err:
        get_rules("fide-2030")
    assert str(err.value) == "неизвестный набор правил 'fide-2030': используйте один из ru, fide-2024, fide-2026, fide-2009, plain"


def test_scoring_error_in_russian() -> None:
    with use_language("ru"), pytest.raises(tiebreak.SettingsError) as err:
        tiebreak.Scoring.parse("1/2/0")
    assert str(err.value) == "система очков 1/2/0: победа должна стоить больше ничьей, а ничья — не меньше поражения"


def test_trf_errors_in_russian_name_the_line() -> None:
    with use_language("ru"), pytest.raises(tiebreak.FileFormatError) as err:
        read_trf("012 Club cup\n")
    assert str(err.value) == "в файле нет строк участников (001): это не файл TRF?"
    with use_language("ru"), pytest.raises(tiebreak.FileFormatError) as err:
        read_trf("012 Club cup\n" + "x" * 2001 + "\n")
    assert str(err.value) == "строка 2: строка длиной 2001 симв.; строки TRF не длиннее 2000"
