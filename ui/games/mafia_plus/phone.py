"""What a Mafia+ player's phone shows and may send (Kivy-free; ``ui/phones`` serves it).

A phone is a private screen for one seat, so it shows exactly ``view(Seat(n))`` plus public facts:
every question here reads views only, through ``mine`` (``companion.views.SeatViews``: the table
view, the seat's own view and legal actions; another seat's view is refused), never the state.
Night secrecy carries over from the table (companion/games/mafia_plus/panels.py): at every call *every* phone shows the
same dark page with the same "Hold to answer"; held, the called role's phone shows the role's panel
whether its player is alive, dead or away (a panel nobody can play records nothing), and every
other phone shows "not your call". Nothing on the page before the hold depends on who is alive.

>>> from companion.games.mafia_plus import ENGINE, engine as E
>>> from companion.views import Views
>>> st = ENGINE.new({"players": list("ABCDEFG"), "set": {"choices": ["bartender"]}}, 1)
>>> st, _ = ENGINE.apply(st, E.Dealt(("doctor", "detective", "loose_cannon", "lady_of_the_night",
...                                "mafia_boss", "coquette", "bartender"), by_hand=True))
>>> views = Views(ENGINE, st)
>>> call = (night_key(views.table), "Night falls.", views)
>>> def seat(n): return views.for_seat(n), (call[0], call[1], views.for_seat(n))
>>> page(*seat(0))["night"] == page(*seat(4))["night"]
True
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus import panels as NP

from .seat_text import card_texts

TITLE = "Mafia+"
NOT_YOURS = "Not your call. Keep your eyes closed."


class Refused(CompanionError):
    """A phone's message that cannot be taken now; the sentence is shown on that phone."""


def night_key(table) -> str:
    """The call's key from a table view: which night, which step of it."""
    return f"{table.night}:{table.step_index}"


def ballot_key(table) -> str:
    return f"{table.day}:{table.votes_held}:{table.vote_mode or ''}"


def page(mine, call=None) -> dict:
    """The seat's page: public facts, and what this seat may do on its phone now. At night it
    follows ``call`` (the table's call now: key, words, views when called), never the engine."""
    table = mine.table
    out = {"game": TITLE, "dark": False, "can_peek": mine.mine.character is not None,
           "night": None, "ballot": None, "players": []}
    if table.phase == "deal" or (table.phase == "night" and table.night == 0 and call is None):
        # the cards are dealt and passed round before Night Zero's first call: still the deal
        out.update(headline="The deal", line="The cards are being dealt. Wait for your name at the table.")
    elif table.phase == "night":
        # the same for every seat, alive or dead, called or not: no list of the living either
        out.update(dark=True, headline=f"Night {table.night}", line=call[1] if call else "",
                   night={"key": call[0]} if call else None)
    elif table.phase == "day":
        out.update(headline=f"Day {table.day}", line=table.line,
                   players=[[n, a] for n, a in zip(table.players, table.alive)],
                   ballot=ballot(mine))
        if table.step == "voting" and table.vote_secret and out["ballot"] is None \
                and table.players[mine.seat] in table.voted:
            out["line"] = "Your vote is in. Wait for the others."
    else:
        out.update(headline="Game over", line=table.end_reason or "",
                   players=[[n, a] for n, a in zip(table.players, table.alive)])
    return out


def card(mine) -> dict:
    """The seat's own card and private notes (the phone shows it only while held)."""
    if mine.mine.character is None:
        return {"card": "", "title": "No card yet", "faction": "", "ability": "", "extra": ""}
    return card_texts(mine.mine)


# -- the night ------------------------------------------------------------------------------------
def _choices(players, model) -> list[tuple[str, str, bool, object]]:
    """(label, hold text, enabled, action) for every name in seat order, then the options."""
    by_target = {a.target: a for a in model.actions if NP.is_choice(a)}
    out = [(name, NP.confirm_text(model.step, by_target[i], players) if i in by_target else "",
            i in by_target, by_target.get(i)) for i, name in enumerate(players)]
    out += [(NP.option_text(a), NP.confirm_text(model.step, a, players), True, a)
            for a in model.actions if not NP.is_choice(a)]
    return out


WAKE = "wake"  # the key's tail for the Night Zero call that wakes the one the Lady chose


def panel(mine, call=None) -> dict:
    """What the seat's phone shows once "Hold to answer" is held during the table's call (read
    from the views when it was called, bound to this seat)."""
    if call is None:
        return {"key": "", "title": "", "hint": "Nothing to choose now. Close your eyes.", "choices": []}
    key, _, called = call
    if key.endswith(WAKE):
        return _wake_panel(called, key)
    table = called.table
    step = table.step
    role = NP.role_title(step)
    title = f"For {role} only" if role != "nobody" else f"Night {table.night}"
    model = called.mine.panel
    if model is None:
        hint = "Nothing to choose now. Close your eyes." if step in NP.NARRATION_STEPS else NOT_YOURS
        return {"key": key, "title": title, "hint": hint, "choices": []}
    return {"key": key, "title": title, "hint": model.hint,
            "choices": [{"label": label, "confirm": hold, "enabled": enabled}
                        for label, hold, enabled, _ in _choices(table.players, model)]}


