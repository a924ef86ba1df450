"""The percentile the benches print: `statistics.quantiles`' inclusive method (p50 is the median), one sample is
its own every percentile, none is NaN."""

from __future__ import annotations

import statistics


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]
