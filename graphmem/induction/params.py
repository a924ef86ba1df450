"""Parameter abstraction: which arg values of the consensus steps are constants, which are parameters.

Args are flattened into slots (step index, key path; nested objects are walked, lists are whole
values). A slot is kept when more than half of the runs that take its step give it. A kept slot is
a parameter when its value varies across runs or when it is written in the run's task text
(then even a single run yields `{order_id}` rather than a frozen order id); otherwise it is a
constant. Slots carrying the same value in every run they share are one parameter (the order id
passed to three steps is one `{order_id}`). A varying string that becomes constant once other
parameters' values are replaced by their names is a template (`"Meeting with {attendee}"`), not a
parameter of its own. Names come from the arg key; a clash takes the action as prefix. Pure.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graphmem.identifiers import DEFAULT_REGISTRY, Registry
from graphmem.induction.consensus import StepKey, step_keys
from graphmem.induction.model import Param, Run, WorkflowStep, is_number
from graphmem.induction.shapes import appears_in, describe_values, left_context
from graphmem.induction.templates import PLACEHOLDER, VALUE_ARG

Slot = tuple[int, tuple[str, ...]]
_IDENT = re.compile(r"[^A-Za-z0-9_]+")


def canon(value: Any) -> str:
    """A comparable text for a JSON value (1, 1.0, "1" and true stay different)."""
    if isinstance(value, str):
        return "s" + value
    if isinstance(value, bool) or value is None:
        return "c" + repr(value)
    if isinstance(value, (int, float)):
        return "n" + repr(value)
    return "j" + json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _leaves(args: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    for k, v in args.items():
        if isinstance(v, Mapping) and v:
            yield from _leaves(v, (*prefix, k))
        else:
            yield (*prefix, k), v


def _ident(text: str) -> str:
    name = _IDENT.sub("_", text).strip("_")
    return name or "param"


@dataclass
class _Group:
    slots: list[Slot]
    series: dict[str, Any]  # run id -> value (union over the group's slots)
    template: str | None = None
    name: str = ""
    sources: set[int] = field(default_factory=set)


def _compatible(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    common = a.keys() & b.keys()
    if not common or 2 * len(common) < min(len(a), len(b)):
        return False
    return all(canon(a[r]) == canon(b[r]) for r in common)


def _as_text(value: Any) -> str | None:
    if isinstance(value, str) and len(value) >= 2:
        return value
    if is_number(value):
        return str(value)
    return None


def _templates(groups: list[_Group]) -> None:
    """Mark groups whose every value is the same text once other groups' values are substituted."""
    order = sorted(range(len(groups)), key=lambda g: sum(len(canon(v)) for v in groups[g].series.values())
                   / max(1, len(groups[g].series)))
    plain: list[int] = []
    for g in order:
        grp = groups[g]
        if len(grp.series) < 2 or not all(isinstance(v, str) for v in grp.series.values()):
            plain.append(g)
            continue
        found: set[str] = set()
        used: set[int] = set()
        for rid, value in grp.series.items():
            subs = [(src, _as_text(groups[src].series.get(rid))) for src in plain]
            text = value
            for src, sv in sorted(((s, v) for s, v in subs if v), key=lambda x: -len(x[1] or "")):
                if sv and sv in text:
                    text = text.replace(sv, f"\x00{src}\x00")
                    used.add(src)
            found.add(text)
            if len(found) > 1:
                break
        if len(found) == 1 and "\x00" in next(iter(found)):
            grp.template, grp.sources = next(iter(found)), used
        else:
            plain.append(g)


def _label(action: str) -> str:
    """The words that name a step's element: the action without its operation, bracketed roles and
    placeholders (`TYPE [combobox] Flying from` → `flying_from`); empty when nothing is left."""
    words = [w for w in action.split()[1:] if not w.startswith(("[", "{"))]
    return _ident(" ".join(words[-4:]).lower()) if words else ""


def _name(slot: Slot, action: str, values: Sequence[Any], *, generic: bool, registry: Registry) -> str:
    """A parameter's name: its arg key; a key shared by several parameters of one workflow (every
    `value` a web agent types) or a value taken from the action text (`*`) is named by the kind of
    its values when that says something (`date`, `time`, `email`), else by the element's label."""
    key = slot[1][-1]
    if key != VALUE_ARG and not generic:
        return _ident(key)
    kind = describe_values(values, registry)[0]
    if kind in ("date", "time", "email", "phone", "uuid"):
        return kind
    label = _label(action)
    if key == VALUE_ARG:
        return label or "item"
    return label if label and label != "param" else _ident(key)


