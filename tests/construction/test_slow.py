"""The slow-suite decision (construction.slow): grey measurements are taken again and the least
decides; a time-out is slow; the threshold is at least twice the canonical's time."""

from __future__ import annotations

from execir.construction.slow import (GREY, REPEATS, is_grey, is_slow, least_seconds,
                                      slow_threshold)
from execir.construction.verify import ladder_step
from execir.execution import SuiteResult


class _Clock:
    """An oracle stand-in: each run of a code returns its next scripted duration."""

    def __init__(self, script: dict[str, list[float]]):
        self.script = {code: list(times) for code, times in script.items()}
        self.calls: list[tuple[str, float, bool]] = []
        self.cached = True
        self.timeout = 5.0

    def _copy(self, **changes):
        clone = _Clock({})
        clone.script, clone.calls = self.script, self.calls  # shared: one script, one call log
        clone.cached, clone.timeout = changes.get("cached", self.cached), changes.get("timeout", self.timeout)
        return clone

    def without_cache(self):
        return self._copy(cached=False)

    def with_limits(self, timeout):
        return self._copy(timeout=timeout)

    @property
    def limits(self):
        return type("L", (), {"timeout": self.timeout})()

    def run(self, jobs, *, progress=None, language="python"):
        out = []
        for code, _tests in jobs:
            self.calls.append((code, self.timeout, self.cached))
            spent = self.script[code].pop(0)
            out.append(SuiteResult(("FAIL",), (spent,)))
        return out


def _result(seconds: float, outcome: str = "FAIL") -> SuiteResult:
    return SuiteResult((outcome,), (seconds,))


def test_grey_window():
    assert is_grey(0.05, 0.0625) and is_grey(0.125, 0.0625) and is_grey(0.03125, 0.0625)
    assert not is_grey(0.03, 0.0625) and not is_grey(0.13, 0.0625)
    assert GREY == 2.0 and REPEATS == 2


def test_least_of_three_decides_a_grey_suite_and_a_clear_one_runs_once():
    oracle = _Clock({"grey": [0.05, 0.07], "clear": [], "fast": []})
    jobs = [("grey", ["t"]), ("clear", ["t"]), ("fast", ["t"])]
    first = [_result(0.09), _result(0.5), _result(0.001)]
    got = least_seconds(oracle, jobs, ["python"] * 3, first, [0.0625] * 3, limits=[0.25] * 3)
    assert got == [0.05, 0.5, 0.001]
    # only the grey one ran again: twice, uncached, under its own limit
    assert oracle.calls == [("grey", 0.25, False), ("grey", 0.25, False)]


def test_a_timed_out_suite_is_not_measured_again_and_is_slow():
    oracle = _Clock({"hang": []})
    res = _result(0.06, "TIMEOUT")
    assert least_seconds(oracle, [("hang", ["t"])], ["python"], [res], [0.0625]) == [0.06]
    assert oracle.calls == []
    # slow under the centred design's ratio rule; the star rule looks at the time alone
    assert is_slow(res, 0.0, 1.0, ratio=True) and not is_slow(res, 0.0, 1.0)


def test_threshold_is_a_share_of_the_limit_and_at_least_twice_the_canonical():
    assert slow_threshold(0.25, 0.001) == 0.0625  # a quarter of the limit
    assert slow_threshold(5.0, 1.3) == 2.6  # a JVM per test: twice the canonical's 1.3 s
    assert is_slow(_result(0.07), 0.07, 0.0625) and not is_slow(_result(0.07), 0.06, 0.0625)


def test_ladder_step_is_the_nearest_step_in_ratio():
    # 10 x 0.02 s = 0.2 s: nearest step 0.25 (ratio 1.25) -> 0.025 s of canonical time
    assert ladder_step(0.02, 5.0) == 0.025
    # 10 x 0.035 = 0.35: 0.25 is 1.4x away, 0.5 is 1.43x away -> 0.25
    assert ladder_step(0.035, 5.0) == 0.025
    assert ladder_step(0.0, 5.0) == 0.025
    assert ladder_step(1.3, 5.0, factor=40.0) == 5.0 / 40.0  # above the cap: the cap
