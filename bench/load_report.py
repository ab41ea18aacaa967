"""The load test's verdict on the phones' answers and its report: each pace's figures as
text, and what fails the run (server errors, unanswered requests, answers neither a
stored hand nor a refusal in words; under the abuse phase's flood, slow judges)."""

import statistics

from bench.load_abuse import ABUSERS
from bench.load_abuse import failures as abuse_failures
from bench.load_phones import ABUSE, KINDS, REALISTIC, Stats

TARGET_P95_MS = 100.0  # at the realistic pace (issue 15); printed, not enforced


def _percentiles(values: list[float]) -> tuple[float, float, float, float]:
    if len(values) < 2:
        value = values[0] if values else float("nan")
        return value, value, value, value
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], cuts[98], max(values)


def report(stats: Stats, phones: int, tables: int) -> str:
    """One pace's figures as text; at the realistic pace, with the latency target."""
    pace = stats.pace
    think = "no pause" if pace.think == (0, 0) else f"{pace.think[0]:g}–{pace.think[1]:g} s pause"
    lines = [
        f"{pace.name} ({phones} phones at {tables} tables, {think}; {stats.seconds:.0f} s):",
        f"  {'request':<14}{'count':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}",
    ]
    for kind, values in stats.latencies.items():
        if not values:
            continue
        for name, figures in ((KINDS[kind], values), ("  in worker", stats.served[kind])):
            p50, p95, p99, most = _percentiles(figures)
            lines.append(
                f"  {name:<14}{len(figures):>7}"
                + "".join(f"{value:>7.0f}ms" for value in (p50, p95, p99, most))
            )
    everything = [value for values in stats.latencies.values() for value in values]
    p95_all = _percentiles(everything)[1]
    saved = stats.outcomes["saved"]
    lines.append(
        f"  throughput: {saved / stats.seconds:.1f} hands/s stored, "
        f"{stats.requests / stats.seconds:.1f} requests/s; the phones' own CPU: "
        f"{stats.client_cpu:.1f} s; gunicorn's: {stats.server_cpu:.1f} s "
        f"({stats.server_cpu / stats.seconds:.2f} of a core)"
        + (
            f"; nginx's: {stats.proxy_cpu:.1f} s ({stats.proxy_cpu / stats.seconds:.2f} of a core)"
            if stats.proxy_cpu == stats.proxy_cpu  # not NaN: nginx in front
            else ""
        )
    )
    lines.append(
        "  answers: "
        + ", ".join(
            f"{stats.classes[name]} {name}" for name in ("2xx", "3xx", "4xx", "5xx", "no answer")
        )
    )
    lines.append(
        f"  saves: {saved} saved, {stats.outcomes['repeat']} answered 'stored before', "
        f"{stats.outcomes['refused']} refused in words"
        + "".join(
            f", {count} {outcome}"
            for outcome, count in stats.outcomes.items()
            if outcome not in {"saved", "repeat", "refused"}
        )
    )
    if stats.twice:
        lines.append(
            "  sent twice: "
            + ", ".join(
                f"{count} {how} ({' + '.join(answers)})"
                for (how, *answers), count in sorted(stats.twice.items())
            )
        )
    for text, count in stats.refusals.most_common(3):
        lines.append(f"    refused {count}×: {text}")
    if stats.flood is not None:
        lines.append(stats.flood.summary())
        by_site = stats.api_served["429"]
        lines.append(
            f"    refused by nginx: {max(stats.flood.answers['429'] - by_site, 0)}, by the "
            f"site: {by_site}; scored by the site: {stats.api_served['200']}"
        )
    if pace is REALISTIC:
        lines.append(
            f"  target: p95 ≤ {TARGET_P95_MS:.0f} ms over all requests: {p95_all:.0f} ms, "
            + ("met" if p95_all <= TARGET_P95_MS else "not met")
        )
    if pace is ABUSE:
        p50_all = _percentiles(everything)[0]
        lines.append(
            f"  target: the judges' p95 ≤ {TARGET_P95_MS:.0f} ms while {ABUSERS} clients flood "
            f"the API: {p95_all:.0f} ms (p50 {p50_all:.0f} ms), "
            + ("met" if p95_all <= TARGET_P95_MS else "NOT MET")
        )
    return "\n".join(lines)


def flood_cost(results: list[Stats]) -> str | None:
    """What the flood cost gunicorn: its CPU in the abuse phase beyond the realistic pace's
    (the same judges at the same pace), a second and per flood request; None unless both
    paces ran."""
    paces = {stats.pace.name: stats for stats in results}
    realistic, abuse = paces.get(REALISTIC.name), paces.get(ABUSE.name)
    if realistic is None or abuse is None or abuse.flood is None or not abuse.flood.requests:
        return None
    extra = abuse.server_cpu / abuse.seconds - realistic.server_cpu / realistic.seconds
    per_request = extra * abuse.seconds / abuse.flood.requests * 1000
    return (
        f"the flood's cost to gunicorn: {extra:.2f} of a core more than at the realistic pace "
        f"alone, {per_request:.2f} ms of CPU a flood request"
    )


def failures(stats: Stats) -> list[str]:
    """What fails the run in a pace's answers: server errors, requests without an answer,
    answers that are neither a stored hand nor a refusal in words."""
    failures = []
    if stats.classes["5xx"]:
        failures.append(f"{stats.pace.name}: {stats.classes['5xx']} server errors (5xx)")
    if stats.classes["4xx"]:
        failures.append(f"{stats.pace.name}: {stats.classes['4xx']} requests refused (4xx)")
    if stats.gave_up:
        failures.append(f"{stats.pace.name}: {stats.gave_up} phones found no hand form")
    if not stats.outcomes["saved"]:
        failures.append(f"{stats.pace.name}: no hand saved")
    if stats.classes["no answer"]:
        failures.append(f"{stats.pace.name}: {stats.classes['no answer']} requests unanswered")
    odd = {o: n for o, n in stats.outcomes.items() if o not in {"saved", "repeat", "refused"}}
    if odd:
        failures.append(f"{stats.pace.name}: saves answered {odd}")
    if stats.pace is ABUSE:
        judges = [value for values in stats.latencies.values() for value in values]
        failures += abuse_failures(_percentiles(judges)[1], stats.flood, TARGET_P95_MS)
    return failures
