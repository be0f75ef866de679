import pytest

from minipkg import Stats, clamp, running_max


def test_clamp_inside():
    assert clamp(5, 0, 10) == 5


def test_clamp_below():
    assert clamp(-3, 0, 10) == 0


def test_clamp_above():
    assert clamp(12, 0, 10) == 10


def test_clamp_edges():
    assert clamp(0, 0, 10) == 0
    assert clamp(10, 0, 10) == 10


def test_clamp_bad_interval():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)


def test_running_max_basic():
    assert running_max([1, 3, 2, 5, 4]) == [1, 3, 3, 5, 5]


def test_running_max_empty():
    assert running_max([]) == []


def test_running_max_negative():
    assert running_max([-5, -7, -1]) == [-5, -5, -1]


def test_running_max_equal():
    assert running_max([2, 2, 1]) == [2, 2, 2]


def test_mean():
    assert Stats([1, 2, 3, 6]).mean() == 3


def test_mean_empty():
    assert Stats([]).mean() == 0.0


def test_mean_single():
    assert Stats([7]).mean() == 7


def test_mean_fraction():
    assert Stats([1, 2]).mean() == 1.5
