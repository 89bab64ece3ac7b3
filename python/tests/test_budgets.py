"""The command line's budgets in Python's words: each refusal names the
keyword that raises it (max_memory=, max_nodes=, max_time=, max_bytes=),
never a command-line flag, and comes as gametree.BudgetError."""

import time

import pytest

import gametree


def test_solve_takes_max_memory_and_says_so_in_pythons_words():
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.solve("ataxx", max_memory=1 << 20)
    message = str(caught.value)
    assert "max_memory=" in message and "--" not in message
    assert gametree.solve("tictactoe", max_memory=64 << 20) == "draw"
    with pytest.raises(ValueError, match="max_memory="):
        gametree.solve("tictactoe", max_memory=0)


def test_perft_stops_at_max_nodes_and_says_which_budget():
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.perft("checkers", 12, max_nodes=1000)
    message = str(caught.value)
    assert "max_nodes=1000" in message and "--" not in message
    assert gametree.perft("tictactoe", 3, max_nodes=600) == [9, 72, 504]


def test_perft_stops_at_max_time_and_says_which_budget():
    began = time.monotonic()
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.perft("ataxx", 9, max_time=1)
    assert time.monotonic() - began < 10
    message = str(caught.value)
    assert "max_time=1" in message and "--" not in message
    with pytest.raises(ValueError, match="max_time="):
        gametree.perft("tictactoe", 2, max_time=0)
