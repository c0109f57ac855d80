"""Mafia (Sicily) screens, the Kivy-free part: what to draw and which buttons to offer.

The engine decides everything; this module only *sorts* what the engine says for the screens:
the calendar strip, where each counter is drawn on the schematic board (positions computed from
``board.toml``: the clockwise outer track as the island's triangle, the centre track through Enna
down the middle), which legal actions are big buttons on the shared screen and which belong on a
player's private card screen (anything that names or betrays a held card), and the new-game seats.
Tested in a plain interpreter (tests/ui/mafia_sicily/test_sicily_model.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from companion.games.mafia_sicily.engine import (CALENDAR, FAMILIES, SEATS, CardDrawn, Move, Pass, PlayCard,
                                                 counter_name, faction_of, is_private, kind_of)

# -- colours and words -----------------------------------------------------------------------
FACTION_HEX = {"state": "#3D6FB6", "red": "#C8373B", "black": "#121215", "orange": "#E07B28",
               "green": "#2E8B57"}
FACTION_SHORT = {"state": "State", "red": "Red", "black": "Black", "orange": "Orange", "green": "Green"}
BOX_TITLES = {"station": "Carabinieri Station", "prison": "Prison", "continent": "Continent"}
BOXES = ("station", "prison", "continent")


VARIANTS = {
    5: "Five players: one plays the State (Prefetto, SISDE, three Carabinieri), four play a Family each. "
       "A Family wins with 4 spaces, the State with 4 remediation points.",
    4: "Four players: no State player. After its own move each Family moves one State counter with one die; "
       "the SISDE counter is not used. 4 remediation points and everyone loses.",
    3: "Three players: one plays the State, the other two play two Families each (red and orange, "
       "black and green). A Family needs 5 spaces.",
    2: "Two players (the translator's experimental variant): red and green against black and orange, "
       "the State run by each in turn. A Family needs 5 spaces.",
}


def seat_roles(players: int) -> list[tuple[str, tuple[str, ...]]]:
    """For each seat: what it plays in words and its sides (State first), from the engine's SEATS."""
    seats = SEATS[players]
    out = []
    for seat in range(players):
        sides = tuple(f for f in ("state", *FAMILIES) if seats.get(f) == seat)
        label = " + ".join(FACTION_SHORT[f] for f in sides)
        out.append((label, sides))
    return out


def new_game_problem(players: int, names: Sequence[str]) -> str:
    """The sentence that stops Start, or "" when the table is ready."""
    missing = [i for i, n in enumerate(names[:players]) if not n]
    if missing:
        return f"Give every player a name ({len(missing)} to go)."
    lowered = [n.lower() for n in names[:players]]
    for n in names[:players]:
        if lowered.count(n.lower()) > 1:
            return f"{n} is named twice: each seat needs a different player."
    return ""


# -- the calendar ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    faction: str
    label: str
    current: bool


def calendar_slots(view) -> list[Slot]:
    """Red, black, State, orange, green, State (rule D1), the current one marked."""
    return [Slot(f, FACTION_SHORT[f], i == view.calendar_position) for i, f in enumerate(CALENDAR)]


def player_name(view, seat: int | None) -> str:
    if seat is None:
        return ""
    if view.names and 0 <= seat < len(view.names):
        return view.names[seat]
    return f"Player {seat + 1}"


def phase_text(view) -> str:
    """The status line: ``Turn 3 · Red · Anna``."""
    if view.winners is not None:
        return "Game over"
    who = player_name(view, view.acting_seat)
    if len(view.homes) < len(FAMILIES):  # before turn 1: the Family choosing its home city, not Red
        return "Home cities" + (f" · {who}" if who else "")
    return f"Turn {view.turn_number} · {FACTION_SHORT[view.turn_of]}" + (f" · {who}" if who else "")


# -- the board ---------------------------------------------------------------------------------
def space_names(engine) -> dict[str, str]:
    """Space id -> the name the table's own board prints, from the engine of this game (on main,
    ``session.engine.for_state(state)``: the box values the game was started with, never the package
    data), without a type in brackets ("Petralia (Antimafia Commission)" -> "Petralia")."""
    return {sid: name.split(" (")[0] for sid, name in engine.space_names.items()}


def game_engine(session):
    """The engine that knows this game's own board (names, routes): the box values the game was
    started with (``for_config``), never the package data."""
    return session.engine.for_config(session.config)


