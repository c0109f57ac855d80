"""The table host (ui/table.py): the one listener of every open game, telling the narrator, the
followers and the current screen once per commit, in that order (Kivy-free)."""

from types import SimpleNamespace

import pytest

from companion.games.dice import DiceRolled
from companion.session import RECENT
from companion.store import Store
from ui import table as table_module
from ui.table import TableHost


@pytest.fixture
def store(tmp_path):
    RECENT.forget()
    with Store.open(tmp_path / "t.db") as s:
        yield s
    RECENT.forget()


class Screen:
    def __init__(self, game):
        self.game, self.seen = game, []

    def on_commit(self, session, events):
        self.seen.append([e.kind for e in events])


def _host(store, heard):
    return TableHost(lambda: store, say=lambda text, chime=False: heard.append(("say", text)))


def test_open_resumes_the_newest_unfinished_game_or_starts_one(store):
    host = TableHost(lambda: store)
    first = host.open("dice")
    assert host.sessions["dice"] is first
    host.close("dice")
    assert host.open("dice").game_id == first.game_id  # the unfinished one, not a new one
    assert TableHost(lambda: store).open("mafia_plus", new_if_none=False) is None


def test_the_host_is_the_one_listener_however_often_a_game_is_opened(store):
    host = TableHost(lambda: store)
    session = host.open("dice")
    for _ in range(5):
        host.open("dice", session.game_id)
        host.adopt(session)
    assert len(session._listeners) == 1


def test_each_commit_reaches_speaking_policy_then_followers_then_the_current_screen_once(store, monkeypatch):
    heard = []
    host = _host(store, heard)
    monkeypatch.setattr(table_module, "manifest_of", lambda game: SimpleNamespace(
        lines_for=lambda session, events: [f"rolled {len(events)}"]))
    host.follow(lambda session, events: heard.append(("follower", len(events))))
    screen, other = Screen("dice"), Screen("mafia-plus")
    host.show_on(screen)
    session = host.open("dice")
    session.act(DiceRolled((2, 3)))
    assert heard == [("say", "rolled 1"), ("follower", 1)]
    assert len(screen.seen) == 1
    host.show_on(other)  # another game's screen is current: it hears nothing of the dice
    session.act(DiceRolled((1, 1)))
    assert other.seen == [] and len(screen.seen) == 1


def test_a_replaced_game_tells_nobody(store):
    heard = []
    host = _host(store, heard)
    old = host.open("dice")
    host.start("dice", {})
    old.act(DiceRolled((6, 6)))  # a stale screen acting on the old session
    assert heard == [] and old._listeners == []


def test_a_failing_follower_or_policy_never_stops_the_commit_reaching_the_screen(store, monkeypatch):
    host = TableHost(lambda: store, say=lambda text, chime=False: 1 / 0)
    monkeypatch.setattr(table_module, "manifest_of", lambda game: SimpleNamespace(
        lines_for=lambda session, events: ["a line"]))
    host.follow(lambda session, events: [][1])
    screen = Screen("dice")
    host.show_on(screen)
    host.open("dice").act(DiceRolled((4, 4)))
    assert len(screen.seen) == 1


def test_an_undo_hushes_what_is_being_said_before_the_undo_is_told(store, monkeypatch):
    """Narration is not left telling of a move taken back: the host hushes the narrator first,
    then says what the game's policy says of the undo; an ordinary commit never hushes."""
    heard = []
    host = TableHost(lambda: store, say=lambda text, chime=False: heard.append(("say", text)),
                     hush=lambda: heard.append(("hush",)))
    monkeypatch.setattr(table_module, "manifest_of", lambda game: SimpleNamespace(
        lines_for=lambda session, events: [e.text for e in events if e.kind == "undone"]))
    session = host.open("dice")
    session.act(DiceRolled((2, 3)))
    assert ("hush",) not in heard
    session.undo()
    assert heard[-2] == ("hush",) and heard[-1][0] == "say" and heard[-1][1].startswith("Undone")


def test_a_failing_hush_never_stops_the_undo_reaching_the_screen(store):
    host = TableHost(lambda: store, hush=lambda: 1 / 0)
    screen = Screen("dice")
    host.show_on(screen)
    session = host.open("dice")
    session.act(DiceRolled((4, 4)))
    session.undo()
    assert screen.seen[-1] == ["undone"]
