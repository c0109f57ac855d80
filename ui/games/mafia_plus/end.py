"""The end: the winners with their factions, then the full reveal (every character, the night-by-
night timeline and the vote-by-vote record)."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.engine import REVEAL
from ui.game_screen import GameScreen
from ui.screens import load_kv

from .common import GAME, MafiaPlusTable

load_kv(__file__)


def reveal_text(view) -> str:
    """The whole reveal as lines (the End screen shows them in a scrolling list)."""
    lines = ["[b]Characters[/b]"]
    for s in view.seats:
        state = "alive" if s.alive else "eliminated"
        lines.append(f"{s.name}: {s.character} {s.card} · {s.faction} · {state}")
    for night in view.nights:
        lines.append(f"[b]Night {night.night}[/b]")
        lines.extend(f"  {a}" for a in night.actions)
        if night.deaths:
            lines.append("  Died: " + ", ".join(night.deaths))
    for v in view.votes:
        kind = "secret" if v.secret else "open"
        lines.append(f"[b]Day {v.day}: vote to {v.mode} ({kind})[/b]")
        lines.append("  " + "; ".join(f"{a} → {b or 'abstain'}" for a, b in v.votes))
        lines.append(f"  {v.ending}")
    return "\n".join(lines)


class MafiaPlusEndScreen(MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · The end")
    winners = StringProperty("")
    reason = StringProperty("")
    reveal = StringProperty("")

    def show(self, events) -> None:
        if self.wrong_screen(self.view()):  # an undo of the last sentence goes back to the game
            return
        view = self.session.view(REVEAL)
        self.set_phase("Mafia+ · The end")
        by_name = {s.name: s for s in view.seats}
        self.reason = view.table.end_reason or ""
        self.winners = "Winners: " + ", ".join(
            f"{n} ({by_name[n].faction})" for n in view.table.winners) if view.table.winners else "No winners"
        self.reveal = reveal_text(view)

    def home(self) -> None:
        self.table.close(GAME)
        self.app.go(self.app.controller.home())

    def stats(self) -> None:
        self.go("mafia_plus_stats")


SCREEN = MafiaPlusEndScreen
