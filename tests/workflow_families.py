"""Synthetic task families with ground-truth procedures, for the workflow tests and
`graphmem bench workflows`.

Each family is a procedure (actions with args: `{param}` placeholders, constants, templates), a
way to draw concrete values, task-text templates for training and different ones (paraphrases)
held out for matching, one adjacent pair of steps that some runs take in the other order, and
the steps where failures happen with their errors. Runs come with noise: concrete values, extra
steps from a pool, an extra arg now and then, the reordered pair, failures at known steps.
Deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

Values = dict[str, Any]

FIRST = ["Alice", "Bruno", "Chen", "Dana", "Emil", "Fatima", "Gustavo", "Hana", "Ivan", "Julia", "Kenji", "Leila"]
LAST = ["Chen", "Novak", "Okafor", "Silva", "Tanaka", "Weber", "Rossi", "Haddad", "Larsen", "Moreau"]
WORDS = ["oak", "maple", "cedar", "birch", "pine", "elm", "willow", "aspen", "laurel", "juniper"]
STREET_NAMES = ["Oak", "Maple", "Cedar", "Birch", "Harbor", "Mill", "Church", "Station", "Park", "River"]
STREET_KINDS = ["Street", "Avenue", "Road", "Lane"]
CITIES = ["Springfield", "Riverton", "Lakeside", "Fairview", "Greenville", "Brookfield"]
DOMAINS = ["example.com", "mail.test", "corp.example", "inbox.test"]


def _email(r: random.Random) -> str:
    return f"{r.choice(FIRST).lower()}.{r.choice(LAST).lower()}{r.randint(1, 99)}@{r.choice(DOMAINS)}"


def _date(r: random.Random) -> str:
    return f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"


@dataclass(frozen=True)
class Family:
    task_type: str
    steps: tuple[tuple[str, dict[str, Any]], ...]  # ground truth; "{name}" marks a parameter
    values: Callable[[random.Random], Values]
    train_templates: tuple[str, ...]
    held_templates: tuple[str, ...]
    swap: int  # steps swap and swap+1 are reordered in some runs
    fail_steps: tuple[tuple[int, tuple[str, ...]], ...]  # (ground-truth step index, its errors)
    task_params: frozenset[str] = field(default_factory=frozenset)  # parameters written in the task text

    def expected_steps(self) -> list[dict[str, Any]]:
        return [{"action": a, "args": args} for a, args in self.steps]

    def expected_params(self) -> set[str]:
        found: set[str] = set()
        for _, args in self.steps:
            _placeholders(args, found)
        return found


def _placeholders(value: Any, out: set[str]) -> None:
    import re

    if isinstance(value, dict):
        for v in value.values():
            _placeholders(v, out)
    elif isinstance(value, str):
        out.update(re.findall(r"\{(\w+)\}", value))


def _render(value: Any, values: Values) -> Any:
    """Fill a ground-truth arg: a whole `{name}` takes the value itself (numbers stay numbers)."""
    if isinstance(value, dict):
        return {k: _render(v, values) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("{") and value.endswith("}") and value[1:-1] in values:
        return values[value[1:-1]]
    if isinstance(value, str):
        return value.format(**values) if "{" in value else value
    return value


FAMILIES: tuple[Family, ...] = (
    Family(
        "refund_order",
        (("lookup_order", {"order_id": "{order_id}"}),
         ("verify_identity", {"email": "{email}", "method": "otp"}),
         ("check_refund_eligibility", {"order_id": "{order_id}"}),
         ("issue_refund", {"order_id": "{order_id}", "amount": "{amount}", "reason": "{reason}"}),
         ("notify_customer", {"email": "{email}", "template": "refund_issued", "refund_id": "{refund_id}"})),
        lambda r: {"order_id": f"ORD-{r.randint(0, 99999):05d}", "email": _email(r),
                   "amount": round(r.uniform(5, 500), 2),
                   "reason": r.choice(["damaged item", "wrong size", "late delivery", "not as described"]),
                   "refund_id": f"RF-{r.randint(0, 999999):06d}"},
        ("Refund order {order_id} for customer {email}, reason: {reason}, amount {amount}",
         "Customer {email} wants a refund of {amount} on order {order_id} ({reason})",
         "Process a refund for {order_id}: {reason}; refund {amount} to {email}",
         "Issue a {amount} refund on order {order_id} for {email} because of {reason}"),
        ("{email} is asking for their money back on {order_id}: {reason}, {amount} in total",
         "Please reimburse {amount} for purchase {order_id} ({reason}); the buyer is {email}"),
        swap=0, fail_steps=((3, ("payment gateway timeout", "payment gateway timeout", "card issuer declined")),
                            (2, ("order outside refund window",))),
        task_params=frozenset({"order_id", "email", "amount", "reason"})),
    Family(
        "change_address",
        (("get_customer", {"customer_id": "{customer_id}"}),
         ("validate_address", {"street": "{street}", "city": "{city}", "postcode": "{postcode}"}),
         ("update_address", {"customer_id": "{customer_id}",
                             "address": {"street": "{street}", "city": "{city}", "postcode": "{postcode}"}}),
         ("confirm_change", {"customer_id": "{customer_id}", "via": "portal_message"})),
        lambda r: {"customer_id": f"CUS-{r.randint(0, 9999):04d}",
                   "street": f"{r.randint(1, 250)} {r.choice(STREET_NAMES)} {r.choice(STREET_KINDS)}",
                   "city": r.choice(CITIES), "postcode": f"{r.randint(10000, 99999)}"},
        ("Change the address of customer {customer_id} to {street}, {city} {postcode}",
         "Customer {customer_id} moved to {street}, {city} {postcode}; update their address",
         "Update the shipping address for {customer_id}: new address {street}, {city}, {postcode}",
         "Set the address on file for {customer_id} to {street}, {city} {postcode}"),
        ("{customer_id} has relocated, their new home is {street}, {city} {postcode}",
         "Please record a new postal location for account {customer_id}: {street}, {postcode} {city}"),
        swap=0, fail_steps=((1, ("address not deliverable",)), (2, ("customer record locked",))),
        task_params=frozenset({"customer_id", "street", "city", "postcode"})),
    Family(
        "book_meeting",
        (("check_calendar", {"attendee": "{attendee}", "date": "{date}"}),
         ("find_free_slot", {"attendee": "{attendee}", "date": "{date}", "duration_minutes": 30}),
         ("create_event", {"title": "Meeting with {attendee}", "attendee": "{attendee}", "date": "{date}",
                           "time": "{time}"}),
         ("send_invite", {"event_id": "{event_id}", "attendee": "{attendee}"})),
        lambda r: {"attendee": f"{r.choice(FIRST)} {r.choice(LAST)}", "date": _date(r),
                   "time": f"{r.randint(8, 17):02d}:{r.choice(['00', '15', '30', '45'])}",
                   "event_id": f"EVT-{r.randint(0, 99999):05d}"},
        ("Book a meeting with {attendee} on {date} at {time}",
         "Schedule a meeting with {attendee} for {date}, {time}",
         "Set up a call with {attendee} on {date} at {time}",
         "Put a meeting with {attendee} in the calendar for {date} {time}"),
        ("Arrange some time with {attendee} on {date} around {time}",
         "Can you get {attendee} and me together on {date} at {time}?"),
        swap=0, fail_steps=((2, ("calendar API rate limited",)), (3, ("invalid attendee address",))),
        task_params=frozenset({"attendee", "date", "time"})),
    Family(
        "reset_password",
        (("find_account", {"email": "{email}"}),
         ("send_verification_code", {"email": "{email}", "channel": "sms"}),
         ("verify_code", {"email": "{email}", "code": "{code}"}),
         ("set_temporary_password", {"email": "{email}", "expires_hours": 24}),
         ("log_security_event", {"email": "{email}", "event": "password_reset"})),
        lambda r: {"email": _email(r), "code": f"{r.randint(0, 999999):06d}"},
        ("Reset the password for {email}",
         "User {email} is locked out and needs a password reset",
         "{email} forgot their password, please reset it",
         "Help {email} regain access with a new password"),
        ("I can't log in anymore, my account is {email}",
         "Please issue {email} fresh login credentials, they lost theirs"),
        swap=3, fail_steps=((2, ("verification code expired",)),),
        task_params=frozenset({"email"})),
    Family(
        "cancel_subscription",
        (("get_subscription", {"subscription_id": "{subscription_id}"}),
         ("calculate_proration", {"subscription_id": "{subscription_id}", "plan": "{plan}"}),
         ("cancel_subscription", {"subscription_id": "{subscription_id}", "at_period_end": True}),
         ("send_confirmation", {"email": "{email}", "template": "subscription_cancelled"})),
        lambda r: {"subscription_id": f"SUB-{r.randint(0, 999999):06d}", "email": _email(r),
                   "plan": r.choice(["basic", "pro", "team"])},
        ("Cancel subscription {subscription_id} ({plan} plan) for {email}",
         "{email} wants to stop their {plan} subscription {subscription_id}",
         "End the {plan} plan {subscription_id}, account email {email}",
         "Terminate subscription {subscription_id} on the {plan} plan and tell {email}"),
        ("Stop billing {email} for the {plan} plan, membership {subscription_id}",
         "{email} no longer wants {plan}; close out {subscription_id}"),
        swap=1, fail_steps=((2, ("billing provider unavailable",)),),
        task_params=frozenset({"subscription_id", "email", "plan"})),
    Family(
        "track_shipment",
        (("lookup_order", {"order_id": "{order_id}"}),
         ("get_tracking", {"tracking_number": "{tracking_number}"}),
         ("check_carrier_status", {"carrier": "{carrier}", "tracking_number": "{tracking_number}"}),
         ("reply_to_customer", {"order_id": "{order_id}", "template": "shipment_status"})),
        lambda r: {"order_id": f"ORD-{r.randint(0, 99999):05d}",
                   "tracking_number": f"1Z{r.randint(0, 10**10 - 1):010d}",
                   "carrier": r.choice(["UPS", "DHL", "FedEx"])},
        ("Where is order {order_id}?",
         "Track the shipment of order {order_id}",
         "Customer asks for the delivery status of {order_id}",
         "Give a shipping update for order {order_id}"),
        ("Has {order_id} been delivered yet?",
         "When will the package for {order_id} arrive?"),
        swap=2, fail_steps=((2, ("carrier API returned 503",)),),
        task_params=frozenset({"order_id"})),
    Family(
        "create_invoice",
        (("get_customer", {"customer_id": "{customer_id}"}),
         ("create_invoice", {"customer_id": "{customer_id}", "amount": "{amount}", "currency": "{currency}",
                             "due_date": "{due_date}"}),
         ("attach_payment_link", {"invoice_id": "{invoice_id}"}),
         ("email_invoice", {"invoice_id": "{invoice_id}", "customer_id": "{customer_id}"})),
        lambda r: {"customer_id": f"CUS-{r.randint(0, 9999):04d}", "amount": round(r.uniform(20, 5000), 2),
                   "currency": r.choice(["EUR", "USD", "GBP"]), "due_date": _date(r),
                   "invoice_id": f"INV-{r.randint(0, 99999):05d}"},
        ("Invoice customer {customer_id} {amount} {currency}, due {due_date}",
         "Bill {customer_id} for {amount} {currency} with payment due on {due_date}",
         "Create an invoice of {amount} {currency} for {customer_id}, due {due_date}",
         "Send {customer_id} an invoice over {amount} {currency} (due date {due_date})"),
        ("{customer_id} owes us {amount} {currency}; charge them by {due_date}",
         "Please request payment of {amount} {currency} from {customer_id} before {due_date}"),
        swap=2, fail_steps=((2, ("payment provider rejected the request",)),),
        task_params=frozenset({"customer_id", "amount", "currency", "due_date"})),
)

NOISE_STEPS: tuple[tuple[str, Callable[[random.Random], dict[str, Any]]], ...] = (
    ("search_knowledge_base", lambda r: {"query": " ".join(r.sample(WORDS, 2))}),
    ("add_internal_note", lambda r: {"note": f"checked {r.choice(WORDS)}"}),
    ("check_system_status", lambda r: {}),
    ("ask_clarification", lambda r: {"question": f"which {r.choice(WORDS)}?"}),
)


@dataclass(frozen=True)
class Sample:
    """One generated run: the request body, its family and the concrete values it used."""

    body: dict[str, Any]
    family: Family
    values: Values
    failed_at: int | None = None  # ground-truth step index of the failure


def _run(fam: Family, r: random.Random, *, held_out: bool, failure_rate: float, extra_rate: float,
         swap_rate: float, note_rate: float) -> tuple[dict[str, Any], Values, int | None]:
    values = fam.values(r)
    template = r.choice(fam.held_templates if held_out else fam.train_templates)
    task = template.format(**values)
    order = list(range(len(fam.steps)))
    if r.random() < swap_rate:
        order[fam.swap], order[fam.swap + 1] = order[fam.swap + 1], order[fam.swap]
    steps: list[tuple[int | None, dict[str, Any]]] = []
    for gi in order:
        action, args = fam.steps[gi]
        steps.append((gi, {"action": action, "args": _render(args, values)}))
    if steps and r.random() < note_rate:
        steps[r.randrange(len(steps))][1]["args"]["note"] = f"see ticket {r.randint(100, 999)}"
    extras = 2 if r.random() < extra_rate * 0.15 else (1 if r.random() < extra_rate else 0)
    for _ in range(extras):
        action, make = r.choice(NOISE_STEPS)
        steps.insert(r.randrange(len(steps) + 1), (None, {"action": action, "args": make(r)}))
    body: dict[str, Any] = {"task": task, "task_type": fam.task_type, "outcome": "success"}
    failed_at = None
    if r.random() < failure_rate:
        weights = [len(errs) for _, errs in fam.fail_steps]
        failed_at, errors = r.choices(fam.fail_steps, weights=weights)[0]
        pos = next(i for i, (gi, _) in enumerate(steps) if gi == failed_at)
        steps = steps[:pos + 1]
        body.update(outcome="failure", failed_step=pos, error=r.choice(errors))
    body["steps"] = [s for _, s in steps]
    return body, values, failed_at


def generate(per_family: int, *, families: Sequence[Family] = FAMILIES, seed: int = 0, held_out: bool = False,
             failure_rate: float = 0.2, extra_rate: float = 0.3, swap_rate: float = 0.25, note_rate: float = 0.15,
             typed: bool = True, start: datetime = datetime(2025, 1, 1, tzinfo=timezone.utc),
             id_prefix: str = "run") -> list[Sample]:
    """`per_family` runs of each family, interleaved in arrival order (ids and `at` increase)."""
    r = random.Random(seed)
    per: list[list[Sample]] = []
    for fam in families:
        runs = []
        for _ in range(per_family):
            body, values, failed_at = _run(fam, r, held_out=held_out, failure_rate=failure_rate,
                                           extra_rate=extra_rate, swap_rate=swap_rate, note_rate=note_rate)
            runs.append(Sample(body, fam, values, failed_at))
        per.append(runs)
    out: list[Sample] = []
    for i in range(per_family):
        for runs in per:
            s = runs[i]
            n = len(out)
            s.body["id"] = f"{id_prefix}-{seed}-{n:06d}"
            s.body["at"] = (start + timedelta(seconds=n)).isoformat().replace("+00:00", "Z")
            if not typed:
                s.body.pop("task_type", None)
            out.append(s)
    return out


def family(task_type: str) -> Family:
    return next(f for f in FAMILIES if f.task_type == task_type)


# --- scoring held-out matches (shared by the eval test and the bench) ------------------------------
def lcs(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence: steps covered in order."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def covered(run: Sequence[str], workflow: Sequence[str]) -> int:
    """Run steps the workflow has (each workflow step covers one run step with its action)."""
    from collections import Counter

    have = Counter(workflow)
    n = 0
    for a in run:
        if have[a] > 0:
            have[a] -= 1
            n += 1
    return n


@dataclass
class Score:
    """Held-out matching: right workflow, steps covered (any order / in order), task parameters filled."""

    runs: int = 0
    right: int = 0
    covered_steps: int = 0
    in_order_steps: int = 0
    procedure_steps: int = 0  # run steps that belong to the family's procedure (not noise)
    run_steps: int = 0
    params_right: int = 0
    params_asked: int = 0

    def add(self, sample: Sample, task_type: str | None, actions: Sequence[str], filled: dict[str, str]) -> None:
        run_actions = [s["action"] for s in sample.body["steps"]]
        self.runs += 1
        self.right += task_type == sample.family.task_type
        self.covered_steps += covered(run_actions, actions)
        self.in_order_steps += lcs(run_actions, actions)
        self.run_steps += len(run_actions)
        self.procedure_steps += covered(run_actions, [a for a, _ in sample.family.steps])
        for name in sample.family.task_params:
            self.params_asked += 1
            want, got = sample.values[name], filled.get(name)
            if got is not None and (str(want) == got or _same_number(got, want)):
                self.params_right += 1

    @property
    def accuracy(self) -> float:
        return self.right / self.runs if self.runs else 0.0

    @property
    def coverage(self) -> float:
        return self.covered_steps / self.run_steps if self.run_steps else 0.0

    @property
    def ceiling(self) -> float:
        """The best coverage a workflow can reach: the share of run steps that are not noise."""
        return self.procedure_steps / self.run_steps if self.run_steps else 0.0

    @property
    def in_order(self) -> float:
        return self.in_order_steps / self.run_steps if self.run_steps else 0.0

    @property
    def fill_rate(self) -> float:
        return self.params_right / self.params_asked if self.params_asked else 0.0


def _same_number(text: str, value: Any) -> bool:
    try:
        return isinstance(value, (int, float)) and abs(float(text) - float(value)) < 1e-9
    except ValueError:
        return False
