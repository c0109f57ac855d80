"""What a Mafia Casino player's phone shows (Kivy-free; ``ui/phones`` serves it).

Exactly the seat's private view, worded as the table's private pad words it (logic.py: "Card 1:
20 pearls"): the jewels in the seat's own safe, the poker cards it holds face down, and right after
a Safe Robbery, for robber and victim, which cards moved. Everything
else is played at the table, so a phone chooses nothing and has no ballot.

>>> from companion.games.mafia_casino.engine import ENGINE
>>> from companion.views import Views
>>> views = Views(ENGINE, ENGINE.new({"players": ["Anna", "Ben", "Cleo"]}, 1))
>>> names(views.table)
['Anna', 'Ben', 'Cleo']
>>> card(views.for_seat(0))["extra"]
'Your safe is empty.'
>>> safe_lines((("pearl", 20), ("diamond", 10)))
['Your safe: 2 cards', 'Card 1: 20 pearls', 'Card 2: 10 diamonds']
"""

from __future__ import annotations

TITLE = "Mafia Casino"


def names(table) -> list[str]:
    return [p.name for p in table.players]


def page(mine, call=None) -> dict:
    return {"game": TITLE, "dark": False, "can_peek": True, "night": None, "ballot": None,
            "players": [], "headline": TITLE, "line": "Hold the button to see your safe and cards."}


def safe_lines(safe) -> list[str]:
    """The safe's jewel cards, as the sell pad lists them."""
    if not safe:
        return ["Your safe is empty."]
    count = len(safe)
    return [f"Your safe: {count} card{'s' if count != 1 else ''}"] + \
        [f"Card {i + 1}: {n} {jewel}s" for i, (jewel, n) in enumerate(safe)]


def card(mine) -> dict:
    view = mine.mine
    lines = safe_lines(view.safe)
    if view.poker_cards:
        lines.append("Your poker cards: " + " ".join(view.poker_cards))
    if view.note:  # a robbery's cards, for robber and victim alone
        lines.append(view.note)
    return {"card": "", "title": "Your cards", "faction": "", "ability": "", "extra": "\n".join(lines)}
