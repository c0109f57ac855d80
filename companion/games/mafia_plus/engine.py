"""Mafia+ rules engine: the Game Master's brain.

Phases and steps (all data in the state; the engine moves itself from one to the next):

``deal``
    Waits for the chance action ``Dealt(characters in seat order)``: drawn by the session with
    ``chance(state, rng)`` (a seeded shuffle), or entered by hand when players drew real cards.
``night``
    A fixed list of steps (``night_steps``). Each step calls one role with the same words every
    night (``narration.LINES["call.<step>"]``). Night 0: ``sleep``, ``mafia_meet``, then the opening
    abilities ``lady_of_the_night``, ``bodyguard``, ``blackmailer`` (or ``blackmailing_boss``), then
    ``dawn``. Later nights: ``sleep``, ``mafia``, ``doctor``, ``railwayman``, ``detective``,
    ``angel_of_death``, ``janitor``, ``bartender``, ``gun_shop_owner``, ``dawn``. A step exists when its
    character is in the set, whether that character is alive, dead or out of town. When the role
    can act, the acting seat chooses (``Heal(by, target)``...); otherwise the GM taps ``Continue()``
    after calling it, so the table hears the same words either way. ``Continue`` at ``dawn``
    resolves the night (``_resolve_dawn``) and starts the Day.
``day``
    Stages ``discussion`` (``Accuse``, ``DropAccusation``, ``CallVote``), ``voting`` (``CastVote`` in
    seat order for an open vote, in any order for a secret one) and ``verdict`` (the result is
    known; ``ChairmanAnnuls`` / ``DaughterDeclares`` until the GM's ``CarryOut``). ``CannonShot`` is
    possible in every stage. Any elimination, or the sentence, ends the Day: the next Night begins.
``over``
    Nothing is legal; ``outcome`` gives the winners.

The API for the screens: ``legal_actions`` (flat), ``legal_actions_by_seat`` (grouped by acting
seat; ``None`` = the GM), ``current_step`` (public description of the step: who is called, the
narration line id and words), ``view`` for ``TABLE`` / ``Seat(n)`` / ``REVEAL`` and ``views.CALLED``
(the called role's private panel, ``panels.py``). ``Seen(seat)`` records the deal's progress. Every decision the
rulebook leaves open is written in docs/rules/mafia-plus.md with the test that covers it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar, Mapping, Sequence

from companion.chance import shuffled
from companion.engine import (Action, ActionCodec, Audience, Engine, Event, Outcome, RevealAudience,
                              Seat, TableAudience, TABLE)
from companion.errors import ConfigError, IllegalAction

from . import characters as C
from . import sets as S
from .narration import line, names_text
from .panels import called_view, seat_panel, woken
from .views import CalledAudience, NightView, RevealSeat, RevealView, SeatView, TableView, VoteView
from .rules import (  # the vocabulary the engine works in, handed on to its callers too
    Dealt, Continue, Seen, _Choice, MafiaKill, Heal, Ship, Investigate, Mark, Seduce, Protect,
    Blackmail, GunShot, Sweep, Shift, Pass, Accuse, DropAccusation, CallVote, CastVote, CarryOut,
    ChairmanAnnuls, DaughterDeclares, CannonShot, ALL_ACTIONS, STEP_ACTION, NIGHT_ZERO_ORDER,
    NIGHT_ORDER, OPTIONAL_STEPS, MORTAL, CAUSES, REVOTE, DAY_POWERS, SINGLE_USE, night_steps,
    undo_kind, VoteState, NightRecord, VoteRecord, MafiaPlusState, StepInfo, current_step, _steps,
    _seat_of, _faction, _available, _role_actor, _mafia_seats, _leader, _mafia_decider,
    _blackmailer_of, _against_ok, _tonight, _neighbour, _stats, _name)


class _Resolver:
    """Resolves a list of attacks in order, then the chains they cause (FIFO queue).

    Order at dawn: the Mafia's attack (after the Bartender's shift), the Gun Shop Owner's shot,
    the Angel of Death's second mark; then each death's consequences in the order they happen
    (Mayor's voters in seat order, Bomber's left then right). A blast reaches the nearest player
    not yet eliminated at that moment.
    """

    def __init__(self, state: MafiaPlusState, healed: int | None = None, voters: Sequence[int] = ()):
        self.state = state
        self.alive = list(state.alive)
        self.lives = list(state.lives)
        self.healed = healed
        self.voters = tuple(voters)
        self.deaths: list[tuple[int, str]] = []
        self.saved: list[tuple[int, str]] = []

    def run(self, attacks: Sequence[tuple[int | None, str]]) -> "_Resolver":
        st = self.state
        queue: list[tuple[Any, str]] = [a for a in attacks if a[0] is not None]
        bodyguard = _seat_of(st, "bodyguard")
        while queue:
            target, source = queue.pop(0)
            if isinstance(target, tuple):   # a blast: (bomber seat, direction), aimed when it goes off
                target = _neighbour(st, target[0], target[1], self.alive)
                if target is None:
                    continue
            if not self.alive[target]:
                continue
            if target == st.away:           # out of town: cannot be attacked
                self.saved.append((target, f"{source}: out of town"))
                continue
            if source == "mafia" and target == self.healed:
                self.saved.append((target, "healed by the Doctor"))
                continue
            cause = source
            if (source in MORTAL and bodyguard is not None and st.protectee == target and bodyguard != target
                    and self.alive[bodyguard] and bodyguard != st.away):
                if source == "mafia" and bodyguard == self.healed:
                    self.saved.append((target, "the Bodyguard stepped in and was healed"))
                    continue
                target, cause = bodyguard, "bodyguard"
            if self.lives[target] > 1:
                self.lives[target] -= 1
                self.saved.append((target, "lost a life"))
                continue
            self.lives[target] = 0
            self.alive[target] = False
            self.deaths.append((target, cause))
            cid = st.characters[target]
            if cid == "mayor" and source == "vote":
                queue.extend((v, "mayor") for v in self.voters)
            if cid in ("bomber", "bomber_plus"):
                queue.append(((target, +1), "bomber"))
                if cid == "bomber_plus":
                    queue.append(((target, -1), "bomber"))
        return self


# --------------------------------------------------------------------------------------------
# The engine


class MafiaPlusEngine(Engine):
    """Mafia+ (6-23 players): City against Mafia, with the Syndicate on the side."""

    name = "mafia-plus"
    title = "Mafia+"
    version = 1
    actions = ActionCodec(*ALL_ACTIONS)
    min_players = S.MIN_PLAYERS
    max_players = S.MAX_PLAYERS
    #: a hand-entered deal is any arrangement of the set; "seen" is the deal's progress (Seen)
    free_entry = frozenset({"dealt", "seen"})

    # -- setup --------------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> MafiaPlusState:
        known = {"players", "characters", "set", "vote", "reveal_votes"}
        unknown = set(config) - known
        if unknown:
            raise ConfigError(f"Mafia+ has no option {', '.join(sorted(unknown))}; "
                              f"it knows {', '.join(sorted(known))}.")
        players = config.get("players")
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) and p.strip() for p in players):
            raise ConfigError("Give the players as a list of names in seat order (clockwise).")
        players = tuple(p.strip() for p in players)
        if not S.MIN_PLAYERS <= len(players) <= S.MAX_PLAYERS:
            raise ConfigError(f"Mafia+ is for {S.MIN_PLAYERS} to {S.MAX_PLAYERS} players, not {len(players)}.")
        if len(set(p.lower() for p in players)) != len(players):
            raise ConfigError("Two players have the same name; give everyone a different name.")
        if "characters" in config and "set" in config:
            raise ConfigError("Give either 'characters' (a custom set) or 'set' (the recommended set), not both.")
        if "characters" in config:
            chars = config["characters"]
            if not isinstance(chars, (list, tuple)):
                raise ConfigError("'characters' must be a list of character names.")
            cast = S.validate_set(chars, len(players))
        else:
            choice = config.get("set") or {}
            if not isinstance(choice, Mapping):
                raise ConfigError("'set' must be an object such as {\"choices\": [\"Mayor\"]}.")
            cast = S.validate_set(S.recommended_set(len(players), choice.get("choices")), len(players))
        vote = config.get("vote", "open")
        if vote not in ("open", "secret"):
            raise ConfigError(f"The vote is 'open' or 'secret', not {vote!r}.")
        reveal = config.get("reveal_votes", True)
        if not isinstance(reveal, bool):
            raise ConfigError("'reveal_votes' is true or false.")
        return MafiaPlusState(players=players, cast=cast, vote_secret=(vote == "secret"), reveal_votes=reveal)

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        n = rng.randint(S.MIN_PLAYERS, S.MAX_PLAYERS) if players is None else players
        n = max(S.MIN_PLAYERS, min(S.MAX_PLAYERS, n))
        config: dict[str, Any] = {"players": [f"P{i + 1}" for i in range(n)]}
        if rng.random() < 0.25:
            config["characters"] = list(S.random_custom_set(n, rng))
        else:
            config["set"] = {"choices": S.random_choices(n, rng)}
        config["vote"] = rng.choice(["open", "secret"])
        return config

    def default_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        """The rulebook's recommended set for the count (its A/B and pool picks drawn), open vote."""
        n = max(S.MIN_PLAYERS, min(S.MAX_PLAYERS, players or S.MIN_PLAYERS))
        return {"players": [f"P{i + 1}" for i in range(n)], "set": {"choices": S.random_choices(n, rng)},
                "vote": "open"}

    # -- chance -------------------------------------------------------------------------------
    def chance(self, state: MafiaPlusState, rng: Any, request: str | None = None) -> Action | None:
        if request is None and state.phase == "deal":
            return Dealt(shuffled(rng, state.cast))
        if request is not None:
            raise IllegalAction(f"'{request}' is not something to draw in Mafia+.")
        return None

    # -- legality -----------------------------------------------------------------------------
    def legal_actions(self, state: MafiaPlusState) -> list[Action]:
        return [a for group in self.legal_actions_by_seat(state).values() for a in group]

    def legal_actions_by_seat(self, state: MafiaPlusState) -> dict[int | None, list[Action]]:
        """Legal actions grouped by acting seat (``None`` = the GM). The deal is a chance action."""
        if state.phase == "night":
            return self._night_legal(state)
        if state.phase == "day":
            return self._day_legal(state)
        return {}

    def _night_legal(self, state: MafiaPlusState) -> dict[int | None, list[Action]]:
        step = _steps(state)[state.step]
        actor = self._actor(state, step)
        if actor is None:
            return {None: [Continue()]}
        n = len(state.players)
        if step == "janitor":
            return {actor: ([] if "janitor" in state.used else [Sweep(actor)]) + [Pass(actor)]}
        if step == "bartender":
            return {actor: ([] if "bartender" in state.used else [Shift(actor, "left"), Shift(actor, "right")])
                    + [Pass(actor)]}
        cls = STEP_ACTION[step]
        out = [cls(actor, t) for t in range(n) if self._target_ok(state, step, actor, t)]
        if step == "gun_shop_owner" or not out:
            out.append(Pass(actor))
        return {actor: out}

    def _actor(self, state: MafiaPlusState, step: str) -> int | None:
        if step in ("sleep", "mafia_meet", "dawn"):
            return None
        if step == "mafia":
            return _mafia_decider(state)
        if step == "gun_shop_owner":
            return self._gun_shop_owner_called(state)
        return _role_actor(state, step)

    def _target_ok(self, state: MafiaPlusState, step: str, by: int, t: int) -> bool:
        if not _available(state, t) or not _against_ok(state, by, t):
            return False
        if step in ("railwayman", "detective", "lady_of_the_night", "bodyguard", "blackmailer",
                    "blackmailing_boss", "gun_shop_owner") and t == by:
            return False
        if step == "railwayman" and t in state.boarded:
            return False
        return True

    def _gun_shop_owner_called(self, state: MafiaPlusState) -> int | None:
        """The Owner acts tonight only if the Mafia's attack, as things stand, kills them."""
        gso = _seat_of(state, "gun_shop_owner")
        if gso is None or not state.alive[gso]:
            return None
        res = self._mafia_attack(state)
        return gso if res.deaths and res.deaths[0] == (gso, "mafia") else None

    def _mafia_target(self, state: MafiaPlusState) -> int | None:
        kill = _tonight(state, "mafia")
        if kill is None:
            return None
        target = kill[1]
        shift = _tonight(state, "bartender")
        if shift is not None and shift[1] in ("left", "right"):
            target = _neighbour(state, target, +1 if shift[1] == "left" else -1, state.alive)
        return target

    def _mafia_attack(self, state: MafiaPlusState) -> _Resolver:
        heal = _tonight(state, "doctor")
        return _Resolver(state, healed=heal[1] if heal else None).run([(self._mafia_target(state), "mafia")])

    def _day_legal(self, state: MafiaPlusState) -> dict[int | None, list[Action]]:
        out: dict[int | None, list[Action]] = {}

        def add(seat, action):
            out.setdefault(seat, []).append(action)

        n = len(state.players)
        present = [i for i in range(n) if _available(state, i)]
        if state.stage == "discussion":
            for t in state.accused:
                add(None, DropAccusation(t))
            if state.accused:
                add(None, CallVote("eliminate"))
                if state.reveal_votes:
                    add(None, CallVote("reveal"))
            for by in present:
                for t in present:
                    if t != by and t not in state.accused and _against_ok(state, by, t):
                        add(by, Accuse(by, t))
            if not out:  # nobody can accuse anybody (one player in town): the Day ends without a vote
                add(None, Continue())
        elif state.stage == "voting":
            vote = state.vote
            done = {v for v, _ in vote.votes}
            pending = [v for v in vote.voters if v not in done]
            for by in (pending if state.vote_secret else pending[:1]):
                for t in vote.accused:
                    if _against_ok(state, by, t):
                        add(by, CastVote(by, t))
                add(by, CastVote(by, None))
        elif state.stage == "verdict":
            add(None, CarryOut())
            chairman = _role_actor(state, "chairman")
            if chairman is not None and "chairman" not in state.used:
                # his card: "the Chairman may also choose its effect: reveal or elimination",
                # whether or not the table calls votes to reveal itself (docs/rules/mafia-plus.md)
                for d in ("revote_eliminate", "revote_reveal", "end_day"):
                    add(chairman, ChairmanAnnuls(chairman, d))
            daughter = _role_actor(state, "chairmans_daughter")
            if (daughter is not None and "chairmans_daughter" not in state.used
                    and dict(state.vote.votes).get(daughter) is not None):
                add(daughter, DaughterDeclares(daughter))
        cannon = _role_actor(state, "loose_cannon")
        if cannon is not None and "loose_cannon" not in state.used:
            for t in present:
                if _against_ok(state, cannon, t):
                    add(cannon, CannonShot(cannon, t))
        return out

    def check(self, state: MafiaPlusState, action: Action) -> None:
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over; nothing more can be played.")
        if isinstance(action, Dealt):
            reason = self._deal_problem(state, action)
            if reason:
                raise IllegalAction(reason)
            return
        if isinstance(action, Seen):
            reason = self._seen_problem(state, action)
            if reason:
                raise IllegalAction(reason)
            return
        if action not in self.legal_actions(state):
            raise IllegalAction(self.explain_illegal(state, action))

    def _deal_problem(self, state: MafiaPlusState, action: Dealt) -> str | None:
        if state.phase != "deal":
            return "The cards have already been dealt."
        if len(action.characters) != len(state.players):
            return (f"Deal exactly one card to each of the {len(state.players)} players, "
                    f"not {len(action.characters)}.")
        bad = [c for c in action.characters if c not in C.CHARACTERS]
        if bad:
            return f"'{bad[0]}' is not a Mafia+ character id (for example 'doctor', 'mafia_boss')."
        if sorted(action.characters) != sorted(state.cast):
            return "The dealt cards are not the chosen set: " + ", ".join(C.name(c) for c in state.cast) + "."
        return None

    def _seen_problem(self, state: MafiaPlusState, action: Seen) -> str | None:
        if state.phase == "deal":
            return "Deal the cards first."
        if state.phase != "night" or state.night != 0 or state.step != 0:
            return "Everyone has seen their card already; the night has begun."
        if not isinstance(action.seat, int) or not 0 <= action.seat < len(state.players):
            return f"There is no seat {action.seat}; seats are 0 to {len(state.players) - 1}."
        if action.seat in state.seen:
            return f"{state.players[action.seat]} has already seen their card."
        return None

    def explain_illegal(self, state: MafiaPlusState, action: Action) -> str:
        """A sentence for a refused action: phase first, then the specific rule."""
        if state.phase == "deal":
            return "Deal the cards first."
        by = getattr(action, "by", None)
        target = getattr(action, "target", None)
        n = len(state.players)
        for seat in (by, target):
            if isinstance(seat, int) and not 0 <= seat < n:
                return f"There is no seat {seat}; seats are 0 to {n - 1}."
        if isinstance(by, int):
            who = state.players[by]
            if not state.alive[by]:
                return f"{who} has been eliminated and may no longer speak or act."
            if by == state.away:
                return f"{who} is out of town and cannot speak, vote or use an ability."
        if isinstance(target, int):
            if not state.alive[target]:
                return f"{state.players[target]} has already been eliminated."
            if target == state.away and not isinstance(action, DropAccusation):
                return f"{state.players[target]} is out of town and cannot be targeted."
            if isinstance(by, int) and not _against_ok(state, by, target):
                # said on the shared screen: it names nobody (who blackmailed whom is a secret)
                return "That choice is not allowed. Choose someone else."
        if state.phase == "night":
            if isinstance(action, ChairmanAnnuls):
                return "The Chairman can act only after the vote, until the sentence is carried out; it is Night now."
            if isinstance(action, DaughterDeclares):
                return ("The Chairman's Daughter can declare only after the vote, until the sentence is carried "
                        "out; it is Night now.")
            if isinstance(action, (Accuse, DropAccusation, CallVote, CastVote, CarryOut, CannonShot)):
                return "That can only be done during the Day; it is Night now."
            step = _steps(state)[state.step]
            actor = self._actor(state, step)
            expected = STEP_ACTION.get(step)
            if isinstance(action, Continue):
                return "The called role must make its choice before the night goes on."
            if actor is None or by != actor:
                return "It is not that player's turn to act now."
            if expected is not None and not isinstance(action, (expected, Pass)):
                return f"Now is the {step.replace('_', ' ')} step; that action belongs elsewhere."
            if isinstance(action, Pass):
                return "This choice cannot be skipped: choose a person."
            if target == by:
                return f"The {C.name(step) if step in C.CHARACTERS else step} cannot choose themselves."
            if isinstance(action, Ship) and target in state.boarded:
                return f"{state.players[target]} has already boarded the train once."
            if isinstance(action, (Sweep, Shift)):
                if isinstance(action, Shift) and action.direction not in ("left", "right"):
                    return f"The Bartender shifts 'left' or 'right', not {action.direction!r}."
                return f"The {C.name(step)} has already used that ability once."
            return "That choice is not allowed now."
        if state.phase == "day":
            if isinstance(action, Continue) and state.stage == "discussion":
                return "The Day goes on while someone can still be accused; call the vote to end it."
            if isinstance(action, Continue) or type(action) in STEP_ACTION.values() or isinstance(
                    action, (Sweep, Shift, Pass)):
                return "That is a night action; it is Day now."
            if isinstance(action, CannonShot):
                if state.characters[by] != "loose_cannon":
                    return f"{state.players[by]} is not the Loose Cannon."
                return "The Loose Cannon has already fired their one shot."
            if isinstance(action, ChairmanAnnuls):
                if state.stage != "verdict":
                    return "The Chairman can act only after the vote, until the sentence is carried out."
                if action.decision not in ("revote_eliminate", "revote_reveal", "end_day"):
                    return "The Chairman calls 'revote_eliminate', 'revote_reveal' or 'end_day'."
                if state.characters[by] != "chairman":
                    return f"{state.players[by]} is not the Chairman."
                return "The Chairman has already used their power once."
            if isinstance(action, DaughterDeclares):
                if state.stage != "verdict":
                    return "The Chairman's Daughter can declare only after the vote, until the sentence."
                if state.characters[by] != "chairmans_daughter":
                    return f"{state.players[by]} is not the Chairman's Daughter."
                if "chairmans_daughter" in state.used:
                    return "The Chairman's Daughter has already declared once."
                return f"{state.players[by]} has no vote to double in this vote."
            if isinstance(action, CarryOut):
                return "There is no vote result to carry out yet."
            if isinstance(action, (Accuse, DropAccusation, CallVote)):
                if state.stage != "discussion":
                    return "Accusations are made before the vote is called."
                if isinstance(action, CallVote):
                    if action.mode not in ("eliminate", "reveal"):
                        return f"A vote is to 'eliminate' or to 'reveal', not {action.mode!r}."
                    if action.mode == "reveal" and not state.reveal_votes:
                        return "Votes to reveal are not allowed at this table."
                    return "Accuse someone before calling the vote."
                if isinstance(action, DropAccusation):
                    return f"{state.players[target]} is not accused."
                if target == by:
                    return "Accuse someone else, not yourself."
                return f"{state.players[target]} is already accused."
            if isinstance(action, CastVote):
                if state.stage != "voting":
                    return "No vote is running now."
                if by in {v for v, _ in state.vote.votes}:
                    return f"{state.players[by]} has already voted."
                if by not in state.vote.voters:
                    return f"{state.players[by]} may not vote in this vote."
                if target is not None and target not in state.vote.accused:
                    return f"{state.players[target]} is not accused; vote for an accused or abstain."
                return f"It is not {state.players[by]}'s turn to vote; the GM asks in seat order."
        return f"{action.describe()} is not allowed now."

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, state: MafiaPlusState, action: Action) -> tuple[MafiaPlusState, list[Event]]:
        events: list[Event] = []
        if isinstance(action, Seen):
            return replace(state, seen=state.seen + (action.seat,)), events
        before = state
        if isinstance(action, Dealt):
            state = self._deal(state, action, events)
        elif state.phase == "night":
            state = self._night_action(state, action, events)
        else:
            state = self._day_action(state, action, events)
        public = tuple(e.text for e in events if e.audience == TABLE)
        state = replace(state, log=state.log + public)
        if not isinstance(action, Continue):  # the automatic moves go with the tap before them
            kind = undo_kind(action)
            state = replace(state, taken=(kind, "" if kind != "day" else self.describe(action, before)))
        return state, events

    def _deal(self, state: MafiaPlusState, action: Dealt, events: list[Event]) -> MafiaPlusState:
        chars = tuple(action.characters)
        n = len(chars)
        lives = tuple(2 if c == "saint" else 1 for c in chars)
        state = replace(state, characters=chars, alive=(True,) * n, lives=lives, marks=(0,) * n)
        events.append(Event("dealt", line("deal.done")))
        copies: dict[str, int] = {}
        for i, c in enumerate(chars):
            k = copies[c] = copies.get(c, -1) + 1
            ch = C.CHARACTERS[c]
            events.append(Event("your_card", f"Your card: {ch.name} ({C.card_for_copy(c, k)}), "
                                f"{C.FACTION_NAMES[ch.faction]}. {ch.text}", Seat(i), {"character": c}))
        return self._start_night(state, 0, events)

    def _start_night(self, state: MafiaPlusState, night: int, events: list[Event]) -> MafiaPlusState:
        state = replace(state, phase="night", night=night, step=0, stage="", tonight=(), accused=(), vote=None)
        events.append(Event("narration", line("call.sleep"), data={"line": "call.sleep"}))
        return state

    def _enter_next_step(self, state: MafiaPlusState, events: list[Event]) -> MafiaPlusState:
        state = replace(state, step=state.step + 1)
        step = _steps(state)[state.step]
        events.append(Event("narration", line(f"call.{step}"), data={"line": f"call.{step}"}))
        return state

    def _night_action(self, state: MafiaPlusState, action: Action, events: list[Event]) -> MafiaPlusState:
        step = _steps(state)[state.step]
        if step == "dawn":
            return self._resolve_dawn(state, events)
        by = getattr(action, "by", None)
        value: Any = None
        if isinstance(action, _Choice):
            value = action.target
        elif isinstance(action, Shift):
            value = action.direction
        elif isinstance(action, Sweep):
            value = True
        record = not isinstance(action, Continue)
        if record:
            state = replace(state, tonight=state.tonight + ((step, by, value),))
            state = self._private_effect(state, step, by, value, events)
        if step not in ("sleep", "mafia_meet"):
            events.append(Event("narration", line(f"done.{step}"), data={"line": f"done.{step}"}))
        elif step == "mafia_meet":
            events.append(Event("narration", line("done.mafia_meet"), data={"line": "done.mafia_meet"}))
        return self._enter_next_step(state, events)

    def _private_effect(self, state: MafiaPlusState, step: str, by: int, value: Any,
                        events: list[Event]) -> MafiaPlusState:
        """Effects known at once (opening abilities, the Detective's answer) and private records."""
        P = state.players
        night = f"Night {state.night}"
        notes: list[tuple[int, str]] = []
        mine = ""
        if value is None and step not in ("janitor", "bartender"):
            mine = f"{night}: passed"
        elif step == "detective":
            shown = C.appears_as(state.characters[value])
            notes.append((by, f"{night}: {P[value]} is {C.FACTION_NAMES[shown]} ({C.THUMBS[shown]})."))
            mine = f"{night}: investigated {P[value]}"
        elif step == "lady_of_the_night":
            ch = C.CHARACTERS[state.characters[value]]
            notes.append((by, f"{night}: {P[value]}'s card is {ch.name} ({ch.card})."))
            # "The chosen person wakes up, and the LotN sees their character card": they see her
            notes.append((value, f"{night}: the Lady of the Night, {P[by]}, chose you and has seen your card."))
            mine = f"{night}: seduced {P[value]}"
        elif step == "bodyguard":
            state = replace(state, protectee=value)
            mine = f"{night}: you protect {P[value]}"
        elif step in ("blackmailer", "blackmailing_boss"):
            state = replace(state, blackmail=(by, value))
            notes.append((value, f"{night}: {P[by]} blackmailed you. You can never act against {P[by]}."))
            mine = f"{night}: blackmailed {P[value]}"
        elif step == "janitor":
            state = replace(state, used=state.used + ("janitor",)) if value else state
            mine = f"{night}: " + ("swept: no stats tomorrow" if value else "did not sweep")
        elif step == "bartender":
            if value:
                state = replace(state, used=state.used + ("bartender",))
            mine = f"{night}: " + (f"shifted the Mafia's target to the {value}" if value else "poured nothing")
        else:
            verb = {"mafia": "the Mafia chose", "doctor": "healed", "railwayman": "shipped out",
                    "angel_of_death": "marked", "gun_shop_owner": "shot"}[step]
            mine = f"{night}: {verb} {P[value]}" if value is not None else f"{night}: passed"
        for seat, text in notes:
            events.append(Event("private", text, Seat(seat)))
        if mine:
            events.append(Event("private", mine[0].upper() + mine[1:] + ".", Seat(by)))
        return replace(state, notes=state.notes + tuple(notes), my_actions=state.my_actions + ((by, mine),))

    def _resolve_dawn(self, state: MafiaPlusState, events: list[Event]) -> MafiaPlusState:
        """Rulebook edge cases, in this order: Mafia (shifted by the Bartender; stopped by the heal,
        the Bodyguard, the Saint's first life, or being out of town), the Gun Shop Owner's shot,
        the Angel of Death's mark (ignores heal and Bodyguard), then chains."""
        events.append(Event("narration", "Everyone is awake.", data={"line": "dawn.done"}))
        if state.night == 0:
            return self._start_day(state, [], events, record=NightRecord(0, state.tonight, ()))
        heal = _tonight(state, "doctor")
        attacks: list[tuple[int | None, str]] = [(self._mafia_target(state), "mafia")]
        gun = _tonight(state, "gun_shop_owner")
        if gun is not None and gun[1] is not None:
            attacks.append((gun[1], "gun"))
        marks = list(state.marks)
        mark = _tonight(state, "angel_of_death")
        if mark is not None:
            marks[mark[1]] += 1
            if marks[mark[1]] % 2 == 0:
                attacks.append((mark[1], "angel"))
        res = _Resolver(state, healed=heal[1] if heal else None).run(attacks)
        ship = _tonight(state, "railwayman")
        sweep = _tonight(state, "janitor")
        state = replace(state, alive=tuple(res.alive), lives=tuple(res.lives), marks=tuple(marks))
        new_away = ship[1] if ship is not None and ship[1] is not None and state.alive[ship[1]] else None
        boarded = state.boarded + ((ship[1],) if ship is not None and ship[1] is not None else ())
        state = replace(state, away=new_away, boarded=boarded, stats_hidden=bool(sweep and sweep[1]))
        record = NightRecord(state.night, state.tonight, tuple(res.deaths))
        return self._start_day(state, res.deaths, events, record=record)

    def _start_day(self, state: MafiaPlusState, deaths: Sequence[tuple[int, str]], events: list[Event],
                   record: NightRecord) -> MafiaPlusState:
        day = state.night + 1
        state = replace(state, phase="day", stage="discussion", accused=(), vote=None, tonight=(),
                        nights=state.nights + (record,))
        # announced (and kept public) in seat order: the order they were resolved in would tell
        # the table who killed whom (the Mafia's victim first, then the Owner's, the Angel's...)
        deaths = sorted(deaths)
        state = self._record_deaths(state, deaths, f"Night {state.night}")
        events.append(Event("day", line("day.start", day=day)))
        if state.night == 0:
            events.append(Event("stats", line("day.starting_stats", stats=S.stats_text(state.cast))))
            return state
        names = [state.players[s] for s, _ in deaths]
        events.append(Event("deaths", line("day.deaths", names=names_text(names)) if names else line("day.no_deaths"),
                            data={"seats": [s for s, _ in deaths]}))
        if state.away is not None:
            events.append(Event("away", line("day.away", name=state.players[state.away])))
        events.append(Event("stats", line("day.stats_hidden") if state.stats_hidden
                            else line("day.stats", stats=_stats(state))))
        return self._check_end(state, events)

    def _record_deaths(self, state: MafiaPlusState, deaths: Sequence[tuple[int, str]], when: str) -> MafiaPlusState:
        return replace(state, deaths=state.deaths + tuple((s, when) for s, _ in deaths),
                       death_causes=state.death_causes + tuple(deaths))

    def _check_end(self, state: MafiaPlusState, events: list[Event]) -> MafiaPlusState:
        """Rulebook: *The game ends the moment every player of one of the Core Factions has been
        eliminated.* Checked after each resolution has run to completion (chains included)."""
        alive_f = {_faction(state, i) for i in range(len(state.players)) if state.alive[i]}
        city, mafia = "city" in alive_f, "mafia" in alive_f
        if city and mafia:
            return state
        syndicate = [i for i in range(len(state.players)) if state.alive[i] and _faction(state, i) == "syndicate"]
        if not city and not mafia:
            winners, text = syndicate, line("end.both")
        else:
            core = "city" if city else "mafia"
            winners = [i for i in range(len(state.players)) if _faction(state, i) == core] + syndicate
            text = line("end.city" if city else "end.mafia")
        reason = text + (" " + line("end.syndicate_reason") if syndicate else "")
        if syndicate:
            text += " " + line("end.syndicate", names=names_text([state.players[i] for i in syndicate]))
        events.append(Event("game_over", text, data={"winners": [state.players[i] for i in sorted(winners)]}))
        return replace(state, phase="over", winners=tuple(sorted(winners)), end_reason=reason)

    # -- the day ---------------------------------------------------------------------------------
    def _day_action(self, state: MafiaPlusState, action: Action, events: list[Event]) -> MafiaPlusState:
        P = state.players
        if isinstance(action, CannonShot):
            return self._cannon(state, action, events)
        if isinstance(action, Continue):
            events.append(Event("no_vote", line("day.no_vote")))
            return self._start_night(state, state.night + 1, events)
        if isinstance(action, Accuse):
            events.append(Event("accused", line("day.accused", by=P[action.by], name=P[action.target])))
            return replace(state, accused=state.accused + (action.target,))
        if isinstance(action, DropAccusation):
            events.append(Event("dropped", line("day.dropped", name=P[action.target])))
            return replace(state, accused=tuple(a for a in state.accused if a != action.target))
        if isinstance(action, CallVote):
            return self._open_vote(state, action.mode, events)
        if isinstance(action, CastVote):
            vote = replace(state.vote, votes=state.vote.votes + ((action.by, action.target),))
            if state.vote_secret:
                events.append(Event("voted", line("vote.cast_secret", by=P[action.by])))
                events.append(Event("private", f"You voted for {_name(state, action.target)}.", Seat(action.by)))
            elif action.target is None:
                events.append(Event("voted", line("vote.abstain", by=P[action.by])))
            else:
                events.append(Event("voted", line("vote.cast", by=P[action.by], name=P[action.target])))
            state = replace(state, vote=vote)
            if len(vote.votes) == len(vote.voters):
                state = replace(state, stage="verdict")
                self._announce_tally(state, events)
            return state
        if isinstance(action, DaughterDeclares):
            events.append(Event("declared", line("daughter.declares", by=P[action.by])))
            state = replace(state, used=state.used + ("chairmans_daughter",),
                            declared=state.declared + ((action.by, "Chairman's Daughter"),),
                            vote=replace(state.vote, doubled=action.by))
            self._announce_tally(state, events)
            return state
        if isinstance(action, ChairmanAnnuls):
            events.append(Event("declared", line("chairman.declares", by=P[action.by])))
            state = replace(state, used=state.used + ("chairman",),
                            declared=state.declared + ((action.by, "Chairman"),))
            state = self._close_vote(state, "annulled by the Chairman: " + action.decision.replace("_", " "))
            if action.decision == "end_day":
                events.append(Event("day_ends", line("chairman.end_day")))
                return self._start_night(state, state.night + 1, events)
            events.append(Event("revote", line("chairman.revote", mode=REVOTE[action.decision])))
            return self._open_vote(state, REVOTE[action.decision], events)
        if isinstance(action, CarryOut):
            return self._carry_out(state, events)
        raise IllegalAction(f"{action.describe()} is not allowed now.")  # pragma: no cover

    def _open_vote(self, state: MafiaPlusState, mode: str, events: list[Event]) -> MafiaPlusState:
        accused = tuple(sorted(a for a in state.accused if _available(state, a)))
        voters = tuple(i for i in range(len(state.players)) if _available(state, i))
        names = names_text([state.players[a] for a in accused])
        events.append(Event("vote_called", line(f"vote.call.{mode}", names=names)))
        if state.vote_secret:
            events.append(Event("vote_secret", line("vote.secret")))
        return replace(state, stage="voting", vote=VoteState(mode, accused, voters))

    def _tally(self, state: MafiaPlusState) -> tuple[tuple[int, int], ...]:
        vote = state.vote
        counts = {a: 0 for a in vote.accused}
        for voter, target in vote.votes:
            if target is not None:
                counts[target] += 2 if voter == vote.doubled else 1
        return tuple(counts.items())

    def _result(self, state: MafiaPlusState) -> tuple[str, tuple[int, ...]]:
        """Majority = the accused with strictly more votes than every other accused (at least one
        vote); abstentions count for no one. Equal top -> "tie"; no votes at all -> "none"."""
        tally = self._tally(state)
        top = max((c for _, c in tally), default=0)
        if top == 0:
            return "none", ()
        leaders = tuple(a for a, c in tally if c == top)
        return ("majority", leaders) if len(leaders) == 1 else ("tie", leaders)

    def _announce_tally(self, state: MafiaPlusState, events: list[Event]) -> None:
        P = state.players
        tally = ", ".join(f"{P[a]} {c}" for a, c in self._tally(state))
        abstain = sum(1 for _, t in state.vote.votes if t is None)
        if abstain:
            tally += f", abstained {abstain}"
        events.append(Event("tally", line("vote.tally", tally=tally)))
        kind, seats = self._result(state)
        if kind == "majority":
            events.append(Event("verdict", line("vote.majority", name=P[seats[0]])))
        elif kind == "tie":
            events.append(Event("verdict", line("vote.tie", names=names_text([P[s] for s in seats]))))
        else:
            events.append(Event("verdict", line("vote.nobody")))

    def _close_vote(self, state: MafiaPlusState, ending: str) -> MafiaPlusState:
        v = state.vote
        rec = VoteRecord(state.night + 1, v.mode, state.vote_secret, v.accused, v.votes, v.doubled,
                         self._tally(state), ending)
        return replace(state, votes=state.votes + (rec,), vote=None)

    def _carry_out(self, state: MafiaPlusState, events: list[Event]) -> MafiaPlusState:
        P = state.players
        kind, seats = self._result(state)
        mode = state.vote.mode
        if kind == "tie":
            events.append(Event("debate", line("vote.debate")))
            state = self._close_vote(state, "tie: debate again")
            return replace(state, stage="discussion")
        if kind == "none":
            events.append(Event("no_sentence", line("vote.no_sentence")))
            state = self._close_vote(state, "no votes: nobody sentenced")
            return self._start_night(state, state.night + 1, events)
        target = seats[0]
        if mode == "reveal":
            shown = C.appears_as(state.characters[target])
            events.append(Event("reveal", line("vote.sentence_reveal", name=P[target], thumb=C.THUMBS[shown],
                                               faction=C.FACTION_NAMES[shown])))
            state = self._close_vote(state, f"revealed {P[target]}: {C.FACTION_NAMES[shown]}")
            state = replace(state, reveals=state.reveals + ((target, shown),))
            return self._start_night(state, state.night + 1, events)
        voters = [v for v, t in state.vote.votes if t == target]
        events.append(Event("sentence", line("vote.sentence_eliminate", name=P[target])))
        res = _Resolver(state, voters=sorted(voters)).run([(target, "vote")])
        state = self._close_vote(state, f"sentenced {P[target]}")
        return self._after_day_kill(state, res, events, target)

    def _cannon(self, state: MafiaPlusState, action: CannonShot, events: list[Event]) -> MafiaPlusState:
        """Loose Cannon: *gun down one person. The Day ends immediately after the shot, no matter
        the outcome.* A vote in progress is void."""
        P = state.players
        text = (line("cannon.self", by=P[action.by]) if action.target == action.by
                else line("cannon.shoots", by=P[action.by], name=P[action.target]))
        events.append(Event("cannon", text))
        state = replace(state, used=state.used + ("loose_cannon",),
                        declared=state.declared + ((action.by, "Loose Cannon"),))
        if state.vote is not None:
            state = self._close_vote(state, "interrupted by the Loose Cannon")
        res = _Resolver(state).run([(action.target, "cannon")])
        return self._after_day_kill(state, res, events, action.target)

    def _after_day_kill(self, state: MafiaPlusState, res: _Resolver, events: list[Event],
                        target: int) -> MafiaPlusState:
        state = replace(state, alive=tuple(res.alive), lives=tuple(res.lives))
        state = self._record_deaths(state, res.deaths, f"Day {state.night + 1}")
        names = [state.players[s] for s, _ in res.deaths]
        if names:
            events.append(Event("eliminated", line("day.eliminated", names=names_text(names),
                                                   verb="is" if len(names) == 1 else "are"),
                                data={"seats": [s for s, _ in res.deaths]}))
        else:
            events.append(Event("survived", line("cannon.missed")))
        events.append(Event("day_ends", line("day.ends")))
        state = self._check_end(state, events)
        if state.phase == "over":
            return state
        return self._start_night(state, state.night + 1, events)

    # -- outcome and views -----------------------------------------------------------------------
    def outcome(self, state: MafiaPlusState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(state.players[i] for i in state.winners), state.end_reason or "")

    def view(self, state: MafiaPlusState, audience: Audience) -> Any:
        if isinstance(audience, CalledAudience):

            return called_view(self, state)
        if isinstance(audience, TableAudience):
            return self.table_view(state)
        if isinstance(audience, Seat):
            return self.seat_view(state, audience.n)
        if isinstance(audience, RevealAudience):
            return self.reveal_view(state)
        raise IllegalAction(f"Unknown audience {audience!r}.")

    def table_view(self, state: MafiaPlusState) -> TableView:
        P = state.players
        step = current_step(state)
        dealt = state.characters is not None
        alive = state.alive if dealt else (True,) * len(P)
        vote = state.vote
        votes: tuple = ()
        voted: tuple = ()
        tally: tuple = ()
        verdict = None
        verdict_kind = None
        voters: tuple = ()
        next_voter = None
        if vote is not None:
            voters = tuple(P[v] for v in vote.voters)
            done = {v for v, _ in vote.votes}
            next_voter = next((P[v] for v in vote.voters if v not in done), None)
            voted = tuple(P[v] for v, _ in vote.votes)
            if not state.vote_secret:
                votes = tuple((P[v], None if t is None else P[t]) for v, t in vote.votes)
            if state.stage == "verdict":
                tally = tuple((P[a], c) for a, c in self._tally(state))
                kind, seats = self._result(state)
                verdict_kind = kind
                verdict = {"majority": f"{P[seats[0]]} has the majority" if seats else "",
                           "tie": "tie between " + names_text([P[s] for s in seats]),
                           "none": "nobody received a vote"}[kind]
        hidden = state.stats_hidden  # from the swept Night's dawn to the next dawn
        return TableView(
            phase=state.phase, night=state.night, day=state.day, step=step.step, line=step.text,
            players=P, alive=alive, away=None if state.away is None else P[state.away],
            stats=None if (hidden or not dealt) else _stats(state), stats_hidden=hidden,
            starting_stats=S.stats_text(state.cast),
            cards_in_play=tuple(sorted(C.name(c) for c in state.cast)),
            accused=tuple(P[a] for a in (vote.accused if vote else state.accused)),
            vote_mode=vote.mode if vote else None, vote_secret=state.vote_secret, votes=votes, voted=voted,
            tally=tally, verdict=verdict, declared=tuple((P[s], a) for s, a in state.declared),
            reveals=tuple((P[s], C.FACTION_NAMES[f]) for s, f in state.reveals),
            deaths=tuple((P[s], w) for s, w in state.deaths), log=state.log,
            winners=tuple(P[i] for i in state.winners or ()), end_reason=state.end_reason,
            cast=tuple(state.cast), seen=tuple(P[s] for s in state.seen),
            night_steps=_steps(state) if state.phase == "night" else (),
            step_index=state.step if state.phase == "night" else 0,
            voters=voters, next_voter=next_voter, verdict_kind=verdict_kind,
            open_powers=tuple(p for p in DAY_POWERS if p in state.cast and p not in state.used),
            undo_kind=state.taken[0], undo_words=state.taken[1], votes_held=len(state.votes))

    def seat_view(self, state: MafiaPlusState, seat: int) -> SeatView:
        P = state.players
        if not 0 <= seat < len(P):
            raise IllegalAction(f"There is no seat {seat}; seats are 0 to {len(P) - 1}.")
        if state.characters is None:
            return SeatView(seat, P[seat], None, None, None, None, None, (), True, False, (), None, (), ())
        cid = state.characters[seat]
        ch = C.CHARACTERS[cid]
        copy = state.characters[:seat].count(cid)
        members: tuple[str, ...] = ()
        boss = None
        if ch.faction == "mafia":
            members = tuple(P[i] for i in _mafia_seats(state) if i != seat)
            lead = _leader(state)
            boss = P[lead] if lead is not None else None

        return SeatView(seat, P[seat], ch.name, C.card_for_copy(cid, copy), C.FACTION_NAMES[ch.faction],
                        ch.text, ch.quote, ch.abilities, state.alive[seat], state.away == seat, members, boss,
                        tuple(t for s, t in state.notes if s == seat),
                        tuple(t for s, t in state.my_actions if s == seat and t),
                        seat_panel(self, state, seat), _woken_note(state, seat))

    def reveal_view(self, state: MafiaPlusState) -> RevealView:
        P = state.players
        table = self.table_view(state)
        if state.characters is None:
            return RevealView(table, (), None, None, (), (), (), (), ())
        seats = tuple(RevealSeat(i, P[i], C.name(c), C.card_for_copy(c, state.characters[:i].count(c)),
                                 C.FACTION_NAMES[C.faction(c)], state.alive[i], state.lives[i], state.marks[i])
                      for i, c in enumerate(state.characters))
        nights = []
        for rec in state.nights + ((NightRecord(state.night, state.tonight, ()),) if state.phase == "night" else ()):
            acts = []
            for step, by, value in rec.choices:
                who = f"{C.name(step) if step in C.CHARACTERS else 'Mafia'} ({_name(state, by)})"
                what = value if isinstance(value, str) else (
                    "yes" if value is True else _name(state, value) if isinstance(value, int) else "passed")
                acts.append(f"{who}: {what}")
            deaths = tuple(f"{P[s]} ({CAUSES.get(c, c)})" for s, c in rec.deaths)
            nights.append(NightView(rec.night, tuple(acts), deaths))
        votes = tuple(VoteView(r.day, r.mode, r.secret, tuple(P[a] for a in r.accused),
                               tuple((P[v], None if t is None else P[t]) for v, t in r.votes),
                               None if r.doubled is None else P[r.doubled],
                               tuple((P[a], c) for a, c in r.tally), r.ending) for r in state.votes)
        return RevealView(table, seats, None if state.protectee is None else P[state.protectee],
                          None if state.blackmail is None else (P[state.blackmail[0]], P[state.blackmail[1]]),
                          tuple(P[b] for b in state.boarded), state.used, tuple(nights), votes,
                          tuple((P[s], t) for s, t in state.notes))

    # -- simulation helpers -----------------------------------------------------------------------
    def secret_twins(self, config: Mapping[str, Any], seed: int, rng: Any) -> Sequence[tuple[Any, Any]]:
        """After the deal (and after the first call of the night), two games that differ only in
        which seat got which character must look the same on the table."""
        state = self.new(config, seed)
        deal = list(shuffled(rng, state.cast))
        i, j = next((a, b) for a in range(len(deal)) for b in range(a + 1, len(deal)) if deal[a] != deal[b])
        twin = list(deal)
        twin[i], twin[j] = twin[j], twin[i]
        a, _ = self.apply(state, Dealt(tuple(deal)))
        b, _ = self.apply(state, Dealt(tuple(twin)))
        pairs = [(a, b)]
        a2, _ = self.apply(a, Continue())
        b2, _ = self.apply(b, Continue())
        pairs.append((a2, b2))
        return pairs

    def playout_policy(self, state: MafiaPlusState, legal: Sequence[Action], rng: Any) -> Action:
        """Push towards the end: the Mafia always kills a non-Mafioso, votes go to the first accused,
        the GM calls the vote as soon as someone is accused and carries the sentence out."""
        legal = list(legal)
        kills = [a for a in legal if isinstance(a, MafiaKill)]
        if kills:
            outside = [a for a in kills if _faction(state, a.target) != "mafia"]
            return rng.choice(outside or kills)
        if state.phase == "day":
            r = rng.random()
            shots = [a for a in legal if isinstance(a, CannonShot)]
            if shots and r < 0.03:
                return rng.choice(shots)
            if state.stage == "discussion":
                calls = [a for a in legal if isinstance(a, CallVote)]
                if calls:
                    elim = [a for a in calls if a.mode == "eliminate"]
                    return rng.choice(calls) if r < 0.1 else elim[0]
                accusations = [a for a in legal if isinstance(a, Accuse)]
                return rng.choice(accusations or legal)
            if state.stage == "voting":
                votes = [a for a in legal if isinstance(a, CastVote)]
                first = [a for a in votes if a.target == state.vote.accused[0]]
                return first[0] if first and r < 0.85 else rng.choice(votes)
            if state.stage == "verdict":
                return CarryOut() if r < 0.85 else rng.choice(legal)
        return rng.choice(legal)


def _woken_note(state: MafiaPlusState, seat: int) -> str:
    """Night Zero: what ``seat`` learns when the Lady of the Night chose it tonight ("" otherwise)."""
    if state.phase != "night" or state.characters is None:
        return ""

    chosen, note = woken(state)
    return note if chosen == seat else ""


ENGINE = MafiaPlusEngine()