#: The map's grid (issue 18: full names, no tile over another): 8 columns x 5 rows, the outer track
#: clockwise round the edge (north coast on top), the centre track down through Enna, and inside the
#: island the Station / Prison / Continent boxes, the border key and the tap line.
GRID_COLS, GRID_ROWS = 8, 5
ISLAND_GRID = {
    "palermo": (0, 0), "bagheria": (1, 0), "termini": (2, 0), "cefalu": (3, 0), "santo_stefano": (4, 0),
    "capo_orlando": (5, 0), "patti": (6, 0), "messina": (7, 0),
    "taormina": (7, 1), "acireale": (7, 2), "catania": (7, 3),
    "augusta": (7, 4), "siracusa": (6, 4), "noto": (5, 4), "ragusa": (4, 4), "gela": (3, 4), "licata": (2, 4),
    "agrigento": (1, 4), "sciacca": (0, 4),
    "mazara": (0, 3), "marsala": (0, 2), "trapani": (0, 1),
    "petralia": (3, 1), "leonforte": (3, 2), "enna": (3, 3), "piazza_armerina": (4, 3),
}
#: Inside the island (col, row, cols, rows): the border key on the west, the boxes, the tap line, Back.
KEY_AREA = (1, 1, 2, 3)
BOX_CELLS = {"station": (4, 1), "prison": (5, 1), "continent": (6, 1)}
TAP_AREA = (4, 2, 3, 1)
ERROR_AREA = (4, 1, 3, 2)  # a refusal's sentence: over the boxes too, while it shows
BACK_AREA = (5, 3, 2, 1)

#: Upright (720x1280) the shipped grid is turned a quarter clockwise, 5 columns x 8 rows (north coast on
#: the right, Palermo top right), so a tile is as wide as tall and every name keeps its 22 px; inside the
#: island (in the turned grid's cells): the key on top, the tap line (and a refusal) under the centre
#: track, the boxes in a row, Back across the bottom.
UPRIGHT_KEY_AREA = (1, 1, 3, 2)
UPRIGHT_BOX_CELLS = {"station": (1, 5), "prison": (2, 5), "continent": (3, 5)}
UPRIGHT_TAP_AREA = (2, 4, 2, 1)
UPRIGHT_ERROR_AREA = UPRIGHT_TAP_AREA  # the boxes keep their own cells: a refusal is short enough
UPRIGHT_BACK_AREA = (1, 6, 3, 1)


def turned_cell(col: int, row: int) -> tuple[int, int]:
    """A cell of the wide grid on the upright one (a quarter turn clockwise)."""
    return GRID_ROWS - 1 - row, col

#: The border colours' key, one type a line (what the map's borders mean, where the map is).
TYPE_ORDER = ("city", "telephone", "roadblock", "antimafia", "ambush", "restaurant", "assassination",
              "news_leak", "blank")


@functools.lru_cache(maxsize=1)
def _shipped_routes():
    """The routes of the shipped board.toml (where ISLAND_GRID's places come from)."""
    from companion.games.mafia_sicily.data import load_board

    return load_board().routes


