"""The extractive structured summariser: faithful, deterministic, keeps identifiers, numbers, dates."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from graphmem.text.summarise import StructuredSummary, Utterance, merge, split_sentences, summarise

SUPPORT = [
    Utterance("Hi, my order ORD-2024-001 has not arrived. It was due on 3 May.", "Alice", 1),
    Utterance("Sorry to hear that! I will check the order status with the courier tomorrow.", "Bob", 2),
    Utterance("Can you also refund the shipping fee of 20 dollars? I paid by card.", "Alice", 3),
    Utterance("The refund for the shipping fee is approved. The courier lost the parcel in the depot.", "Bob", 4),
    Utterance("Great, thanks a lot for the quick help with the order.", "Alice", 5),
]


def _said(summary: StructuredSummary, utterances: list[Utterance]) -> set[str]:
    return {f"{u.speaker}: {s}" for u in utterances for s in split_sentences(u.text)}


def test_structure_and_faithfulness() -> None:
    s = summarise(SUPPORT)
    said = _said(s, SUPPORT)
    assert s.facts and all(f in said for f in s.facts), "facts are sentences that were said"
    assert all(o in said for o in s.open_items)
    assert "order" in s.topics and s.core_topic.startswith(s.topics[0])
    assert s.summariser == "extractive"
    for part in ("Topic:", "Entities:", "Tone:"):
        assert part in s.text


def test_identifiers_numbers_and_dates_are_kept() -> None:
    s = summarise(SUPPORT)
    joined = " ".join(s.facts)
    assert "ORD-2024-001" in joined and "3 May" in joined
    assert "ORD-2024-001" in s.entities and {"Alice", "Bob"} <= set(s.entities)


def test_open_items_are_unanswered_questions_and_promises() -> None:
    asked = summarise(SUPPORT[:3])
    assert any("refund the shipping fee" in o and o.endswith("?") for o in asked.open_items)
    s = summarise(SUPPORT)
    assert not any("refund the shipping fee" in o for o in s.open_items), "Bob's next turn answered it"
    assert any("I will check" in o for o in s.open_items)
    assert not any(o in s.facts for o in s.open_items)


def test_a_stalling_reply_or_the_same_speaker_does_not_answer() -> None:
    stalled = summarise([Utterance("Where is my parcel?", "C", 1), Utterance("Let me check.", "A", 2)])
    assert stalled.open_items == ["C: Where is my parcel?"]
    alone = summarise([Utterance("Where is my parcel?", "C", 1), Utterance("It was due Monday.", "C", 2)])
    assert "C: Where is my parcel?" in alone.open_items
    chat = summarise([Utterance("How was the weekend?", "Mel", 1), Utterance("We went hiking!", "Caro", 2)])
    assert chat.open_items == []


CALL = [
    Utterance("Hi, I'm Dana Reyes. I've been waiting two weeks for order ORD-7781.", "customer", 1),
    Utterance("Sorry about that! Which address did you use?", "agent", 2),
    Utterance("14 Harbor Rd, Portland. My email is dana.reyes@example.com if you need it.", "customer", 3),
    Utterance("Thanks. The courier marked it as lost, so I've sent a replacement today.", "agent", 4),
    Utterance("Great. Will I get a tracking number?", "customer", 5),
]


def test_support_summary_lists_order_email_and_customer_and_no_stop_words() -> None:
    s = summarise(CALL)
    assert {"ORD-7781", "dana.reyes@example.com", "Dana Reyes"} <= set(s.entities), s.entities
    lowered = {e.lower() for e in s.entities}
    assert not lowered & {"i'm", "i've", "i", "rd", "harbor", "agent", "customer", "hi", "thanks", "sorry",
                          "great", "which", "will"}, s.entities
    assert "14 Harbor Rd" in s.entities
    assert s.entities.index("ORD-7781") < s.entities.index("Dana Reyes"), "identifiers first"
    assert not any("Which address" in o for o in s.open_items), "the next turn answered it"
    assert s.open_items == ["customer: Will I get a tracking number?"]


def test_merge_keeps_identifiers_past_the_caps() -> None:
    first = summarise(CALL[:3])
    chatter = [summarise([Utterance(f"The weather in town number {i} was sunny and warm all day long.", "agent", i),
                          Utterance(f"I heard Lisbon {i} and Oslo {i} had rain on the weekend, sadly.", "customer", i)])
               for i in range(8)]
    merged = merge([first, *chatter])
    assert {"ORD-7781", "dana.reyes@example.com"} <= set(merged.entities), merged.entities
    joined = " ".join(merged.facts)
    assert "ORD-7781" in joined and "dana.reyes@example.com" in joined
    assert len(merged.facts) <= 12 and len(merged.entities) <= 10


def test_merge_closes_a_question_the_next_chunk_answered() -> None:
    a, b = summarise(CALL[:2]), summarise(CALL[2:4])
    assert a.open_items == ["agent: Which address did you use?"]
    assert "agent: Which address did you use?" in merge([a, b]).open_items, "without context: kept"
    closed = merge([a, b], contexts=[CALL[:4], CALL[2:]])
    assert "agent: Which address did you use?" not in closed.open_items
    assert merge([a], contexts=[CALL[:2]]).open_items == a.open_items, "nobody answered yet"


def test_tone_and_intent() -> None:
    upset = summarise([Utterance("This is terrible, the app crashed again and I lost my work.", "C"),
                       Utterance("I am so frustrated, it failed twice today.", "C")])
    assert upset.tone == "negative"
    asking = summarise([Utterance("Could you please reset my password?", "C"),
                        Utterance("Can you also help me change my email?", "C")])
    assert asking.intent == "requesting help"
    happy = summarise([Utterance("Thanks, that was amazing and the trip was wonderful!", "D")])
    assert happy.tone == "positive"


def test_empty_input() -> None:
    s = summarise([])
    assert s.text == "" and s.facts == [] and s.core_topic == ""


def test_merge_unions_chunks_newest_wins() -> None:
    a = summarise(SUPPORT[:2])
    b = summarise(SUPPORT[2:])
    m = merge([a, b])
    assert set(a.facts + b.facts) >= set(m.facts) and m.facts
    assert m.open_items == b.open_items + [o for o in a.open_items if o not in b.open_items]
    assert merge([a]) == a
    assert merge([]).text == ""


words = st.sampled_from("order refund parcel May 2024 Alice ORD-77 late card shipping thanks what".split())


@given(st.lists(st.tuples(st.lists(words, min_size=1, max_size=12), st.sampled_from(".?!"), st.sampled_from("AB")),
                max_size=12))
def test_deterministic_and_faithful(raw: list[tuple[list[str], str, str]]) -> None:
    utterances = [Utterance(" ".join(ws) + end, speaker, i) for i, (ws, end, speaker) in enumerate(raw)]
    one, two = summarise(utterances), summarise(list(utterances))
    assert one == two
    said = _said(one, utterances)
    assert all(f in said for f in one.facts + one.open_items)
    assert len(one.facts) <= 6
