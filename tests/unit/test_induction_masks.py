"""A number in a task is masked as a phone only when it is a valid phone number (issue 32: a workflow
title read "Request ticket receipt for ticket no. <phone>"); any other number is still masked, as what the
words before it call it. Pure."""

from __future__ import annotations

import pytest

from graphmem.induction.grouping import mask_task, redact_personal


@pytest.mark.parametrize("task, redacted", [
    ("Request ticket receipt for ticket no. 0167392818 and last name Davis",
     "Request ticket receipt for ticket no. <ticket_number> and last name Davis"),
    ("Check the status of order 12345678", "Check the status of order <order_number>"),
    ("find confirmation number 8832019912", "find confirmation number <confirmation_number>"),
    ("look up 8832019912 please", "look up <number> please"),
    ("call me at 415-555-0142 tomorrow", "call me at <phone> tomorrow"),
    ("ring +44 20 7946 0958", "ring <phone>"),
    ("write to ann@example.org", "write to <email>"),
])
def test_only_a_phone_is_masked_as_a_phone(task: str, redacted: str) -> None:
    assert redact_personal(task) == redacted


def test_the_embedding_text_never_calls_a_ticket_number_a_phone() -> None:
    assert "phone" not in mask_task("Request ticket receipt for ticket no. 0167392818")
    assert "phone number" in mask_task("call me at 415-555-0142")