def grid_layout(board) -> dict[str, tuple[int, int]]:
    """Each space's (column, row) on the map's grid, row 0 on top. The shipped board sits as above;
    a board whose routes were moved (Your box) but keep the shape puts its n-th space clockwise where
    the shipped n-th lies (and its centre track on the shipped centre's cells), so the track still runs
    round the edge; any other board goes clockwise round the grid's edge from the top-left corner, its
    centre track down the fourth column (a board with more spaces than the edge holds gets more columns)."""
    shipped = _shipped_routes()
    if set(board.ids) == set(ISLAND_GRID):
        routes = board.routes
        if routes is None or routes == shipped:
            return dict(ISLAND_GRID)
        if len(routes.ring) == len(shipped.ring) and len(routes.center) == len(shipped.center):
            pos = {sid: ISLAND_GRID[old] for sid, old in zip(routes.ring, shipped.ring)}
            pos.update({sid: ISLAND_GRID[old] for sid, old in zip(routes.center, shipped.center)})
            return pos
    routes = board.routes
    ring = list(routes.ring) if routes else list(board.ids)
    centre = list(routes.center) if routes else []
    cols, rows = grid_size(board)
    edge = ([(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
            + [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)])
    pos = {sid: edge[i] for i, sid in enumerate(ring)}
    for i, sid in enumerate(centre):
        pos[sid] = (3, 1 + i % (rows - 2)) if i < rows - 2 else (4, 1 + i % (rows - 2))
    return pos


def grid_size(board) -> tuple[int, int]:
    if set(board.ids) == set(ISLAND_GRID):
        return GRID_COLS, GRID_ROWS
    n = len(board.routes.ring) if board.routes else len(board.ids)
    cols = GRID_COLS
    while 2 * cols + 2 * (GRID_ROWS - 2) < n:
        cols += 1
    return cols, GRID_ROWS


def places(view) -> dict[str, list[str]]:
    """Place (space id or box) -> the counters there, in the engine's counter order; unused counters left out."""
    out: dict[str, list[str]] = {}
    for counter, place in view.positions:
        if place != "off":
            out.setdefault(place, []).append(counter)
    return out


def token(counter: str) -> tuple[str, str, str]:
    """How a counter is drawn: (faction, shape 'square'|'circle', letter)."""
    k = kind_of(counter)
    f = faction_of(counter)
    if k == "boss":
        return f, "square", "B"
    if k == "picciotto":
        return f, "circle", ""
    if k == "prefetto":
        return "state", "square", "P"
    if k == "sisde":
        return "state", "circle", "S"
    return "state", "circle", "C"


def control_of(view) -> dict[str, tuple[str, int]]:
    return {sp: (c, n) for sp, c, n in view.control}


def where(view, counter: str, space_names: dict[str, str]) -> str:
    place = dict(view.positions)[counter]
    return space_names.get(place) or BOX_TITLES.get(place, place)


# -- which buttons -------------------------------------------------------------------------------
# ``is_private`` (the actions that name or betray a held card) is the engine's: its table view
# offers only the others.

@dataclass
class Choice:
    text: str
    action: Any = None
    kind: str = "act"  # act | roll | draw | counter (pick a counter to move) | cards (open a hand)
    request: str = ""
    counter: str = ""
    seat: int | None = None
    primary: bool = False


@dataclass
class Choices:
    """What the shared screen offers now."""

    buttons: list[Choice] = field(default_factory=list)
    private_seats: list[int] = field(default_factory=list)  # seats the card button opens (public facts only)
    selected: str = ""  # the counter whose moves are shown
    destinations: list[str] = field(default_factory=list)  # for the map
    hint: str = ""  # one line under the prompt (which real die to tap)
    map_hint: str = ""  # the map button's words while a counter moves (that the map can be tapped)


#: The card door's words by the kind the table view gives (``TableView.card_door``).
DOOR_WORDS = {"window": "Yes, on my private screen", "lose": "Give up a card on my private screen",
              "first": "Play a card first? (private screen)",
              "instead": "Play a card instead of rolling? (private screen)",
              "use": "Use a card here? (private screen)"}


def card_door(view) -> tuple[str, list[int]]:
    """The shared screen's way to a private card screen now: (button text, seats), or ("", []).
    The engine decides it on public facts only (issue 13: hand sizes, never which cards)."""
    if not view.card_door:
        return "", []
    kind, seats = view.card_door
    return DOOR_WORDS[kind], list(seats)


TYPE_WORDS = {"city": "city", "telephone": "telephone", "roadblock": "roadblock", "ambush": "ambush",
              "restaurant": "restaurant", "assassination": "assassination", "news_leak": "news leak",
              "antimafia": "Antimafia", "blank": "blank"}


def numbers_text(numbers) -> str:
    """(1, 2) -> "1-2"; (1, 3, 5) -> "1, 3, 5"."""
    ns = sorted(numbers)
    if len(ns) > 1 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}-{ns[-1]}"
    return ", ".join(map(str, ns))


def space_label(engine, sid: str) -> str:
    """A space as the table finds it on its board: the name (the game's own, ``space_names``) and always
    its type, with the die numbers printed on it (issue 14/18): "Bagheria (roadblock 1-2)",
    "Termini Imerese (telephone)", "Augusta (blank)"."""
    name = space_names(engine).get(sid, sid)
    kind = engine.space_type.get(sid, "")
    if not kind:
        return name
    nums = engine.space_numbers.get(sid, ())
    return f"{name} ({TYPE_WORDS.get(kind, kind)}{' ' + numbers_text(nums) if nums else ''})"


def move_text(engine, move: Move, view, compact: bool = False) -> str:
    """"Catania · both dice (5)"; ``compact`` (two columns of buttons) drops the bracketed part of
    the space's name and shortens the dice: "Palermo · both 10", "Noto · 1st die 4 · north"."""
    name = space_label(engine, move.to)
    if compact:
        die = {"sum": f"both {sum(view.dice)}", "first": f"1st die {view.dice[0]}",
               "second": f"2nd die {view.dice[1]}"}[move.die]
        face = {"N": " · north", "S": " · south"}.get(move.facing, "")
        return f"{name} · {die}{face}"
    die = {"sum": f"both dice ({sum(view.dice)})", "first": f"first die ({view.dice[0]})",
           "second": f"second die ({view.dice[1]})"}[move.die]
    face = {"N": ", heading north", "S": ", heading south"}.get(move.facing, "")
    return f"{name} · {die}{face}"


