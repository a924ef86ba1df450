"""The tenant one erasure example writes, drawn from a seed: people, and everything that can hold them.

Every person has spellings no other person shares (key, full name, email, nickname, a private note, a
phone written in several formats), so finding one in an answer names whose data it is. What holds the
people to be erased, and how much of it, is random: facts with versions, relations and a relation
property, an order's contact, turns (before the person exists, as speaker, in metadata, by nickname
only), trajectories of typed and untyped groups whose jobs share steps, batch induction, idempotent
writes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from graphmem.induction import group_key

FIRST = ["Maria", "José", "Zhang", "Aoife", "Nguyễn", "Tomasz", "Amara", "Kenji", "Ingrid", "Rafael", "Leila",
         "Oskar", "Siobhan", "Dmitri", "Fatima", "Lars"]
LAST = ["Okonkwo", "Lindqvist", "Álvarez", "O'Neill", "Haddad", "Brennan", "Kowalczyk", "Takahashi", "Moreau",
        "Delacroix", "Abernathy", "Vasquez", "Halvorsen", "Ferreira", "Yilmaz", "Castellano"]
NOTES = ["allergic to penicillin", "prefers calls after six", "VIP since the spring sale", "owes two invoices"]
CITIES = ["Lisbon", "Porto", "Shanghai", "Beijing", "Austin", "Boston"]

#: two task types, each two jobs sharing their first steps (so induction makes procedures and a
#: sub-workflow): job -> (task template, steps as (action, arg name or None))
JOBS: dict[str, dict[str, tuple[str, list[tuple[str, str | None]]]]] = {
    "helpdesk": {
        "refund": ("Refund {name}'s order {order}", [("open_console", None), ("lookup_customer", "phone"),
                                                   ("verify_identity", "email"), ("issue_refund", "order"),
                                                   ("close_ticket", None)]),
        "address": ("Change the address of {name} to {city}", [("open_console", None), ("lookup_customer", "phone"),
                                                              ("verify_identity", "email"),
                                                              ("update_address", "city"), ("notify_customer", "email")]),
    },
    "orders": {
        "cancel": ("Cancel order {order} for {email}", [("search_orders", "order"), ("open_order", "order"),
                                                       ("cancel_order", None), ("confirm", None)]),
        "track": ("Track order {order} of {name}", [("search_orders", "order"), ("open_order", "order"),
                                                   ("show_tracking", None), ("send_link", "email")]),
    },
}

Write = tuple[str, str, str, dict[str, Any]]  # label, method, path, request keywords


@dataclass(frozen=True)
class Person:
    key: str
    name: str
    phone: str  # ten digits
    email: str
    alias: str
    secret: str
    order: str
    city: str

    @property
    def phone_formats(self) -> list[str]:
        p = self.phone
        return [f"{p[:3]}-{p[3:6]}-{p[6:]}", f"+1 ({p[:3]}) {p[3:6]}-{p[6:]}", f"({p[:3]}) {p[3:6]} {p[6:]}",
                f"{p[:3]} {p[3:6]} {p[6:]}", f"+1{p}"]

    @property
    def spellings(self) -> list[str]:
        return [self.key, self.name, self.email, self.alias, self.secret]


def _person(rng: random.Random, first: str, last: str, n: int) -> Person:
    tag = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(5))
    phone = f"{rng.choice(['415', '617', '212', '312'])}{rng.randint(2, 9)}{rng.randint(0, 999999):06d}"
    plain = first.lower().replace("ễ", "e").replace("é", "e")
    return Person(key=f"CU-{tag}{n}", name=f"{first} {last}", phone=phone,
                  email=f"{plain}.{tag.lower()}@example.org", alias=f"{plain}{tag.lower()}",
                  secret=f"{rng.choice(NOTES)} (ref {tag.lower()}{rng.randint(100, 999)})", order=f"ORD-{tag}{n}",
                  city=rng.choice(CITIES))


@dataclass
class World:
    ns: str
    people: list[Person]
    to_erase: list[Person]
    keeper: Person  # never erased: later writes are about this person
    rng: random.Random
    sessions: list[str] = field(default_factory=list)
    turns: list[str] = field(default_factory=list)
    groups: dict[str, str] = field(default_factory=dict)  # task type -> group (workflow) key
    runs: int = 0

    @property
    def hub(self) -> str:
        return self.keeper.key

    @property
    def orders(self) -> list[str]:
        return [p.order for p in self.people]

    def _turn(self, sid: str, text: str, **extra: Any) -> Write:
        tid = f"{sid}-t{len(self.turns)}"
        self.turns.append(tid)
        if sid not in self.sessions:
            self.sessions.append(sid)
        body = {"role": self.rng.choice(["user", "assistant"]), "text": text, "id": tid, **extra}
        return f"turn {tid}", "POST", f"/sessions/{sid}/turns", {"json": body}

    def turn_about(self, p: Person | None, sid: str, others: list[Person] | None = None) -> Write:
        """A turn naming `p` in one of its spellings (and maybe one of `others`, default everybody)."""
        r = self.rng
        if p is None:
            return self._turn(sid, r.choice(["Thanks, the weather is nice today", "closing the conversation now",
                                             "the parcel arrived this morning", "can you check that again?"]))
        other = r.choice(others or self.people)
        form = r.randrange(7)
        if form == 0:
            return self._turn(sid, f"{p.name.upper()} called from {r.choice(p.phone_formats)} about the {p.secret}")
        if form == 1:
            return self._turn(sid, f"my number again: {r.choice(p.phone_formats)}")
        if form == 2:
            return self._turn(sid, "who wrote this?", speaker=p.name)
        if form == 3:
            return self._turn(sid, "see the attached ticket", metadata={"contact": {"mail": p.email.upper()}})
        if form == 4:
            return self._turn(sid, f"ask {p.alias} later about {other.city}")
        if form == 5:
            return self._turn(sid, f"{p.key} also asked about {other.name}")
        return self._turn(sid, f"please write to {p.email} about order {p.order}")

    def trajectory(self, p: Person) -> list[Write]:
        r = self.rng
        task_type = r.choice(sorted(JOBS))
        job = r.choice(sorted(JOBS[task_type]))
        template, steps = JOBS[task_type][job]
        values = {"name": p.name, "order": p.order, "city": r.choice(CITIES), "email": p.email,
                  "phone": r.choice(p.phone_formats)}
        body: dict[str, Any] = {
            "id": f"run-{self.runs}", "task": template.format(**values),
            "steps": [{"action": a, "args": {arg: values[arg]} if arg else {}} for a, arg in steps]}
        if r.random() < 0.1:  # a step more or less: runs of one job are not all alike
            body["steps"] = body["steps"][:-1]
        if r.random() < 0.85:
            body["task_type"] = task_type
            self.groups[task_type] = group_key(task_type=task_type)
        if r.random() < 0.7:
            body["outcome"] = "success"
        else:
            body.update(outcome="failure", failed_step=r.randrange(len(body["steps"])),
                        error=r.choice([f"customer {p.name} not found", "timeout", f"no order {p.order}"]))
        self.runs += 1
        out: list[Write] = [(f"trajectory {body['id']}", "POST", "/trajectories", {"json": body})]
        if r.random() < 0.2:
            out.append(("induce", "POST", "/workflows/induce", {"json": {}}))
        return out

    def writes(self) -> list[Write]:
        """The example's writes, in a random order that keeps what must come first first."""
        r = self.rng
        sids = [f"s{i}" for i in range(r.randint(1, 2))]
        early = [self.turn_about(r.choice([*self.people, None]), r.choice(sids)) for _ in range(r.randint(0, 3))]
        entities: list[Write] = []
        for p in self.people:
            entities.append((f"entity {p.key}", "PUT", f"/entities/{p.key}", {"json": {
                "type": "customer", "name": p.name, "attributes": {
                    "phone": r.choice(p.phone_formats), "email": p.email, "nickname": p.alias, "city": p.city}}}))
            holder = r.choice(self.people)  # an order's contact: someone's phone, maybe another person's
            entities.append((f"order {p.order}", "PUT", f"/entities/{p.order}", {"json": {
                "type": "order", "name": f"order of {holder.name}" if r.random() < 0.5 else "blue kettle",
                "attributes": {"contact": r.choice(holder.phone_formats), "status": "shipped"}}}))
        rest: list[list[Write]] = []
        for p in self.people:
            rest.append([("note", "POST", "/facts", {"json": {"entity": p.key, "attribute": "note", "value": p.secret}})])
            rest.append([("city v1", "POST", "/facts", {"json": {"entity": p.key, "attribute": "city",
                                                               "value": r.choice(CITIES), "valid_from": "2024-01-01"}}),
                         ("city v2", "POST", "/facts", {"json": {"entity": p.key, "attribute": "city",
                                                               "value": r.choice(CITIES), "valid_from": "2025-06-01"}})])
            other = r.choice([q for q in self.people if q is not p])
            rest.append([("knows", "POST", "/relations", {"json": {"from": p.key, "type": "KNOWS", "to": other.key}})])
            rest.append([("bought", "POST", "/relations", {"json": {
                "from": other.key, "type": "BOUGHT", "to": p.order, "properties": {"note": f"on behalf of {p.name}"}}})])
            rest.append([("idempotent fact", "POST", "/facts", {
                "headers": {"Idempotency-Key": f"idem-{p.key}"},
                "json": {"entity": p.key, "attribute": "email2", "value": p.email.upper()}})])
        for _ in range(r.randint(2, 8)):
            rest.append([self.turn_about(r.choice([*self.people, None]), r.choice(sids))])
        for _ in range(r.randint(1, 7)):
            rest.append(self.trajectory(r.choice(self.people)))
        r.shuffle(rest)
        tail: list[Write] = [("induce", "POST", "/workflows/induce", {"json": {}})] if r.random() < 0.5 else []
        return early + entities + [w for group in rest for w in group] + tail

    def later_writes(self, rng: random.Random) -> Iterator[Write]:
        """Writes after an erasure, about the person never erased (and naming nobody else: what names an
        erased person after the erasure is new data, which only the purge removes)."""
        k = self.keeper
        yield "keeper city", "POST", "/facts", {"json": {"entity": k.key, "attribute": "city", "value": rng.choice(CITIES)}}
        yield self.turn_about(k, rng.choice(self.sessions or ["s0"]), others=[k])
        if rng.random() < 0.5:
            yield from self.trajectory(k)


def build_world(rng: random.Random, *, ns: str) -> World:
    n = rng.randint(2, 3)
    firsts, lasts = rng.sample(FIRST, n), rng.sample(LAST, n)
    people = [_person(rng, f, l, i) for i, (f, l) in enumerate(zip(firsts, lasts))]
    to_erase = [people[0]] + ([people[1]] if n == 3 and rng.random() < 0.5 else [])
    return World(ns=ns, people=people, to_erase=to_erase, keeper=people[-1], rng=rng)
