import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # liveness, durations
import liveness  # noqa: E402

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

#: Rough length of the long tests (seconds on one worker of ``./dev test``, 2-core CI machine,
#: 2026-12), used only to *start* them first: the suite waits for its last worker, so a
#: 10-minute game handed out last is the critical path. A key is the start of a node id (a
#: file, or file::test); the longest matching key counts. Wrong numbers only cost order, never
#: a result.
LONG_TESTS = {
    "tests/acceptance/test_mafia_plus_table.py::test_twelve_players": 500,
    "tests/acceptance/test_mafia_plus_table.py::test_twenty_three_players": 300,
    "tests/acceptance/test_mafia_plus_table.py::test_seven_players": 260,
    "tests/acceptance/test_mafia_plus_table.py::test_killed_mid_night": 220,
    "tests/acceptance/test_layout_tables.py": 180,
    "tests/acceptance/test_mafia_plus_phones.py": 200,
    "tests/acceptance/test_phones_table.py::test_twenty_three": 145,
    "tests/acceptance/test_phones_table.py": 65,
    "tests/acceptance/test_games_phones.py": 80,
    "tests/acceptance/test_twins_mafia_plus.py": 150,
    "tests/acceptance/test_il_capo_table.py": 150,
    "tests/acceptance/test_twins_casino.py": 130,
    "tests/acceptance/test_twins_sicily.py": 115,
    "tests/acceptance/test_casino_table.py": 90,
    "tests/acceptance/test_box_acceptance.py": 85,
    "tests/acceptance/test_contract_table.py": 70,
    "tests/acceptance/test_robot_basics.py": 12,
    "tests/companion/test_cli_fuzz.py": 40,
    "tests/companion/test_checkpoints.py": 30,
    "tests/companion/test_conformance.py": 15,
}
#: the same for a file whose tests share one app (a module-scoped fixture): the whole group
SHARED_APP_FILES = {
    "tests/ui/contract/test_contract_ui.py": 200,
    "tests/phones/test_phone_browser.py": 150,
    "tests/ui/app_shell/test_app_shell.py": 150,
    "tests/ui/mafia_casino/test_casino_app.py": 130,
    "tests/ui/il_capo/test_il_capo_ui.py": 120,
    "tests/ui/mafia_sicily/test_sicily_screens.py": 120,
    "tests/ui/mafia_plus/test_mafia_plus_app.py": 100,
    "tests/acceptance/sicily_table_test.py": 100,
    "tests/ui/test_app.py": 60,
    "tests/acceptance/test_dice_table.py": 25,
}
#: not listed: a robot game (tests/acceptance) or a file's shared app; any other test
UNLISTED_APP = 60
UNLISTED = 1


def _weight(name: str, members: list, shared: bool) -> float:
    """How long a group (a file's shared app, or one test) is expected to take."""
    table = SHARED_APP_FILES if shared else LONG_TESTS
    keys = [k for k in table if name.startswith(k)]
    if keys:
        return table[max(keys, key=len)]
    if shared or name.startswith("tests/acceptance/"):
        return UNLISTED_APP
    return UNLISTED


def _shares_a_module_fixture(item) -> bool:
    """Does the test use a fixture that lives longer than one test (a module's app, a played game)?
    Those tests must stay on one worker, or each worker builds the fixture again."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return True  # cannot tell: keep the file together, as before
    for defs in info.name2fixturedefs.values():
        if defs and defs[-1].scope in ("module", "class", "package"):
            return True
    return False


def pytest_configure(config):
    # how slow this machine is at the start of the run, handed to every app a test starts (and
    # to xdist's workers, started after this): each liveness limit is stretched by it
    # (tests/liveness.py), so a busy machine never fails a correct flow
    if liveness.ENV not in os.environ:
        os.environ[liveness.ENV] = f"{liveness.calibrate():.2f}"
    # keep the order below (longest first); xdist would otherwise sort groups by how many tests
    # they hold, which starts the one-test robot games last
    if getattr(config.option, "dist", "no") == "loadgroup":
        config.option.loadscopereorder = False


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    """Under ``-n 4 --dist loadgroup`` (./dev test): the tests of a file that share a module-scoped
    fixture (an app played once, read by several tests) stay on one worker; every other test may
    go to any worker, so two long robot games of one file play side by side. The groups are
    handed out longest first (``LONG_TESTS``), so no worker starts a long game at the end.

    A wrapper: the marks go on before xdist reads them (its hook names the group in the node id),
    and afterwards the group is put into the node id where xdist could not: pytest 9.2 keeps node
    ids structured and xdist 3.8 still writes the old ``_nodeid`` field, so every ``xdist_group``
    was silently ignored (pytest-dev/pytest-xdist#1386) and each worker built the same module's
    app again."""
    groups: dict[str, list] = {}
    shared: set[str] = set()
    for item in items:
        if _shares_a_module_fixture(item):
            name = item.nodeid.split("::")[0]
            item.add_marker(pytest.mark.xdist_group(name))
            shared.add(name)
        else:
            name = item.nodeid
        groups.setdefault(name, []).append(item)
    # longest first; the sort is stable, so equal groups keep the collection order
    order = sorted(groups, key=lambda name: -_weight(name, groups[name], name in shared))
    # xdist starts each of its N workers with two groups: the 1st..Nth to workers 1..N, then the
    # (N+1)th..2Nth to workers 1..N again. Reversed, that second round gives the worker with the
    # longest test the shortest of them (as a person dealing the work by hand would).
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if workers > 1 and len(order) >= 2 * workers:
        order[workers:2 * workers] = reversed(order[workers:2 * workers])
    items[:] = [item for name in order for item in groups[name]]
    result = yield
    if getattr(config.option, "loadgroup", False):  # an xdist worker under --dist loadgroup
        for item in items:
            marks = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                            for m in item.iter_markers("xdist_group")})
            if marks and "@" not in item.nodeid and hasattr(item, "_id"):
                item._id = type(item._id).parse(f"{item.nodeid}@{'_'.join(marks)}")
    return result
