"""The test order's bookkeeping (tests/ordering.py, Kivy-free): xdist hands the long files out
first by their lengths from the last run, the seed table, or a default, so a new test needs no
entry. Every number here is one the test passes in: nothing is timed, no clock is read."""

from __future__ import annotations

from pathlib import Path

from ordering import SEED_DURATIONS, plain_id, seed_from, seeded_lengths, weight


class _Item:
    def __init__(self, nodeid: str):
        self.nodeid = nodeid


def test_the_order_uses_the_last_run_s_lengths_then_the_seed_then_a_default():
    seed = {"tests/acceptance/test_a.py": 300}
    new_game = [_Item("tests/acceptance/test_new_game.py::test_plays")]
    assert weight(new_game[0].nodeid, new_game, False, {}, seed) == 60  # a robot game: no entry needed
    assert weight("tests/companion/test_x.py::t", [_Item("tests/companion/test_x.py::t")], False, {}, seed) == 1
    a = [_Item("tests/acceptance/test_a.py::t1"), _Item("tests/acceptance/test_a.py::t2")]
    assert weight("tests/acceptance/test_a.py", a, True, {}, seed) == 300
    measured = {"tests/acceptance/test_a.py::t1": 40.0}  # t2 is new: as long as the measured average
    assert weight("tests/acceptance/test_a.py", a, True, measured, seed) == 80.0


def test_a_worker_s_group_suffix_is_not_part_of_the_measured_name():
    assert plain_id("tests/ui/test_app.py::test_x@tests/ui/test_app.py") == "tests/ui/test_app.py::test_x"
    assert plain_id("tests/x.py::test_y[a@b]") == "tests/x.py::test_y[a@b]"


def test_the_seed_file_is_found():
    assert Path(SEED_DURATIONS).exists() and seeded_lengths()


def test_the_seed_table_keeps_files_not_run_replaces_those_run_and_drops_deleted_ones():
    """Which entries the rewritten table holds, longest first; each entry is the sum of the
    lengths passed in for its file (or lone test), rounded."""
    durations = {"tests/acceptance/test_a.py::t1": 100.2, "tests/acceptance/test_a.py::t2": 3.0,
                 "tests/acceptance/test_new_game.py::test_plays": 80.6, "tests/companion/test_x.py::t": 0.1}
    groups = {"tests/acceptance/test_a.py::t1": "tests/acceptance/test_a.py",
              "tests/acceptance/test_a.py::t2": "tests/acceptance/test_a.py"}
    old = {"tests/acceptance/test_a.py": 300, "tests/acceptance/test_b.py": 200}
    table = seed_from(durations, groups, old)
    assert list(table) == ["tests/acceptance/test_b.py",  # not run: kept as it was
                           "tests/acceptance/test_a.py",  # run: replaced by its tests' sum
                           "tests/acceptance/test_new_game.py::test_plays"]  # new: added
    assert table["tests/acceptance/test_b.py"] == old["tests/acceptance/test_b.py"]
    assert table["tests/acceptance/test_a.py"] == round(100.2 + 3.0)
    assert "tests/companion/test_x.py::t" not in table  # below the table's shortest entry
    gone = seed_from({}, {}, {"tests/ui/test_gone.py": 60, "tests/acceptance/test_b.py#app": 20},
                     exists=lambda key: "gone" not in key)
    assert gone == {"tests/acceptance/test_b.py#app": 20}  # a deleted file's entry goes
