import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/liveness.py, ordering.py
import liveness  # noqa: E402
from ordering import (CACHE_KEY, WRITE_SEED, group_of, measured_lengths, plain_id, seeded_lengths,  # noqa: E402
                      weight, write_seed)

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

#: Apps a test starts speak with espeak-ng unless the test says otherwise (robot games pass their
#: own narration file; the natural-voice tests ask for piper): with a piper voice in the venv,
#: "auto" would load the model and pre-render every line in each app the suite starts.
_NARRATION_DEFAULT = Path(__file__).resolve().parent / "narration-espeak.toml"
os.environ.setdefault("MAFIA_COMPANION_NARRATION", str(_NARRATION_DEFAULT))

def _module_fixtures(item) -> set[str] | None:
    """The fixtures the test uses that live longer than one test (a module's app, a played game),
    by name; None when that cannot be told (then the whole file counts as one app)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    return {name for name, defs in info.name2fixturedefs.items()
            if defs and defs[-1].scope in ("module", "class", "package")}


def _app_groups(items) -> dict[str, str]:
    """The xdist group of each test that shares a longer-lived fixture: its file and the fixtures
    its tests share (``tests/acceptance/test_shell.py#gpio_table``). Tests sharing any such
    fixture, even through another, are one group, so each app is built once, on one worker; a
    file's different apps are different groups and may play side by side on two workers."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    uses: dict[str, list[str]] = {}
    for item in items:
        file = item.nodeid.split("::")[0]
        fixtures = _module_fixtures(item)
        keys = [f"{file}::*"] if fixtures is None else [f"{file}::{name}" for name in sorted(fixtures)]
        if keys:
            uses[item.nodeid] = keys
            find(keys[0])
            for key in keys[1:]:
                parent[find(key)] = find(keys[0])
    members: dict[str, list[str]] = {}
    for key in parent:
        members.setdefault(find(key), []).append(key)
    # "file#fixtures": the group goes into the node id after an "@", where "::" would be read as a part
    names = {root: root.split("::")[0] + "#" + "+".join(sorted(k.split("::", 1)[1] for k in keys))
             for root, keys in members.items()}
    return {nodeid: names[find(keys[0])] for nodeid, keys in uses.items()}


def pytest_configure(config):
    # how slow this machine is at the start of the run, handed to every app a test starts (and
    # to xdist's workers, started after this): each liveness limit is stretched by it
    # (tests/liveness.py), so a busy machine never fails a correct flow
    if liveness.ENV not in os.environ:
        os.environ[liveness.ENV] = f"{liveness.calibrate():.2f}"
    # keep the order below (longest first); xdist would otherwise sort groups by how many tests
    # they hold, which starts the one-test robot games last
    # ``-n N`` alone means xdist's "load", which ignores the groups: every worker would start each
    # module's app again; unless --dist was given, it means loadgroup here (as ./dev test says)
    args = [str(a) for a in config.invocation_params.args]
    if not any(a == "-d" or a.startswith("--dist") for a in args):
        if hasattr(config, "workerinput"):  # a worker: xdist set its loadgroup flag from "load"
            config.option.loadgroup = True
        elif getattr(config.option, "dist", "no") == "load":  # the controller: its scheduler
            config.option.dist = "loadgroup"
    if getattr(config.option, "dist", "no") == "loadgroup":
        config.option.loadscopereorder = False


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    """Under ``-n 6 --dist loadgroup`` (./dev test): the tests of a file that share a module-scoped
    fixture (an app played once, read by several tests) stay on one worker (one group per app:
    ``_app_groups``, a file's two apps may play on two workers); every other test may
    go to any worker, so two long robot games of one file play side by side. The groups are
    handed out longest first (as long as they took at the last run: tests/ordering.py), so no
    worker starts a long game at the end.

    A wrapper: the marks go on before xdist reads them (its hook names the group in the node id),
    and afterwards the group is put into the node id where xdist could not: pytest 9.2 keeps node
    ids structured and xdist 3.8 still writes the old ``_nodeid`` field, so every ``xdist_group``
    was silently ignored (pytest-dev/pytest-xdist#1386) and each worker built the same module's
    app again."""
    groups: dict[str, list] = {}
    shared: set[str] = set()
    app_groups = _app_groups(items)
    for item in items:
        name = app_groups.get(item.nodeid)
        if name is not None:
            item.add_marker(pytest.mark.xdist_group(name))
            shared.add(name)
            _groups[item.nodeid] = name
        else:
            name = item.nodeid
        groups.setdefault(name, []).append(item)
    # longest first; the sort is stable, so equal groups keep the collection order
    measured, seed = measured_lengths(config), seeded_lengths()
    order = sorted(groups, key=lambda name: -weight(name, groups[name], name in shared, measured, seed))
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


_durations: dict[str, float] = {}
#: the tests that share a module's app: node id -> its group (the file)
_groups: dict[str, str] = {}


def pytest_runtest_logreport(report):
    # setup + call + teardown: a module's app is built in its first test's setup
    key = plain_id(report.nodeid)
    _durations[key] = _durations.get(key, 0.0) + report.duration
    group = group_of(report.nodeid)  # under xdist the controller learns the groups from the node ids
    if group is not None:
        _groups[key] = group


def pytest_sessionfinish(session):
    """Keep what this run measured (in pytest's cache, .pytest_cache/, never in the tree) for
    the next run's order; tests not run this time keep their old lengths. With
    ``MAFIA_TESTS_WRITE_SEED=1`` the seed table tests/durations.json is rewritten from it too."""
    config = session.config
    if hasattr(config, "workerinput") or not _durations:
        return  # xdist's workers report to the controller, which keeps the numbers
    cache = getattr(config, "cache", None)
    if cache is not None:
        cache.set(CACHE_KEY, {**measured_lengths(config), **{k: round(v, 2) for k, v in _durations.items()}})
    if os.environ.get(WRITE_SEED):  # tests/durations.json measured, never hand-kept (tests/ordering.py)
        path = write_seed(_durations, _groups)
        config.get_terminal_writer().line(f"{WRITE_SEED}: wrote {path} from this run's lengths")


@pytest.fixture
def nets():
    """Network namespaces made for one test (tests/netns.py) and removed after it; the test is
    skipped, with the reason, where this machine cannot make them (not root, no ``ip netns``)."""
    from netns import Namespaces, skip_reason

    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    made = Namespaces()
    yield made
    made.close()
