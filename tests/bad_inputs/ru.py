"""The bad-input corpus in Russian: what a Russian-speaking user reads for cases of ``cases.py``.

``RU[id] = (cell, message)``: ``message`` is the Russian ``str(err)`` of the
case (the place first: строка and тур, строка and против, or строка and
столбец, then the offending text), ``cell`` the A1 address of the offending
cell when the case's grid is written to a sheet from A1 (what the command
line names).  Every message was read and checked by hand against the English
one in ``cases.py``; the terms are those of the Russian rules (тур, участник,
соперник, система очков, результат без игры, свободный тур).
"""

from __future__ import annotations

RU: dict[str, tuple[str, str]] = {
    'swiss-unknown-result': ('D2', "строка 2 (Ann), тур 2: '3q½' — не результат (пишите соперника, цвет, результат, например 12w1, 5б½, 7ч=; свободный тур +, неявка −)"),
    'swiss-word-instead-of-result': ('D2', "строка 2 (Ann), тур 2: 'draw' — не результат (пишите соперника, цвет, результат, например 12w1, 5б½, 7ч=; свободный тур +, неявка −)"),
    'swiss-opponent-without-result': ('D2', "строка 2 (Ann), тур 2: в '3b' есть соперник, но нет результата"),
    'swiss-bare-number': ('D2', "строка 2 (Ann), тур 2: 3 — число, а не соперник с результатом (например, '12w1')"),
    'swiss-bye-worth-3': ('D4', "строка 4 (Cid), тур 2: '-3': свободный тур стоимостью 3 очк. невозможен при системе очков 1/0.5/0"),
    'swiss-7-digit-opponent': ('D2', "строка 2 (Ann), тур 2: '1234567b½' — не результат (пишите соперника, цвет, результат, например 12w1, 5б½, 7ч=; свободный тур +, неявка −)"),
    'rr-unknown-result': ('E2', "строка 2 (Ann), против Cid (№ 3): 'y' — не результат (пишите 1, ½ или 0,5 или =, 0, + или − за результат без игры)"),
    'rr-result-3': ('E3', 'строка 3 (Bob), против Cid (№ 3): 3 — не результат при системе очков 1/0.5/0 (пишите 1, 0.5 или 0)'),
    'rr-three-results-in-a-cell': ('D2', "строка 2 (Ann), против Bob (№ 2): '1½0' — не результат (пишите 1, ½ или 0,5 или =, 0, + или − за результат без игры)"),
    'rr-diagonal-mark-off-the-diagonal': ('D2', "строка 2 (Ann), против Bob (№ 2): 'X' отмечает диагональ, но это не собственный столбец участника"),
    'swiss-both-won': ('C2', 'строка 2 (Ann), тур 1: результат не совпадает с результатом участника Bob (здесь 1, там 1)'),
    'swiss-forfeit-against-game': ('C2', 'строка 2 (Ann), тур 1: здесь победа без игры, но в строке участника Bob нет поражения без игры'),
    'swiss-opponent-shows-no-game': ('D5', 'строка 5 (Dan), тур 2: в строке участника Bob нет партии против Dan в этом туре'),
    'swiss-opponent-shows-another': ('D2', 'строка 2 (Ann), тур 2: в строке участника Bob соперником в этом туре указан Cid, а не Ann'),
    'swiss-both-white': ('D2', 'строка 2 (Ann), тур 2: у обоих участников белый цвет в партии друг с другом'),
    'swiss-opponent-twice-in-a-round': ('D3', 'строка 3 (Bob), тур 2: Cid уже соперник участника Ann в этом туре'),
    'rr-both-won': ('D2', 'строка 2 (Ann), против Bob (№ 2): 1 не согласуется с результатом 1 у участника Bob (строка 3)'),
    'rr-draw-against-loss': ('E2', "строка 2 (Ann), против Cid (№ 3): '½' не согласуется с результатом '0' у участника Cid (строка 4)"),
    'rr-game-on-one-side-only': ('E2', 'строка 2 (Ann), против Cid (№ 3): партия против Cid (№ 3) записана только с одной стороны: в строке участника Ann ничего нет'),
    'swiss-points-column-disagrees': ('E3', 'строка 3 (Bob), столбец 5: в столбце очков 2, а по результатам получается 1'),
    'swiss-meets-himself': ('C2', "строка 2 (Ann), тур 1: '1w1': участник не может играть сам с собой"),
    'swiss-opponent-9-of-4': ('D2', 'строка 2 (Ann), тур 2: соперника 9 нет в таблице (номера относятся к столбцу №)'),
    'swiss-opponent-0': ('D2', 'строка 2 (Ann), тур 2: соперника 0 нет в таблице (номера относятся к столбцу №)'),
    'swiss-opponent-out-of-range-by-rows': ('C2', 'строка 2 (Ann), тур 2: соперника 5 нет в таблице (номера относятся к строкам 1–4)'),
    'duplicate-names': ('B3', "строка 3, столбец 2: имя 'Ann' есть и в строке 2: участников нужно различать"),
    'duplicate-names-case-and-spaces': ('B3', "строка 3, столбец 2: имя 'ANN' есть и в строке 2: участников нужно различать"),
    'duplicate-numbers': ('A3', 'строка 3, столбец 1: номер 1 уже стоит в строке 2: номера должны различаться'),
    'duplicate-numbers-rr': ('A4', 'строка 4, столбец 1: номер 2 уже стоит в строке 3: номера должны различаться'),
    'swiss-excel-error-na-text': ('D2', 'строка 2 (Ann), тур 2: в ячейке ошибка Excel #N/A'),
    'swiss-excel-error-value-text': ('D2', 'строка 2 (Ann), тур 2: в ячейке ошибка Excel #VALUE!'),
    'rr-excel-error-na-text': ('E2', 'строка 2 (Ann), против Cid (№ 3): в ячейке ошибка Excel #N/A'),
    'name-excel-error': ('B3', 'строка 3, столбец 2: в ячейке ошибка Excel #REF!'),
    'number-gap': ('A3', 'строка 3, столбец 1: пустая ячейка — это не номер участника'),
    'swiss-1e308': ('D2', 'строка 2 (Ann), тур 2: 1e+308 — здесь неподходящее число'),
    'rr-1e308': ('E2', 'строка 2 (Ann), против Cid (№ 3): 1e+308 — здесь неподходящее число'),
    'points-minus-1e308': ('E2', 'строка 2 (Ann), столбец 5: -1e+308 — здесь неподходящее число'),
    'number-1e308': ('A2', 'строка 2, столбец 1: 1e+308 — здесь неподходящее число'),
    'points-negative': ('E2', 'строка 2 (Ann), столбец 5: -1,5 — не количество очков'),
    'points-negative-text': ('F2', "строка 2 (Ann), столбец 6: '-1,5' — не количество очков"),
    'number-zero': ('A2', 'строка 2, столбец 1: 0 — не номер участника'),
    'number-fraction': ('A2', 'строка 2, столбец 1: 1,5 — не номер участника'),
    'rating-too-high': ('C2', 'строка 2 (Ann), столбец 3: 99999 — не рейтинг: рейтинг должен быть от 100 до 4000'),
    'name-10000-chars': ('B2', 'строка 2, столбец 2: текст длиной 10000 символов слишком длинный для ячейки турнирной таблицы'),
    'name-150-chars': ('B2', 'строка 2, столбец 2: имя длиной 150 символов слишком длинное'),
    'swiss-result-10000-chars': ('D2', 'строка 2 (Ann), тур 2: текст длиной 10002 символа слишком длинный для ячейки турнирной таблицы'),
    'rr-result-10000-chars': ('E2', 'строка 2 (Ann), против Cid (№ 3): текст длиной 10000 символов слишком длинный для ячейки турнирной таблицы'),
    'rr-2-1-0-mixed-with-half': ('D2', 'строка 2 (Ann), против Bob (№ 2): в таблице смешаны результаты по 2 очка и половинки: задайте систему очков (1/0.5/0 или 2/1/0)'),
    'swiss-2-1-0-mixed-with-half': ('C2', 'строка 2 (Ann), тур 1: в таблице смешаны результаты по 2 очка и половинки: задайте систему очков (1/0.5/0 или 2/1/0)'),
}

