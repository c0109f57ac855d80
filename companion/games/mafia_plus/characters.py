"""The Mafia+ character catalogue, loaded from ``characters.toml`` (rulebook section "Characters").

Each character is a card of a real deck (``A♢`` Loose Cannon, ``K♡`` Doctor, ``A♠`` Mafia Boss…), belongs
to a Faction (City, Mafia or Syndicate) and has ability types and the text printed on its private card.

>>> CHARACTERS["doctor"].card
'K♡'
>>> appears_as("poor_bloody_infantry"), appears_as("coquette"), appears_as("mayor")
('mafia', 'city', 'syndicate')
>>> character_id("Chairman's Daughter")
'chairmans_daughter'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.errors import ConfigError

FACTIONS = ("city", "mafia", "syndicate")
FACTION_NAMES = {"city": "City", "mafia": "Mafia", "syndicate": "Syndicate"}
#: "Faction Reveal": the GM's thumb gesture for each faction.
THUMBS = {"city": "thumbs up", "mafia": "thumbs down", "syndicate": "thumb sideways"}


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    cards: tuple[str, ...]
    faction: str
    appears_as: str
    abilities: tuple[str, ...]
    text: str
    quote: str
    copies: int = 1
    leader: bool = False
    excludes: tuple[str, ...] = ()

    @property
    def card(self) -> str:
        """The card rank+suit shown on the character card (first copy's card for Citizen/Mafioso)."""
        return self.cards[0]

    @property
    def label(self) -> str:
        return f"{self.name} ({self.card})"


def _load() -> dict[str, Character]:
    data = tomllib.loads((Path(__file__).with_name("characters.toml")).read_text(encoding="utf-8"))
    out = {}
    for cid, d in data.items():
        out[cid] = Character(
            id=cid, name=d["name"], cards=tuple(d["cards"]), faction=d["faction"],
            appears_as=d.get("appears_as", d["faction"]), abilities=tuple(d["abilities"]),
            text=d["text"], quote=d["quote"], copies=int(d.get("copies", 1)),
            leader=bool(d.get("leader", False)), excludes=tuple(d.get("excludes", ())))
    return out


CHARACTERS: dict[str, Character] = _load()
_BY_NAME = {c.name.lower(): c.id for c in CHARACTERS.values()}


def character_id(name_or_id: str) -> str:
    """Accept a character's id (``gun_shop_owner``) or printed name (``Gun Shop Owner``)."""
    if not isinstance(name_or_id, str):
        raise ConfigError(f"{name_or_id!r} is not a character name.")
    key = name_or_id.strip()
    if key in CHARACTERS:
        return key
    found = _BY_NAME.get(key.lower()) or _BY_NAME.get(key.lower().replace("_", " "))
    if found is None:
        raise ConfigError(f"'{name_or_id}' is not a Mafia+ character. Known: "
                          + ", ".join(c.name for c in CHARACTERS.values()) + ".")
    return found


def faction(cid: str) -> str:
    return CHARACTERS[cid].faction


def appears_as(cid: str) -> str:
    """The faction a reveal shows: Poor Bloody Infantry shows Mafia, Coquette shows City."""
    return CHARACTERS[cid].appears_as


def name(cid: str) -> str:
    return CHARACTERS[cid].name


def card_for_copy(cid: str, copy_index: int) -> str:
    """The card of the n-th copy of a character (Citizen 4♡, 4♢, 3♡…)."""
    cards = CHARACTERS[cid].cards
    return cards[min(copy_index, len(cards) - 1)]
