"""Six players and the table's hardware in the real app, headless: players' tags choose the table
(a seventh is refused in words), a seat button picks the first player (a seat or a tag that is not
at the table is refused in words) and answers a card's "Which player?" (the player of the card is
refused), and six balances stay large. Used by test_casino_app.py in a subprocess (Kivy's window is
one per process). The commands go in where the hub puts them (``app.dispatch_command``); the RFID
reader and the seat buttons have no stand-in the table robot could press for a tag.

    python tests/ui/mafia_casino/commands_probe.py REPORT.json DB
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent))  # tests/ui: the run loop every probe shares
from ui_harness import run_probe  # noqa: E402

REPORT, DB = Path(sys.argv[1]), sys.argv[2]
obs: dict = {}
NAMES = ("Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi", "Gino")



def six(app):
    from companion.engine import TABLE
    from hardware import TagSeen, Vote

    for name in NAMES:
        app.store.add_player(name)
    for uid, name in (("0000000006", "Fifi"), ("0000000007", "Gino"), ("0000000003", "Cleo")):
        app.store.bind_tag(uid, "player", name)
    app.open_game("mafia-casino")
    yield 0.1
    new = app.screen("mafia_casino_new")
    for name in NAMES[:5]:
        new.toggle(name)
    obs["tag_used"] = app.dispatch_command(TagSeen("0000000006"))  # Fifi's tag on the reader
    yield 0.1
    obs["chosen_by_tag"] = list(new.chosen)
    obs["seventh_disabled"] = new.name_buttons["Gino"].disabled
    app.dispatch_command(TagSeen("0000000007"))  # a seventh player's tag
    yield 0.1
    obs["seventh_tag_error"] = new.error
    new.start()
    yield 0.2
    table = app.screen("mafia_casino_table")
    obs["after_start"] = app.manager.current
    table.draw()  # the app turns the Market Value card
    yield 0.1
    phase = lambda: table.session.view(TABLE).phase  # noqa: E731
    app.dispatch_command(Vote(9))  # no seat 10 at a table of six
    yield 0.1
    obs["vote_nobody"] = [table.error, phase()]
    app.dispatch_command(TagSeen("0000000007"))  # Gino is not at this table
    yield 0.1
    obs["tag_stranger"] = [table.error, phase()]
    obs["vote_used"] = app.dispatch_command(Vote(5))  # seat 6: Fifi goes first
    yield 0.3
    view = table.session.view(TABLE)
    obs["first_by_vote"] = [view.phase, view.active_name]
    panels = table.ids.players.children
    obs["players"] = len(panels)
    obs["balance_font"] = [w.ids.balance.font_size for w in panels]
    obs["balance_fits"] = [w.ids.balance.texture_size[0] <= w.ids.balance.width + 1 for w in panels]
    obs["phase_text"] = app.status.phase
    # a card with a target: a seat button or a player's tag answers "Which player?"
    table.go("mafia_casino_action")
    yield 0.2
    action = app.screen("mafia_casino_action")
    action.choose("safe_robbery")
    yield 0.1
    obs["target_prompt"] = action.prompt
    app.dispatch_command(Vote(5))  # Fifi plays the card herself
    yield 0.1
    obs["target_self"] = [action.error, "target" in action.wizard.answers]
    obs["target_used"] = app.dispatch_command(TagSeen("0000000003"))  # Cleo's tag
    yield 0.1
    obs["target_by_tag"] = [action.wizard.answers.get("target"), action.prompt, action.error]


def steps(app):
    """The app's first frames, then the probe (run_scenario turns an exception into obs["error"])."""
    yield 0.5
    yield from six(app)


def main() -> int:
    return run_probe(DB, steps, obs, REPORT)


if __name__ == "__main__":
    sys.exit(main())
