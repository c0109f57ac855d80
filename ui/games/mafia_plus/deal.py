"""The secret deal: shuffle and deal (drawn by the session), then for each player in seat order a
neutral "Pass to <name>" screen and hold-to-peek at their character card.

With phones on (ui/phones/table.py), the table's address is a QR code here ("Phones: scan to join":
large before the shuffle, small beside each pass), and the "Pass to <name>" step is that seat's
private moment: "Link a phone" opens a digit keypad for the code <name>'s phone shows (a seat
that has a phone already needs a hold: "Hold to replace <name>'s phone"). Seats without phones
play exactly as before; with phones off none of this shows."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus.narration import line
from hardware.commands import Back, Next
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.phones.linking import PhoneKeypad, PhoneLinkRow, linked_text  # noqa: F401  (used by deal.kv)
from ui.widgets.hold_button import HoldButton  # noqa: F401
from ui.widgets.qr_code import QRCode  # noqa: F401  (used by deal.kv)

from . import flow
from .common import MafiaPlusTable, narration_facts
from .peek import PeekMixin



ALL_SEEN = line("deal.all_seen")


def names_line(names: list[str], limit: int = 6) -> str:
    """Who has a phone connected, in words that fit two lines.

    >>> names_line([]), names_line(["Anna", "Ben"]), names_line([str(i) for i in range(9)], 3)
    ('', 'Connected: Anna, Ben', 'Connected: 0, 1, 2 and 6 more')
    """
    if not names:
        return ""
    shown = ", ".join(names[:limit])
    more = len(names) - limit
    return f"Connected: {shown}" + (f" and {more} more" if more > 0 else "")


load_kv(__file__)


class MafiaPlusDealScreen(PeekMixin, MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · The deal")
    dealt = NumericProperty(0)  # 0 before the shuffle, 1 after
    turn = NumericProperty(0)  # whose card it is (seat)
    holder = StringProperty("")
    set_text = StringProperty("")
    hold_seconds = NumericProperty(1.0)
    CURTAIN_ALWAYS = True
    # phones (all empty / False with phones off)
    phones_on = BooleanProperty(False)
    phones_url = StringProperty("")
    phones_address = StringProperty("")
    wifi_data = StringProperty("")
    wifi_ssid = StringProperty("")
    phones_connected = StringProperty("")  # "Connected: Anna, Ben" (which seats, never what they do)
    holder_linked = BooleanProperty(False)
    keypad_open = BooleanProperty(False)
    link_note = StringProperty("")  # "Anna's phone is linked."

    def show(self, events) -> None:
        table = self.view()
        if self.wrong_screen(table):
            return
        self.dealt = 0 if table.phase == "deal" else 1
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.turn = min(len(table.seen), len(table.players) - 1)
        self.holder = table.players[self.turn]
        self._players = table.players
        self.set_text = ("Cards in play: " + ", ".join(table.cards_in_play)
                         + f". Starting stats {table.starting_stats} (City-Mafia-Syndicate).")
        self.set_phase("Mafia+ · The deal")
        if getattr(self, "_prerendered", None) != self.session.game_id:
            # the names are known: the lines that name players are rendered now, in the background
            from ui.narration.lines import mafia_plus_lines

            self._prerendered = self.session.game_id
            self.app.prerender_lines(mafia_plus_lines(narration_facts(table)))
        self.peek_stop()
        self._phones_changed()

    # -- phones ----------------------------------------------------------------------------------
    def _phones(self):
        return getattr(self.app, "phones", None)

    def _phones_changed(self, *_):
        phones = self._phones()
        if phones is not None and not getattr(self, "_phones_bound", False):
            phones.bind(running=self._phones_changed, url=self._phones_changed, address=self._phones_changed,
                        seats=self._phones_changed, wifi_data=self._phones_changed, linked=self._phones_changed)
            self._phones_bound = True
        on = bool(phones is not None and phones.running and self.session is not None)
        self.phones_on = on
        self.phones_url = phones.url if on else ""
        self.phones_address = phones.address if on else ""
        self.wifi_data = phones.wifi_data if on else ""
        self.wifi_ssid = phones.wifi_ssid if on else ""
        players = getattr(self, "_players", ()) if self.session is not None else []
        self.phones_connected = names_line([players[s] for s in sorted(phones.seats) if s < len(players)]) if on else ""
        if getattr(self, "_in_prepare", False) or \
                getattr(self, "_note_turn", None) != (self.session and self.session.game_id, self.turn):
            self.link_note = ""  # the note is for the seat it was made at
        self.holder_linked = bool(on and self.dealt and phones.is_linked(self.turn))
        keypad = self.ids.keypad_panel
        if keypad.is_open and (not on or not self.dealt or keypad.seat != self.turn):
            keypad.close()  # the keypad is for the seat whose moment it was

    def keypad_opened(self, is_open: bool) -> None:
        """"Link a phone" (or the held "Hold to replace ...") opened the keypad (ui/phones/linking.py)."""
        self.keypad_open = is_open
        if is_open:
            self.peek_stop()

    def phone_linked(self, seat: int, name: str) -> None:
        """The right code was typed: the pass step says so until the device passes on."""
        self.link_note = linked_text(name)
        self._note_turn = (self.session.game_id, seat)
        self._phones_changed()

    def deal(self) -> None:
        self.draw(None)

    def press_peek(self) -> None:
        if self.dealt:
            self.peek_start(self.turn)

    def release_peek(self) -> None:
        self.peek_stop()

    def next_player(self) -> None:
        """This player has seen their card: pass the device on (the last one starts the night)."""
        self.peek_stop()
        view = self.view()
        if len(view.seen) + 1 >= len(view.players):
            self.say(ALL_SEEN)  # said first: the night's first call waits for it
        self.act(E.Seen(self.turn))  # in the log: a restart resumes at the next player

    def handle_command(self, command) -> bool:
        if self.keypad_open and isinstance(command, (Next, Back)):
            if isinstance(command, Back):
                self.ids.keypad_panel.close()
            return True  # a button press never passes a player on while a code is being typed
        return super().handle_command(command)

    def on_next(self) -> bool:
        if not self.dealt:
            self.deal()
        else:
            self.next_player()
        return True


SCREEN = MafiaPlusDealScreen
