"""Pictures of one entity's timeline: each attribute's versions as rectangles, valid time (x) against
transaction time (y). Pure: versions in, image bytes out; no store, no HTTP.

A version *is* a rectangle (see `graphmem.timeline`): `[valid_from, valid_to)` wide and
`[txn_time, txn_end)` tall. Reading the picture upwards is reading the service's beliefs over time; the
top row is what it believes now. Versions still open on an axis (`valid_to` or `txn_end` null) run to
the edge of the plot. How a version stopped being believed is marked by comparing it with what the same
transaction wrote for the attribute: a different value over its interval is a *correction* (hatched
`//`); none over part of it is a *retraction* (hatched `xx`); the same value over all of it is a plain
*clip* (outlined only). An erasure is a horizontal line at the transaction time it happened.

matplotlib runs on its non-interactive Agg canvas (no display, thread-safe enough for one figure per
call: the figure is built with the object API, never pyplot's global state). SVG text is kept as text
(`svg.fonttype: none`): smaller, searchable, and what the erasure tests read.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal, Protocol

import matplotlib

matplotlib.use("Agg")

from matplotlib import dates as mdates  # noqa: E402
from matplotlib import rc_context  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Patch, Rectangle  # noqa: E402

from graphmem.timeline import same_value  # noqa: E402

Format = Literal["svg", "png"]
Kind = Literal["believed", "corrected", "retracted", "clipped"]
MAX_LABEL = 24


class Drawn(Protocol):
    """What a version must offer to be drawn (`FactVersion` does)."""

    attribute: str
    value: Any
    valid_from: datetime
    valid_to: datetime | None
    txn_time: datetime
    txn_end: datetime | None


def kind_of(v: Drawn, versions: Sequence[Drawn]) -> Kind:
    """How `v` stopped being believed, judged from the versions of its attribute written when it closed."""
    if v.txn_end is None:
        return "believed"
    end = v.txn_end
    successors = [w for w in versions if w.txn_time == end and w.attribute == v.attribute
                  and w.valid_from < (v.valid_to or datetime.max.replace(tzinfo=end.tzinfo))
                  and (w.valid_to is None or w.valid_to > v.valid_from)]
    if any(not same_value(w.value, v.value) for w in successors):
        return "corrected"
    covered = v.valid_from
    for w in sorted(successors, key=lambda x: x.valid_from):
        if w.valid_from > covered:
            break
        if w.valid_to is None:
            return "clipped"
        covered = max(covered, w.valid_to)
        if v.valid_to is not None and covered >= v.valid_to:
            return "clipped"
    return "retracted"


_STYLE: dict[Kind, dict[str, Any]] = {
    "believed": {"alpha": 0.85, "hatch": None, "linestyle": "-"},
    "corrected": {"alpha": 0.35, "hatch": "//", "linestyle": "--"},
    "retracted": {"alpha": 0.35, "hatch": "xx", "linestyle": "--"},
    "clipped": {"alpha": 0.25, "hatch": None, "linestyle": ":"},
}


def _bounds(versions: Iterable[Drawn], now: datetime, erased_at: datetime | None) -> tuple[datetime, datetime,
                                                                                           datetime, datetime]:
    vs = list(versions)
    xs = [v.valid_from for v in vs] + [v.valid_to for v in vs if v.valid_to is not None]
    ys = [v.txn_time for v in vs] + [v.txn_end for v in vs if v.txn_end is not None] + [now]
    if erased_at is not None:
        ys.append(erased_at)
    x0, x1 = (min(xs), max(xs)) if xs else (now - timedelta(days=1), now)
    y0, y1 = min(ys), max(ys)
    pad_x = max((x1 - x0) * 0.15, timedelta(days=1))
    pad_y = max((y1 - y0) * 0.15, timedelta(hours=1))
    return x0 - pad_x / 3, x1 + pad_x, y0 - pad_y / 3, y1 + pad_y


def _num(t: datetime) -> float:
    """matplotlib's date number (days since its epoch) for an aware datetime."""
    return float(mdates.date2num(t))  # type: ignore[no-untyped-call]


