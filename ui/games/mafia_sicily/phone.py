"""What a Mafia (Sicily) player's phone shows (Kivy-free; ``ui/phones`` serves it).

Exactly the seat's private view, worded as the private card screen words it (hand.py, through
``model.hand_lines``): which side the seat plays, then each held card by its printed name with what it
does and its deck, then the seat's last private notes (``SeatView.notes``: the card drawn, the Mole's look). Cards are played at the table (the private card screen), so a phone chooses
nothing and has no ballot.

>>> from companion.games.mafia_sicily.engine import ENGINE
>>> from companion.views import Views
>>> views = Views(ENGINE, ENGINE.new({"players": 5, "names": ["Anna", "Bruno", "Carla", "Dario", "Elena"]}, 1))
>>> names(views.table)
['Anna', 'Bruno', 'Carla', 'Dario', 'Elena']
>>> card(views.for_seat(1))["extra"]
'You play: Red\\nNo cards: you hold no cards now.'
"""

from __future__ import annotations

from . import model

TITLE = "Mafia (Sicily)"


def names(table) -> list[str]:
    """Each seat's name, as the table shows it (the table view counts the players, names apart)."""
    return [model.player_name(table, i) for i in range(table.players)]


def page(mine, call=None) -> dict:
    return {"game": TITLE, "dark": False, "can_peek": True, "night": None, "ballot": None,
            "players": [], "headline": TITLE, "line": "Hold the button to see your cards."}


def card_lines(view, players: int) -> list[str]:
    """The seat's side and its cards, one line each (the private card screen's words)."""
    label = model.seat_roles(players)[view.seat][0] or "State"
    lines = [f"You play: {label}"]
    held = model.hand_lines(view)
    lines += [f"{name}: {detail}" for name, detail in held] or ["No cards: you hold no cards now."]
    # what only this seat was told (the card drawn, the Mole's look), as its card screen shows it
    lines += [f"Only for you: {note}" for note in getattr(view, "notes", ())[-3:]]
    return lines


def card(mine) -> dict:
    view = mine.mine
    return {"card": "", "title": "Your cards", "faction": "", "ability": "",
            "extra": "\n".join(card_lines(view, view.table.players))}