def _wake_panel(called, key: str) -> dict:
    """Night Zero: the one the Lady chose sees who she is (their own note, in their own seat
    view); everyone else is told it is not their call - on their own phone, held to their chest."""
    hint = called.mine.woken_note or NOT_YOURS
    return {"key": key, "title": "For the one the Lady chose", "hint": hint, "choices": []}


def choose(mine, call, key: str, index: int):
    """The action a confirmed night choice records, or None when it records nothing: the role's
    panel held by a player who cannot act now (dead, away, the Owner not under attack), or held
    again after the role has chosen (the engine has moved on; the table still pads the call)."""
    called = call[2]
    model = None if key.endswith(WAKE) else called.mine.panel
    if model is None:
        raise Refused("Nothing to choose now.")
    choices = _choices(called.table.players, model)
    if not isinstance(index, int) or not 0 <= index < len(choices) or not choices[index][2]:
        raise Refused("Choose one of the names offered.")
    if mine.table.phase != "night" or night_key(mine.table) != night_key(called.table):
        return None
    # the same step as when called: the seat's panel is live only when this seat can record it
    return choices[index][3] if model.live else None


def answers(table, key: str) -> bool:
    """Does the call ``key`` answer its role (the Detective, the Lady of the Night)?"""
    if key.endswith(WAKE):
        return False
    night, step = (int(x) for x in key.split(":")[:2])
    return E.night_steps(0 if night == 0 else 1, frozenset(table.cast))[step] in NP.ANSWER_STEPS


def decoy_answer(table, key: str) -> str | None:
    """What a confirmation that records nothing answers: the same as a role with nothing to learn."""
    return NP.NO_ANSWER.format(night=key.split(":")[0]) if answers(table, key) else None


# -- the room's public screen (ui/phones/room.py) ---------------------------------------------------
def room(room, call=None) -> dict:
    """What the table's shared screen shows, from ``view(TABLE)`` only (the reveal's at the end).
    At night: the table's call's words, never the engine's step (a living role that chose early
    moves the engine on; the room, like the phones, sees only what the table calls)."""
    table = room.table
    players = [[n, a] for n, a in zip(table.players, table.alive)]
    stats = "hidden tonight" if table.stats_hidden else (table.stats or table.starting_stats)
    facts = [f"Stats: {stats}"]
    if table.away:
        facts.append(f"Away: {table.away}")
    out = {"game": TITLE, "dark": False, "players": players, "reveal": []}
    if table.phase == "deal" or (table.phase == "night" and table.night == 0 and call is None):
        return {**out, "headline": "The deal", "line": "The cards are being dealt.",
                "facts": [f"Cards in play: {', '.join(table.cards_in_play)}"]}
    if table.phase == "night":
        return {**out, "dark": True, "headline": f"Night {table.night}", "line": call[1] if call else "",
                "facts": facts}
    if table.phase == "day":
        if table.accused:
            facts.append(f"Accused: {', '.join(table.accused)}")
        if table.vote_mode:
            facts.append(f"Vote to {table.vote_mode} ({'secret' if table.vote_secret else 'open'}): "
                         f"{len(table.voted)} voted" + (f" ({', '.join(table.voted)})" if table.voted else ""))
        facts += [f"{voter} → {target or 'abstain'}" for voter, target in table.votes]
        facts += [f"{name}: {count}" for name, count in table.tally]
        if table.verdict:
            facts.append(f"Verdict: {table.verdict}")
        facts += [f"{name} declared {ability}" for name, ability in table.declared]
        facts += [f"{name} was revealed: {faction}" for name, faction in table.reveals]
        facts += [f"{name} died ({when})" for name, when in table.deaths]
        return {**out, "headline": f"Day {table.day}", "line": table.line, "facts": facts}
    reveal = room.reveal  # None until the game is over
    winners = ", ".join(table.winners) if table.winners else "nobody"
    return {**out, "headline": "Game over", "line": table.end_reason or "", "facts": [f"Winners: {winners}"],
            "reveal": [f"{s.name}: {s.character} ({s.faction}){'' if s.alive else ', dead'}"
                       for s in (reveal.seats if reveal is not None else ())]}


# -- the secret vote ---------------------------------------------------------------------------------
def _accused(table) -> list[int]:
    """The seats accused in the vote running (names are unique in Mafia+)."""
    return [table.players.index(name) for name in table.accused]


def ballot(mine) -> dict | None:
    """A secret ballot for this seat while it still has to vote (who has voted is public)."""
    table = mine.table
    if table.phase != "day" or table.step != "voting" or not table.vote_secret:
        return None
    legal = mine.legal
    if not legal:
        return None
    allowed = {a.target for a in legal if isinstance(a, E.CastVote)}
    mode = "eliminate" if table.vote_mode == "eliminate" else "reveal"
    options = [{"label": table.players[t], "enabled": t in allowed} for t in _accused(table)]
    options.append({"label": "Abstain", "enabled": None in allowed})
    return {"key": ballot_key(table), "title": f"Secret vote: who do you vote to {mode}?", "options": options}


def vote(mine, key: str, index: int):
    """The CastVote a phone's ballot records (refused in words when it is not this seat's turn)."""
    box = ballot(mine)
    if box is None or key != box["key"]:
        raise Refused("There is no vote for you now.")
    if not isinstance(index, int) or not 0 <= index < len(box["options"]) or not box["options"][index]["enabled"]:
        raise Refused("Choose one of the names offered.")
    accused = _accused(mine.table)
    return E.CastVote(mine.seat, accused[index] if index < len(accused) else None)
