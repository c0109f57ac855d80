"""What a Mafia+ player's phone shows and may send (Kivy-free; ``ui/phones`` serves it).

A phone is a private screen for one seat, so it shows exactly ``view(Seat(n))`` plus public facts.
Night secrecy carries over from the table (companion/games/mafia_plus/panels.py): at every call *every* phone shows the
same dark page with the same "Hold to answer"; held, the called role's phone shows the role's panel
whether its player is alive, dead or away (a panel nobody can play records nothing), and every
other phone shows "not your call". Nothing on the page before the hold depends on who is alive.

>>> from companion.games.mafia_plus import ENGINE, engine as E
>>> st = ENGINE.new({"players": list("ABCDEFG"), "set": {"choices": ["bartender"]}}, 1)
>>> st, _ = ENGINE.apply(st, E.Dealt(("doctor", "detective", "loose_cannon", "lady_of_the_night",
...                                "mafia_boss", "coquette", "bartender"), by_hand=True))
>>> call = (night_key(st), "Night falls.", st)
>>> page(ENGINE, st, 0, call)["night"] == page(ENGINE, st, 4, call)["night"]
True
"""

from __future__ import annotations

from companion.engine import REVEAL, TABLE, Seat
from companion.errors import CompanionError
from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus import panels as NP
from companion.games.mafia_plus.views import CALLED

from .seat_text import card_texts

TITLE = "Mafia+"
NOT_YOURS = "Not your call. Keep your eyes closed."


class Refused(CompanionError):
    """A phone's message that cannot be taken now; the sentence is shown on that phone."""


def night_key(state) -> str:
    return f"{state.night}:{state.step}"


def ballot_key(state) -> str:
    return f"{state.day}:{len(state.votes)}:{state.vote.mode if state.vote else ''}"


def page(engine, state, seat: int, call=None) -> dict:
    """The seat's page: public facts, and what this seat may do on its phone now. At night it
    follows ``call`` (the table's call now: key, words, state when called), never the engine."""
    table = engine.view(state, TABLE)
    out = {"game": TITLE, "dark": False, "can_peek": state.characters is not None,
           "night": None, "ballot": None, "players": []}
    if state.phase == "deal" or (state.phase == "night" and state.night == 0 and call is None):
        # the cards are dealt and passed round before Night Zero's first call: still the deal
        out.update(headline="The deal", line="The cards are being dealt. Wait for your name at the table.")
    elif state.phase == "night":
        # the same for every seat, alive or dead, called or not: no list of the living either
        out.update(dark=True, headline=f"Night {state.night}", line=call[1] if call else "",
                   night={"key": call[0]} if call else None)
    elif state.phase == "day":
        out.update(headline=f"Day {state.day}", line=E.current_step(state).text,
                   players=[[n, a] for n, a in zip(table.players, table.alive)],
                   ballot=ballot(engine, state, seat))
        if state.stage == "voting" and state.vote_secret and out["ballot"] is None \
                and state.players[seat] in table.voted:
            out["line"] = "Your vote is in. Wait for the others."
    else:
        out.update(headline="Game over", line=table.end_reason or "",
                   players=[[n, a] for n, a in zip(table.players, table.alive)])
    return out


def card(engine, state, seat: int) -> dict:
    """The seat's own card and private notes (the phone shows it only while held)."""
    if state.characters is None:
        return {"card": "", "title": "No card yet", "faction": "", "ability": "", "extra": ""}
    return card_texts(engine.view(state, Seat(seat)))


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


def panel(engine, state, seat: int, call=None) -> dict:
    """What the seat's phone shows once "Hold to answer" is held during the table's call."""
    if call is None:
        return {"key": "", "title": "", "hint": "Nothing to choose now. Close your eyes.", "choices": []}
    key, _, called = call
    if key.endswith(WAKE):
        return _wake_panel(engine, called, seat, key)
    table = engine.view(called, TABLE)
    step = table.step
    role = NP.role_title(step)
    title = f"For {role} only" if role != "nobody" else f"Night {table.night}"
    model = engine.view(called, Seat(seat)).panel
    if model is None:
        hint = "Nothing to choose now. Close your eyes." if step in NP.NARRATION_STEPS else NOT_YOURS
        return {"key": key, "title": title, "hint": hint, "choices": []}
    return {"key": key, "title": title, "hint": model.hint,
            "choices": [{"label": label, "confirm": hold, "enabled": enabled}
                        for label, hold, enabled, _ in _choices(table.players, model)]}


