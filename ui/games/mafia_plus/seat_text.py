"""What a player's own card says, as plain texts (Kivy-free): the table's hold-to-peek and the
player's phone show the very same words."""

from __future__ import annotations


def card_texts(view) -> dict:
    """A SeatView -> the character card's texts (fellow Mafiosi and private notes included)."""
    extra = []
    if view.mafia_members:
        extra.append("Your Mafia: " + ", ".join(view.mafia_members) + ".")
    if view.mafia_boss:
        extra.append(f"Final word: {view.mafia_boss}.")
    extra.extend(view.notes)
    return {"card": view.card or "", "title": view.character or "", "faction": view.faction or "",
            "ability": view.ability_text or "", "extra": " ".join(extra)}