def _render_action(action: str, args: dict[str, Any]) -> str:
    """A templated action gets its `{*}` back as the parameter's `{name}` (or the constant text)."""
    if PLACEHOLDER not in action or VALUE_ARG not in args:
        return action
    value = args.pop(VALUE_ARG)
    return action.replace(PLACEHOLDER, value if isinstance(value, str) else json.dumps(value))


def abstract(path: Sequence[StepKey], succ: Sequence[Run],
             registry: Registry = DEFAULT_REGISTRY) -> tuple[tuple[WorkflowStep, ...], tuple[Param, ...]]:
    """The consensus steps with arg templates, and the parameters they use (see module docstring)."""
    index = {k: i for i, k in enumerate(path)}
    present = [0] * len(path)
    slots: dict[Slot, dict[str, Any]] = {}
    tasks = {r.id: r.task for r in succ}
    for run in succ:
        for key, step in zip(step_keys(run.steps), run.steps):
            i = index.get(key)
            if i is None:
                continue
            present[i] += 1
            for p, v in _leaves(step.args):
                slots.setdefault((i, p), {})[run.id] = v
    first_seen = {s: n for n, s in enumerate(slots)}
    kept = sorted((s for s, vals in slots.items() if 2 * len(vals) > present[s[0]]),
                  key=lambda s: (s[0], first_seen[s]))
    constants: dict[Slot, Any] = {}
    groups: list[_Group] = []
    for s in kept:
        vals = slots[s]
        varying = len({canon(v) for v in vals.values()}) > 1
        from_task = sum(appears_in(v, tasks[r]) for r, v in vals.items()) / len(vals)
        if not varying and from_task <= 0.5:
            constants[s] = next(iter(vals.values()))
            continue
        for g in groups:
            if _compatible(g.series, vals):
                g.slots.append(s)
                g.series.update(vals)
                break
        else:
            groups.append(_Group([s], dict(vals)))
    _templates(groups)
    taken: set[str] = set()
    slot_group = {s: gi for gi, g in enumerate(groups) for s in g.slots}
    key_groups = Counter(s[1][-1] for g in groups if g.template is None for s in g.slots[:1])
    for s in kept:
        if s not in slot_group:
            continue
        g = groups[slot_group[s]]
        if g.name or g.template is not None:
            continue
        generic = key_groups[s[1][-1]] > 1 or any(t[1][-1] == VALUE_ARG for t in g.slots)
        name = _name(s, path[s[0]][0], list(g.series.values()), generic=generic, registry=registry)
        if name in taken:
            name = _ident(f"{path[s[0]][0]}_{s[1][-1]}")
        base, n = name, 2
        while name in taken:
            name, n = f"{base}_{n}", n + 1
        g.name = name
        taken.add(name)
    args: list[dict[str, Any]] = [{} for _ in path]
    for s in kept:
        if s in constants:
            value: Any = constants[s]
        else:
            g = groups[slot_group[s]]
            if g.template is not None:
                value = re.sub("\x00(\\d+)\x00", lambda m: "{" + groups[int(m.group(1))].name + "}", g.template)
            else:
                value = "{" + g.name + "}"
        node = args[s[0]]
        for k in s[1][:-1]:
            node = node.setdefault(k, {})
        node[s[1][-1]] = value
    steps = tuple(WorkflowStep(_render_action(a, args[i]), occ, args[i], present[i])
                  for i, (a, occ) in enumerate(path))
    params = []
    for g in groups:
        if g.template is not None:
            continue
        values = list(g.series.values())
        kind, pattern, choices = describe_values(values, registry)
        common = Counter(v if isinstance(v, str) else json.dumps(v, sort_keys=True) for v in values).most_common()
        from_task = sum(appears_in(v, tasks[r]) for r, v in g.series.items()) / len(g.series)
        context = left_context([(v, tasks[r]) for r, v in g.series.items()]) if kind == "text" else None
        params.append(Param(name=g.name, kind=kind, pattern=pattern, choices=choices, context=context,
                            examples=() if kind in ("email", "phone") else tuple(v for v, _ in common[:3]),
                            from_task=round(from_task, 3),
                            slots=tuple(f"{s[0]}.{'.'.join(s[1])}" for s in g.slots)))
    return steps, tuple(params)