def _label(value: Any) -> str:
    text = str(value)
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + "…"


def draw(key: str, versions: Sequence[Drawn], *, now: datetime, erased_at: datetime | None = None,
         fmt: Format = "svg", title: str | None = None) -> bytes:
    """The picture of `versions` (any attributes, any views' worth) as SVG or PNG bytes."""
    names = sorted({v.attribute for v in versions}) or ["(no versions)"]
    x0, x1, y0, y1 = _bounds(versions, now, erased_at)
    colours = matplotlib.colormaps["tab10"]
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "graphmem", "font.size": 8}):
        height = 1.2 + 2.4 * len(names)
        fig = Figure(figsize=(9, height))
        # fixed margins in inches: matplotlib's constrained layout measured every tick label of every
        # lane and took two thirds of the drawing time (0.9 of 1.4 s for six attributes)
        fig.subplots_adjust(left=1.3 / 9, right=1 - 0.2 / 9, top=1 - 0.75 / height, bottom=0.6 / height,
                            hspace=0.45 * len(names) / max(len(names) - 1, 1) / 2.4 if len(names) > 1 else 0.2)
        axes = fig.subplots(len(names), 1, squeeze=False, sharex=True)[:, 0]
        for ax, name in zip(axes, names):
            lane = [v for v in versions if v.attribute == name]
            values: list[Any] = []
            for v in sorted(lane, key=lambda x: (x.txn_time, x.valid_from)):
                slot = next((i for i, seen in enumerate(values) if same_value(seen, v.value)), None)
                if slot is None:
                    values.append(v.value)
                    slot = len(values) - 1
                kind = kind_of(v, lane)
                style = _STYLE[kind]
                left, right = _num(v.valid_from), _num(v.valid_to or x1)
                bottom, top = _num(v.txn_time), _num(v.txn_end or y1)
                ax.add_patch(Rectangle((left, bottom), right - left, top - bottom, facecolor=colours(slot % 10),
                                       alpha=style["alpha"], hatch=style["hatch"], edgecolor="black",
                                       linestyle=style["linestyle"], linewidth=0.8))
                ax.text(left + (right - left) / 2, bottom + (top - bottom) / 2, _label(v.value),
                        ha="center", va="center", fontsize=7, clip_on=True)
            if erased_at is not None:
                ax.axhline(_num(erased_at), color="crimson", linewidth=1.5)
                ax.text(_num(x0), _num(erased_at), " erased", color="crimson",
                        va="bottom", fontsize=7)
            # a text, not set_title: placing a title measures the axes' tick labels on every draw
            ax.text(0, 1.02, name, transform=ax.transAxes, fontsize=9, va="bottom")
            ax.set_ylabel("transaction time")
            ax.set_xlim(_num(x0), _num(x1))
            ax.set_ylim(_num(y0), _num(y1))
            ax.yaxis_date()
            ax.xaxis_date()
            for axis in (ax.xaxis, ax.yaxis):  # few ticks: each one is a costly artist
                axis.set_major_locator(mdates.AutoDateLocator(minticks=3, maxticks=7))  # type: ignore[no-untyped-call]
            ax.grid(True, linewidth=0.3, alpha=0.5)
        axes[-1].set_xlabel("valid time (open intervals run to the edge)")
        fig.legend(handles=[Patch(facecolor="lightgrey", edgecolor="black", hatch=s["hatch"],
                                  linestyle=s["linestyle"], label=k) for k, s in _STYLE.items()],
                   loc="upper right", bbox_to_anchor=(1 - 0.2 / 9, 1 - 0.3 / height), ncols=4, fontsize=7)
        fig.suptitle(title or f"{key}: versions, valid time × transaction time", fontsize=10, x=1.3 / 9,
                     y=1 - 0.1 / height, ha="left", va="top")
        out = io.BytesIO()
        fig.savefig(out, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    return out.getvalue()