def short_name(counter: str) -> str:
    """"Red Boss", "Black Picciotto", "Prefetto", "Carabinieri 2": for buttons."""
    k = kind_of(counter)
    if k in ("boss", "picciotto"):
        return f"{FACTION_SHORT[faction_of(counter)]} {'Boss' if k == 'boss' else 'Picciotto'}"
    return {"prefetto": "Prefetto", "sisde": "SISDE"}.get(k, f"Carabinieri {counter[2:]}")


def counter_button_text(engine, counter: str, view) -> str:
    """"Red Boss · Palermo (city)": the space with its type, as on every button that names one."""
    place = dict(view.positions)[counter]
    where_ = space_label(engine, place) if place in engine.space_type else BOX_TITLES.get(place, place)
    return f"{short_name(counter)} · {where_}"


def public_text(engine, action, view=None) -> str:
    if isinstance(action, Pass):
        if view is not None and view.prompt_kind == "window":
            return "No"
        return "No card · go on"
    return engine.describe(action)


def table_choices(engine, view, selected: str = "", entered: Sequence[int] = ()) -> Choices:
    """The shared screen's buttons for the current prompt (never a card name), from the table view:
    the engine's public offer (``view.offers``), its map suggestions and card door, sorted here.

    ``selected`` is the counter chosen to move (or "by_hand" while real dice are entered face by face;
    ``entered`` the faces tapped so far)."""
    out = Choices()
    if view.winners is not None or not view.prompt_kind:
        return out
    door, out.private_seats = card_door(view)
    if view.chance:
        n = 2 if view.chance == "roll2d6" else 1
        if len(entered) < n and (entered or selected == "by_hand"):
            label = "first" if n == 2 and not entered else ("second" if n == 2 else "")
            which = f"Real {label} die" if label else "Real die"
            out.hint = f"{which}: tap the number it shows." + (f" (First die: {entered[0]})" if entered else "")
            out.buttons += [Choice(str(v), kind="face", request=str(v)) for v in range(1, 7)]
            out.buttons.append(Choice("‹ Let the app roll", kind="counter", counter=""))
            return out
        out.buttons.append(Choice("Roll 2 dice" if n == 2 else "Roll the die", kind="roll", request=view.chance,
                                  primary=True))
        out.buttons.append(Choice("Enter real dice", kind="counter", counter="by_hand"))
        out.buttons += [Choice(engine.describe(a), a) for a in view.offers]
        if door:
            out.buttons.append(Choice(door, kind="cards", seat=out.private_seats[0]))
        return out
    if view.prompt_kind == "draw":
        deck = view.draw_deck
        out.buttons.append(Choice(f"Draw the {'Roma' if deck == 'roma' else deck.upper()} card", kind="draw",
                                  primary=True))
        # a card from the physical deck is entered on the drawer's private screen, never here
        out.buttons.append(Choice("Enter the real card (private screen)", kind="enter", seat=view.acting_seat))
        return out
    public = list(view.offers)
    moves = [a for a in public if isinstance(a, Move)]
    if moves:
        counters = list(dict.fromkeys(m.counter for m in moves))
        if selected not in counters:
            selected = counters[0] if len(counters) == 1 else ""
        out.selected = selected
        if selected:
            mine = [m for m in moves if m.counter == selected]
            if not view.check_moves:
                # the players move on their own board and say where; the app's map only suggests
                mine = list(dict(view.suggestions).get(selected, ()))
                out.map_hint = "Moved elsewhere? Map: tap the space"
            else:
                out.map_hint = "Map: tap a lit space to move"
            out.destinations = list(dict.fromkeys(m.to for m in mine))
            if len(counters) > 1:
                out.buttons.append(Choice("‹ Another counter", kind="counter", counter=""))
            out.buttons += [Choice(move_text(engine, m, view), m) for m in mine]
        else:
            out.map_hint = "Map: tap a counter's space"
            out.buttons += [Choice(counter_button_text(engine, c, view), kind="counter", counter=c)
                            for c in counters]
    for a in public:
        if not isinstance(a, Move):
            out.buttons.append(Choice(public_text(engine, a, view), a))
    if door:
        out.buttons.append(Choice(door, kind="cards", seat=out.private_seats[0]))
    # two Picciotti of one Family in one space are the same counter at the table: one button
    seen, unique = set(), []
    for b in out.buttons:
        if b.text not in seen:
            seen.add(b.text)
            unique.append(b)
    out.buttons = unique
    return out


