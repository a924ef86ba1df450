"""`graphmem eval attributes`: which attribute a question means when its words name none ("What does Maria earn?":
salary), by the store's embedding model (`graphmem.recall.attributes.Meanings`), on a labelled set written before the
code: 33 questions with the attribute they mean among an entity's attributes, 11 that mean none of them. Questions
alternate between two halves (A: even positions, B: odd); the threshold is the best on half A (ties: the one
nearest 0.5), and half B is reported beside it. `--words` scores each word alone (the best word) instead of the
words joined as one phrase, the design the library does not use; `-v` prints every question's best attribute.
"""

from __future__ import annotations

import click

from graphmem.embedding import get_embedder
from graphmem.recall.attributes import ATTRIBUTE_SIMILARITY, content_words
from graphmem.settings import load_settings

#: (question, the entity's attributes, the attribute it means or None); names in the questions are skipped as
#: recall skips the names it resolved
CASES: list[tuple[str, list[str], str | None]] = [
    ("What does Maria earn?", ["salary", "city", "email", "manager"], "salary"),
    ("How much is Tom paid?", ["annual_pay", "city", "phone"], "annual_pay"),
    ("What's Ana's zip code?", ["postcode", "city", "phone"], "postcode"),
    ("What car does Ken drive?", ["vehicle", "city", "email"], "vehicle"),
    ("What's his license number?", ["license_plate", "city", "email"], "license_plate"),
    ("Which department is Ravi in?", ["team", "city", "email"], "team"),
    ("What is she allergic to?", ["allergies", "blood_type", "doctor"], "allergies"),
    ("What medicine does he take?", ["medication", "diagnosis", "ward"], "medication"),
    ("Who is her GP?", ["doctor", "ward", "insurer"], "doctor"),
    ("What's his illness?", ["diagnosis", "medication", "doctor"], "diagnosis"),
    ("Which insurance company covers her?", ["insurer", "premium", "policy"], "insurer"),
    ("How much does her cover cost?", ["premium", "policy", "insurer"], "premium"),
    ("What's Li's credit line?", ["credit_limit", "balance", "iban"], "credit_limit"),
    ("How much money is in his account?", ["balance", "credit_limit", "iban"], "balance"),
    ("How tall is Mia?", ["height", "weight", "team"], "height"),
    ("How heavy is the dog?", ["weight", "height", "pet"], "weight"),
    ("What does he do for fun?", ["hobby", "job_title", "employer"], "hobby"),
    ("Who is Ana married to?", ["spouse", "children", "pet"], "spouse"),
    ("How many kids does Tom have?", ["children", "spouse", "pet"], "children"),
    ("What kind of animal does she own?", ["pet", "car", "spouse"], "pet"),
    ("What's their homepage?", ["website", "email", "phone"], "website"),
    ("What's his Twitter?", ["twitter_handle", "website", "email"], "twitter_handle"),
    ("What time zone is he in?", ["timezone", "city", "language"], "timezone"),
    ("Who teaches Sam?", ["teacher", "school", "coach"], "teacher"),
    ("What's the fee for Ana?", ["rate", "balance", "plan"], "rate"),
    ("What are his working hours?", ["shift", "office", "department"], "shift"),
    ("What's her date of birth?", ["birthday", "nationality", "city"], "birthday"),
    ("Who does Lena report to?", ["manager", "employer", "team"], "manager"),
    ("What company is Ken with?", ["employer", "team", "manager"], "employer"),
    ("How old is he?", ["birthday", "height", "nationality"], "birthday"),
    ("Which citizenship does Ana hold?", ["nationality", "language", "city"], "nationality"),
    ("Where does she park?", ["parking_spot", "office", "car"], "parking_spot"),
    ("What's his blood group?", ["blood_type", "allergies", "doctor"], "blood_type"),
    ("Tell me about Maria", ["salary", "city", "email"], None),
    ("What did Tom say yesterday?", ["plan", "city", "phone"], None),
    ("Is Ana OK?", ["balance", "iban", "bank"], None),
    ("Anything new with Ken?", ["vehicle", "city", "email"], None),
    ("What happened to Li?", ["diagnosis", "medication", "ward"], None),
    ("Summarise Raj's file", ["team", "office", "shift"], None),
    ("Who is Mia?", ["height", "weight", "team"], None),
    ("What's up with the Garcias?", ["children", "spouse", "pet"], None),
    ("Give me everything on Olu", ["nationality", "city", "language"], None),
    ("Any notes on Sam?", ["teacher", "school", "coach"], None),
    ("What do we know about Lena?", ["manager", "employer", "team"], None),
]
NAMES = ["Maria", "Tom", "Ana", "Ken", "Ravi", "Li", "Mia", "Sam", "Lena", "Raj", "Olu", "Garcias", "yesterday"]


@click.command(name="attributes")
@click.option("--words", "by_word", is_flag=True, help="score each word alone (the best word), not the phrase")
@click.option("-v", "--verbose", is_flag=True, help="print every question's best attribute and score")
def command(by_word: bool, verbose: bool) -> None:
    """Right share of the meant attribute per half, at the threshold half A chooses, beside the library's."""
    embed = get_embedder(load_settings()).embed
    best: list[tuple[str | None, float]] = []
    for question, attributes, _ in CASES:
        words = content_words(question, NAMES)
        if not words:
            best.append((None, 0.0))
            continue
        names = [a.replace("_", " ") for a in attributes]
        vectors = embed(words if by_word else [" ".join(words)])
        named = embed(names)
        scores = [max(sum(a * b for a, b in zip(w, n)) for w in vectors) for n in named]
        i = max(range(len(attributes)), key=lambda j: scores[j])
        best.append((attributes[i], scores[i]))

    def right(threshold: float, half: int | None) -> tuple[int, int]:
        picked = [n for n in range(len(CASES)) if half is None or n % 2 == half]
        ok = sum((best[n][0] if best[n][1] >= threshold else None) == CASES[n][2] for n in picked)
        return ok, len(picked)

    chosen = max((t / 100 for t in range(20, 90)), key=lambda t: (right(t, 0)[0], -abs(t - 0.5)))
    click.echo(f"graphmem eval attributes ({'each word' if by_word else 'words as one phrase'}), {len(CASES)} questions")
    for label, threshold in (("chosen on half A", chosen), ("the library's", ATTRIBUTE_SIMILARITY)):
        (a, na), (b, nb), (al, nal) = right(threshold, 0), right(threshold, 1), right(threshold, None)
        click.echo(f"  threshold {threshold:.2f} ({label}): half A {a}/{na}, half B {b}/{nb}, all {al}/{nal}")
    if verbose:
        for n, ((attribute, score), (question, _, meant)) in enumerate(zip(best, CASES)):
            picked = attribute if score >= ATTRIBUTE_SIMILARITY else None
            click.echo(f"  [{'AB'[n % 2]}] {question:<40} {str(attribute):<15} {score:.2f} want {meant}"
                       + ("" if picked == meant else "  <- wrong"))
