"""Attribute words (graphmem/recall/attributes.py), in the words people use: which attributes a question
asks about, whether it asks who holds a value, and which values it names."""

from __future__ import annotations

import pytest

from graphmem.recall.attributes import attribute_words, candidate_attributes, is_reverse, stem, value_phrases

ATTRS = ["city", "email", "phone", "plan", "account_manager", "manager", "company", "date_of_birth", "title"]


@pytest.mark.parametrize("question, asked", [
    ("What plan is Ms. Lopez on?", ["plan"]),
    ("Which plans does she have?", ["plan"]),
    ("Who is Tom Berg's account manager?", ["account_manager", "manager"]),
    ("Where does Maria live?", ["city"]),
    ("where is she based these days", ["city"]),
    ("Where does Tom work?", ["company"]),
    ("When was José born?", ["date_of_birth"]),
    ("What's her e-mail?", ["email"]),
    ("How do I call Wei Zhang?", ["phone"]),
    ("Tell me about Maria Lopez", []),
])
def test_the_attributes_a_question_asks_about(question: str, asked: list[str]) -> None:
    assert attribute_words(question, ATTRS) == asked


def test_only_attributes_the_namespace_has_count() -> None:
    assert attribute_words("Where does Maria live?", ["address", "email"]) == ["address"]
    assert attribute_words("Where does Maria live?", ["email"]) == []


@pytest.mark.parametrize("question, reverse", [
    ("Who lives in Porto?", True), ("Which company does Tom Berg manage?", True),
    ("What company does Tom Berg manage?", True), ("whose plan is premium", True),
    ("What is Maria Lopez's city?", False), ("Where does Maria live?", False),
])
def test_a_reverse_question_asks_who_holds_a_value(question: str, reverse: bool) -> None:
    assert is_reverse(question) is reverse


@pytest.mark.parametrize("question, values", [
    ("Who lives in Porto?", ["Porto"]),
    ("Who lives in São Paulo now?", ["São Paulo"]),
    ("Which company does Tom Berg manage?", ["Tom Berg"]),
    ("Who is Tom Berg's account manager?", []),  # a possessive owns the attribute: forward
    ("who lives in porto", ["porto", "Porto"]),
    ('Which customers are on the "premium" plan?', ["premium", "Premium"]),
    ("Who rents 2D?", ["2D"]),  # a code of capitals and digits is a value
    ("Which teacher is in room B12?", ["B12"]),
])
def test_the_values_a_reverse_question_names(question: str, values: list[str]) -> None:
    assert value_phrases(question)[:len(values) or None] == values or value_phrases(question) == values


def test_stems_and_candidate_attributes() -> None:
    assert {stem(w) for w in ("manage", "managed", "manager", "managers", "manages")} == {"manag"}
    assert stem("cities") == "city" and stem("addresses") == "address" and stem("address") == "address"
    names = candidate_attributes("Which company does Tom Berg manage?")
    assert "manager" in names and "account_manager" in names and "company" in names and "which" not in names


def test_who_looks_after_an_account_asks_its_manager() -> None:
    from graphmem.recall.attributes import attribute_words, candidate_attributes

    for question in ("Which accounts does Ana Costa look after?", "Who is in charge of Northwind?",
                     "Which companies does Lena handle?", "Who oversees the Sakura account?"):
        assert "account_manager" in candidate_attributes(question), question
    assert attribute_words("Who looks after Northwind?", ["account_manager", "city"]) == ["account_manager"]


def test_a_reverse_question_seeks_no_time_word_as_a_value_and_no_function_word_as_an_attribute() -> None:
    """Each (name, value) pair is an index seek of the names read: "March" of "on 19 March 2025" is no value a
    plan holds, and "was", "on" name no attribute (before: 11 names x 2 values, 22 seeks; now 6 x 1)."""
    from graphmem.recall.attributes import reverse_ask

    names, values = reverse_ask("what plan was Zelin Hazara on, on 19 March 2025?", ("on 19 March 2025",)) or ([], [])
    assert values == ["Zelin Hazara"]
    assert "plan" in names and not {"was", "on", "plan_was", "hazara_on"} & set(names)
    names, values = reverse_ask("On 3 March 2024, who lived in Porto?", ("On 3 March 2024",)) or ([], [])
    assert values == ["Porto"] and "city" in names and "in" not in names
    names, _ = reverse_ask("Which customers have Tom Berg as their account manager?") or ([], [])
    assert "account_manager" in names and not {"as", "their", "have", "berg_as"} & set(names)
