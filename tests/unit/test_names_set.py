"""The question set of `graphmem eval names` holds what issue 31 asks of it, and every answer it expects is a
value or a name of its own world (a typo in the set would score as a wrong answer of graphmem's)."""

from __future__ import annotations

from graphmem_tools.evals._names_set import WORLDS
from graphmem_tools.evals.names import judge


def test_the_set_has_its_shapes_and_kinds() -> None:
    questions = [q for w in WORLDS for q in w.questions]
    assert len(questions) >= 150 and {w.name for w in WORLDS} == {"crm", "accounts", "households", "clinic", "staff",
                                                                "firm", "school", "depot", "estate", "agency", "hotel", "club",
                                                                "vet", "vet2", "recruit", "uni", "styles", "gym", "broker", "bank", "lettings", "saas",
                                                                "crew", "label", "lab", "cowork", "florist", "talent", "distributor", "dental", "garage", "charity",
                                                                "suppliers", "scripts", "alumni", "maintenance",
                                                                "lawfirm", "sailing", "helpdesk"}
    kinds = {q.kind for q in questions}
    assert {"ambiguous", "reverse", "time", "rename", "alias", "diacritics", "order", "title"} <= kinds
    assert len({q.query for q in questions}) == len(questions)  # no question twice


def test_every_expected_answer_is_in_its_world() -> None:
    for w in WORLDS:
        known = " ".join([e.key for e in w.entities] + [e.name for e in w.entities]
                         + [e.renamed_to or "" for e in w.entities] + [v for e in w.entities for _, v, _ in e.facts]
                         + [since[:10] for e in w.entities for _, _, since in e.facts])  # "When did Yusuf move?"
        digits = "".join(c for c in known if c.isdigit() or c == " ")
        for q in w.questions:
            for value in (*q.holds, *q.lacks):
                assert value in known or value in digits.replace(" ", ""), (w.name, q.query, value)


def test_the_judge_wants_every_value_none_of_the_wrong_ones_and_the_ambiguity_said() -> None:
    [q] = [q for q in WORLDS[0].questions if q.query == "What is Maria's city?"]
    said = [{"reason": "name 'Maria' is ambiguous (one token of a name): 2 entities hold it"}]
    assert judge(q, "c-1001 city: Porto\nc-1002 city: Faro", said)
    assert not judge(q, "c-1001 city: Porto\nc-1002 city: Faro", [])  # not said
    assert not judge(q, "c-1001 city: Porto", said)  # one holder only
    [last_year] = [q for q in WORLDS[0].questions if q.query == "What was Maria Lopez's city last year?"]
    assert not judge(last_year, "c-1001 city: Lisbon\nc-1001 city: Porto", [])  # today's value too