def _wake_panel(engine, called, seat: int, key: str) -> dict:
    """Night Zero: the one the Lady chose sees who she is (their own note); everyone else is told
    it is not their call - on their own phone, held to their chest."""
    woken = engine.view(called, CALLED)
    hint = NOT_YOURS
    if woken is not None and woken.woken == seat:
        hint = woken.woken_note or NOT_YOURS
    return {"key": key, "title": "For the one the Lady chose", "hint": hint, "choices": []}


def choose(engine, state, called, seat: int, key: str, index: int):
    """The action a confirmed night choice records, or None when it records nothing: the role's
    panel held by a player who cannot act now (dead, away, the Owner not under attack), or held
    again after the role has chosen (the engine has moved on; the table still pads the call)."""
    model = None if key.endswith(WAKE) else engine.view(called, Seat(seat)).panel
    if model is None:
        raise Refused("Nothing to choose now.")
    choices = _choices(called.players, model)
    if not isinstance(index, int) or not 0 <= index < len(choices) or not choices[index][2]:
        raise Refused("Choose one of the names offered.")
    if state.phase != "night" or night_key(state) != night_key(called):
        return None
    # the same step as when called: the seat's panel is live only when this seat can record it
    return choices[index][3] if model.live else None


def answers(state, key: str) -> bool:
    """Does the call ``key`` answer its role (the Detective, the Lady of the Night)?"""
    if key.endswith(WAKE):
        return False
    night, step = (int(x) for x in key.split(":")[:2])
    return E.night_steps(0 if night == 0 else 1, frozenset(state.cast))[step] in NP.ANSWER_STEPS


def decoy_answer(state, key: str) -> str | None:
    """What a confirmation that records nothing answers: the same as a role with nothing to learn."""
    return NP.NO_ANSWER.format(night=key.split(":")[0]) if answers(state, key) else None


# -- the room's public screen (ui/phones/room.py) ---------------------------------------------------
def room(engine, state, call=None) -> dict:
    """What the table's shared screen shows, from ``view(TABLE)`` only (the reveal's at the end).
    At night: the table's call's words, never the engine's step (a living role that chose early
    moves the engine on; the room, like the phones, sees only what the table calls)."""
    table = engine.view(state, TABLE)
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
    reveal = engine.view(state, REVEAL)
    winners = ", ".join(table.winners) if table.winners else "nobody"
    return {**out, "headline": "Game over", "line": table.end_reason or "", "facts": [f"Winners: {winners}"],
            "reveal": [f"{s.name}: {s.character} ({s.faction}){'' if s.alive else ', dead'}" for s in reveal.seats]}


# -- the secret vote ---------------------------------------------------------------------------------
def ballot(engine, state, seat: int) -> dict | None:
    """A secret ballot for this seat while it still has to vote (who has voted is public)."""
    if state.phase != "day" or state.stage != "voting" or not state.vote_secret:
        return None
    legal = engine.legal_actions_by_seat(state).get(seat)
    if not legal:
        return None
    allowed = {a.target for a in legal if isinstance(a, E.CastVote)}
    mode = "eliminate" if state.vote.mode == "eliminate" else "reveal"
    options = [{"label": state.players[t], "enabled": t in allowed} for t in state.vote.accused]
    options.append({"label": "Abstain", "enabled": None in allowed})
    return {"key": ballot_key(state), "title": f"Secret vote: who do you vote to {mode}?", "options": options}


def vote(engine, state, seat: int, key: str, index: int):
    """The CastVote a phone's ballot records (refused in words when it is not this seat's turn)."""
    box = ballot(engine, state, seat)
    if box is None or key != box["key"]:
        raise Refused("There is no vote for you now.")
    if not isinstance(index, int) or not 0 <= index < len(box["options"]) or not box["options"][index]["enabled"]:
        raise Refused("Choose one of the names offered.")
    accused = state.vote.accused
    return E.CastVote(seat, accused[index] if index < len(accused) else None)
