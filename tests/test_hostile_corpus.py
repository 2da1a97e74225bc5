"""Every case of the generated hostile corpus (tests/hostile_corpus.py) gives what it must, in a fresh process.

Each case runs ``python -m tiebreak.cli --lang en ...`` with a time limit
that guards against a hang (not a speed target): its exit status, the words
its output must hold and must not, no traceback, the files that must stay
byte for byte as they were, and for a legal XML form the plain form's
standings.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hostile_corpus import CATEGORIES, Case, build

HANG_GUARD = 120  # seconds: far beyond any case's time; only a hang reaches it


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    return build(tmp_path_factory.mktemp("corpus"))


def tiebreak(argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "tiebreak.cli", "--lang", "en", *argv], capture_output=True, timeout=HANG_GUARD, check=False)


def test_the_corpus_covers_every_category(corpus: dict[str, Case]) -> None:
    counts = {c: sum(1 for case in corpus.values() if case.category == c) for c in CATEGORIES}
    assert all(n >= 3 for n in counts.values()), counts
    assert set(counts) == {case.category for case in corpus.values()}


def test_every_case_gives_what_it_must(corpus: dict[str, Case]) -> None:
    problems: list[str] = []
    plain_out: dict[tuple[str, ...], bytes] = {}
    for name, case in corpus.items():
        before = {p: p.read_bytes() for p in case.unchanged}
        done = tiebreak(case.argv)
        text = (done.stdout + done.stderr).decode("utf-8", "replace")
        found = []
        if done.returncode != case.code:
            found.append(f"exit {done.returncode}, {case.code} expected")
        if "Traceback" in text:
            found.append("a traceback")
        found += [f"no {w!r}" for w in case.words if w not in text]
        found += [f"{w!r} in the output" for w in case.absent if w in text]
        found += [f"{p.name} changed" for p, data in before.items() if p.read_bytes() != data]
        if case.same_as is not None:
            key = tuple(case.same_as)
            if key not in plain_out:
                plain_out[key] = tiebreak(case.same_as).stdout
            if done.stdout != plain_out[key]:
                found.append("standings other than the plain form's")
        if case.check is not None and not found:
            problem = case.check()
            if problem:
                found.append(problem)
        if found:
            problems.append(f"{name}: {'; '.join(found)}\n    {text.strip()[:300]}")
    assert not problems, "\n".join(problems)
