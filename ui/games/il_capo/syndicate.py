"""The Syndicate phase: the app spins for each NPC (number and direction, announced), then the
table taps every player the NPC landed on, or nobody."""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from companion.games.il_capo.engine import NPC_NAMES, NPCS
from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic as L
from .common import GAME, IlCapoChip, IlCapoChoice, SpinnerPlay

load_kv(__file__)


CHIP = {"cop1": "Cop 1", "cop2": "Cop 2", "rico": "Rico", "brothers": "Brothers"}


class IlCapoSyndicateScreen(SpinnerPlay, GameScreen):
    game = GAME
    NEWS_SKIP = ("npc_moved", "npc_turn", "turn", "released")  # the table's Jail line says who is released
    npc_title = StringProperty("")
    npc_line = StringProperty("")
    progress = ListProperty([])

    def enter(self, news: str = "", **_) -> None:
        self.continue_to = ""
        if news:
            self.news = news

    def show(self, events) -> None:
        v = self.view()
        self.show_spinner(v, events)
        w = v.awaiting
        npc = NPCS[v.npc] if 0 <= v.npc < len(NPCS) else ""
        self.npc_title = L.NPC_SHORT.get(npc, "The Syndicate")
        if w == "npc_spin":
            self.npc_line = f"Tap the wheel to spin for {NPC_NAMES[npc]}."
        elif w == "npc_hits" and (v.npc_move or v.last_spin):
            n, side = v.npc_move or v.last_spin  # the NPC's own move, whatever was spun since
            way = "left" if side == "L" else "right (or straight)"
            self.npc_line = f"Moves {n} space{'' if n == 1 else 's'}, turning {way}. Whom did it land on?"
        else:
            self.npc_line = v.prompt
        progress = L.npc_progress(v)
        self.progress = [f"{'✓ ' if m == 'done' else '› ' if m == 'now' else '✗ ' if m == 'whacked' else ''}{name}"
                         for name, m in progress]
        strip = self.ids.progress
        strip.clear_widgets()
        for (name, mark), npc_key in zip(progress, L.NPC_ORDER):
            # the tick drawn in DejaVu Sans (Roboto has no ✓: it was an empty box)
            text = ("[font=DejaVuSans]✓[/font] " if mark == "done" else "") + CHIP[npc_key] + (" · out" if mark == "whacked" else "")
            chip = IlCapoChip(text=text, markup=True, current=mark == "now", faded=mark in ("done", "whacked"))
            strip.add_widget(chip)
        legal = self.session.legal_actions()
        choices = L.npc_hit_choices(v, legal, bool(v.npc_hit)) if w == "npc_hits" else []
        players = [c for c in choices if c.key != "nobody"]
        self.fill_choices(self.ids.hits, players, cols=3 if len(players) in (3, 5, 6) else min(4, max(2, len(players))))
        box = self.ids.controls
        box.clear_widgets()
        if self.continue_to or L.screen_for(v) != self.name:
            buttons = [L.Choice("continue", "Continue ›", mode="continue", primary=True)]
        elif w == "npc_spin":
            buttons = [L.Choice("hand", "Real spinner", mode="hand"),
                       L.Choice("spin", f"Spin for {self.npc_title}", mode="spin", primary=True)]
        else:
            buttons = [c for c in choices if c.key == "nobody"]
        for choice in buttons:
            button = IlCapoChoice(choice)
            button.bind(on_release=self.choose)
            box.add_widget(button)

    def settle(self) -> None:
        """The wheel shows the NPC's own movement spin while the table says whom it landed on,
        even after a beating's spin in between."""
        super().settle()
        v = self.view() if self.session is not None else None
        if v is not None and v.awaiting == "npc_hits" and v.npc_move and "wheel" in self.ids:
            self.ids.wheel.show(*v.npc_move)
            self._show_spin_text(*v.npc_move)

    def open_mode(self, choice) -> None:
        if choice.mode == "continue":
            self.do_continue()
        elif choice.mode == "spin":
            self.spin()

    def next_step(self) -> bool:
        w = self.view().awaiting
        if w == "npc_spin":
            return self.spin()
        if w == "npc_hits":
            return self.act(L.NpcDone())
        return False

    def pick_seat(self, seat: int) -> bool:
        if self.view().awaiting == "npc_hits":
            self.act(L.NpcHit(seat))
            return True
        return False


SCREEN = IlCapoSyndicateScreen