# Worksheet-function arguments (cases.py's "function" cases): the Russian cell text, when the
# table is headed in Russian.  UNKNOWN and RULE_SETS as in cases.py, the codes untranslated.
UNKNOWN_RU = "см. список кодов (например, points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)"
RULE_SETS_RU = "используйте один из ru, fide-2024, fide-2026, fide-2009, plain"
RU_ARGUMENTS: dict[str, str] = {
    "function-places-unknown-criteria": f"неизвестный показатель 'foo': {UNKNOWN_RU}",
    "function-places-unknown-rules": f"неизвестный набор правил 'fide-2030': {RULE_SETS_RU}",
    "function-unknown-player": "участника 'Zed' нет в таблице (укажите стартовый номер или фамилию)",
    "function-player-number-out-of-range": "участника '9' нет в таблице (укажите стартовый номер или фамилию)",
    "function-truncation-out-of-range": "k = 9 вне диапазона: у участников не больше 2 соперников, поэтому k должно быть от 0 до 1",
    "function-truncation-not-a-number": "k = 'x': нужно целое число отбрасываемых наименьших очков соперников (от 0 до 1)",
    "function-tiebreak-without-code": 'укажите код дополнительного показателя, например "BH/C1"',
    "function-unknown-sb-convention": "неизвестное правило подсчёта 'foo': используйте \"draughts\" (по умолчанию) или \"fide\"",
}