def choice_columns(count: int, faces: bool = False) -> int:
    """One column for up to three choices, two beyond (so 3-6 fit in sight at 800x480); the six faces
    of a real die in three columns, so 1 to 6 are all in sight without a scroll."""
    if faces:
        return 3
    return 2 if count > 3 else 1


def seat_choices(engine, seat_view, legal) -> list[Choice]:
    """The card plays a seat may make now, from its own view and the legal actions: a card play
    if the card is in its hand, any other private action if the seat is the one acting."""
    mine = {c.id for _side, cards in seat_view.hands for c in cards}
    out = []
    for a in legal:
        if not is_private(a):
            continue
        if (a.card in mine) if isinstance(a, PlayCard) else seat_view.table.acting_seat == seat_view.seat:
            out.append(Choice(engine.describe(a), a))
    return out


def printed_deck(engine, deck: str) -> list[Choice]:
    """Every card of the printed deck (public: the list betrays nothing about hands), for entering the
    real card drawn on the drawer's private screen; the engine refuses one not in the deck now."""
    cards = dict.fromkeys((c.id, c.name) for c in engine.cards[deck])
    return [Choice(name, CardDrawn(deck, cid)) for cid, name in cards]


def hand_lines(seat_view) -> list[tuple[str, str]]:
    """(card name, what it does · which deck and side) for a seat's private screen."""
    decks = {"roma": "Roma", "usa": "USA", "sisde": "SISDE"}
    out = []
    for side, cards in seat_view.hands:
        label = "State" if side.startswith("state") else FACTION_SHORT[side]
        for c in cards:
            what = c.text if c.text and c.text != c.name else ""
            out.append((c.name, (what + " · " if what else "") + f"{decks.get(c.deck, c.deck)} card, {label}"))
    return out


# -- scores -----------------------------------------------------------------------------------------
def remediation_text(points: float) -> str:
    whole = int(points)
    return f"{whole}½" if points - whole else str(whole)


def score_rows(view) -> list[tuple[str, str, str]]:
    """(side, big number, caption) for the scores screen and the turn screen's strip."""
    spaces = dict(view.spaces_controlled)
    need = 5 if view.players in (2, 3) else 4
    rows = [(f, str(spaces.get(f, 0)), f"of {need} spaces") for f in FAMILIES]
    rows.append(("state", remediation_text(view.remediation_points), "of 4 points"))
    return rows


def winners_text(view) -> str:
    if view.winners is None:
        return ""
    if not view.winners:
        return "Nobody wins."
    names = [player_name(view, s) for s in view.winners]
    return (" and ".join(names) + (" win!" if len(names) > 1 else " wins!")) if view.names else view.result


# -- what the last actions showed -------------------------------------------------------------------
def roll_purpose(awaiting: str) -> str:
    """"Roll for the roadblock against the Red Boss." -> "the roadblock against the Red Boss"."""
    text = awaiting.strip().rstrip(".")
    return text[len("Roll for "):] if text.startswith("Roll for ") else text


def table_lines(events) -> list[str]:
    """The texts everybody may see (never a Seat's event)."""
    from companion.engine import TableAudience

    return [e.text for e in events if isinstance(e.audience, TableAudience) and e.text]


def split_at_turn(events, lines: list[str]) -> tuple[list[str], list[str]]:
    """(what the side whose turn ended did, the rest from the next turn's first line on): one action
    can finish a turn (a control roll) and start the next, and the table must not read the first
    as the second's. Nothing ended when no new turn began."""
    from companion.engine import TableAudience

    shown = [e for e in events if isinstance(e.audience, TableAudience) and e.text]
    turn = next((i for i, e in enumerate(shown) if e.kind == "turn"), None)
    if not turn:
        return [], list(lines)
    head = [e.text for e in shown[:turn]]
    return head, [t for t in lines if t not in head]


def shootout_text(view) -> str:
    """The running shootout (the table view's): who against whom and the dice so far (odd hits)."""
    if not view.shootout:
        return ""
    attackers, defenders, rolls = view.shootout

    def side(counters):
        names = [counter_name(c) for c in counters]
        return ", ".join(dict.fromkeys(names)) + (f" (×{len(names)})" if len(set(names)) < len(names) else "")

    fired = " · ".join(f"{counter_name(c).split(' ', 1)[1] if ' ' in counter_name(c) else c} {v}"
                       for _s, c, v in rolls)
    return f"Shootout: {side(attackers)} against {side(defenders)}." + (f" Fired: {fired}." if fired else "")
