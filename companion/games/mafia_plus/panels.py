"""What the called role's private night panel offers, as plain data: the ``CALLED`` view.

Secrets at the table (ARCHITECTURE.md; TABLE-UX "Night and secrets"): nothing on screen depends on
which roles are alive. So when a role is called that nobody can play now (its player is dead or
out of town, or the Gun Shop Owner is not under attack), the panel is the one the role *would*
have: the same title, hint, picker, enabled targets and hold-to-confirm. Confirming it records
nothing (the engine only allows the GM's ``Continue`` then); the app continues the padded call.

Only the narration-only steps (``sleep``, ``mafia_meet``, ``dawn``) show "Nothing to choose now",
and those are the same whoever is alive.

The table's night screen reads it as ``session.view(CALLED)`` (whoever holds the called role, shown
only behind their hold); a phone reads its seat's part as ``view(Seat(n)).panel``.

>>> from companion.games.mafia_plus import ENGINE, engine as E
>>> st = ENGINE.new({"players": list("ABCDEFG"), "set": {"choices": ["bartender"]}}, 1)
>>> st, _ = ENGINE.apply(st, E.Dealt(("doctor", "detective", "loose_cannon", "lady_of_the_night",
...                                "mafia_boss", "coquette", "bartender"), by_hand=True))
>>> night_panel(ENGINE, st).kind        # Night 0 "sleep": narration only
'none'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import characters as C
from . import rules as R

NARRATION_STEPS = ("sleep", "mafia_meet", "dawn")
VERBS = {"mafia": "eliminate", "doctor": "heal", "railwayman": "ship out", "detective": "investigate",
         "angel_of_death": "mark", "lady_of_the_night": "seduce", "bodyguard": "protect",
         "blackmailer": "blackmail", "blackmailing_boss": "blackmail", "gun_shop_owner": "shoot"}
ANSWER_STEPS = ("detective", "lady_of_the_night")
#: the private answer when the role could not act: the same panel, the same 5 s, no invented facts
NO_ANSWER = "Night {night}: no answer tonight."


def role_title(step: str) -> str:
    """
    >>> role_title("mafia"), role_title("doctor")
    ('the Mafia', 'the Doctor')
    """
    if step in ("mafia", "mafia_meet"):
        return "the Mafia"
    return "the " + C.name(step) if step in C.CHARACTERS else "nobody"


def option_text(action) -> str:
    """
    >>> option_text(R.Pass(1)), option_text(R.Shift(1, "left")), option_text(R.Sweep(1))
    ('Not tonight', 'Shift left', 'Sweep tonight')
    """
    if isinstance(action, R.Pass):
        return "Not tonight"
    if isinstance(action, R.Shift):
        return f"Shift {action.direction}"
    if isinstance(action, R.Sweep):
        return "Sweep tonight"
    return ""


@dataclass(frozen=True)
class NightPanel:
    kind: str                 # "act" (a picker) | "none" (narration-only step)
    step: str
    title: str
    hint: str
    actions: tuple            # what the picker offers (real engine actions, or the would-be ones)
    live: bool                # False: nobody can play the role now; confirming records nothing
    woken: int | None = None  # Night Zero: the seat the Lady of the Night chose (woken after her call)
    woken_note: str = ""      # what that seat learns: who the Lady is (their own note)

    @property
    def answers(self) -> bool:
        """Confirming answers the role in private (the Detective, the Lady of the Night)."""
        return self.step in ANSWER_STEPS

    @property
    def targets(self) -> list[int]:
        return [a.target for a in self.actions if isinstance(a, R._Choice)]

    @property
    def options(self) -> list[str]:
        return [option_text(a) for a in self.actions if not isinstance(a, R._Choice)]


def _would_be_actions(engine, state, step: str) -> list:
    """The choices the called role would have if its player could act now: the engine's own
    target rules, as seen from the role's seat (a dead or absent seat is never a target anyway)."""
    if step == "mafia":
        by = R._leader(state)
        if by is None:
            seats = R._mafia_seats(state)
            by = seats[0] if seats else None
    else:
        by = R._seat_of(state, step)
    by_seat = -1 if by is None else by
    if step == "janitor":
        return ([] if "janitor" in state.used else [R.Sweep(by_seat)]) + [R.Pass(by_seat)]
    if step == "bartender":
        return ([] if "bartender" in state.used else [R.Shift(by_seat, "left"), R.Shift(by_seat, "right")]) \
            + [R.Pass(by_seat)]
    cls = R.STEP_ACTION[step]
    out = [cls(by_seat, t) for t in range(len(state.players))
           if engine._target_ok(state, step, by if by is not None else -1, t)]
    if step == "gun_shop_owner" or not out:
        out.append(R.Pass(by_seat))
    return out


def _hint(step: str, targets: list[int]) -> str:
    if step == "mafia":
        return "Agree silently on a victim; if you disagree, the Boss decides and taps."
    if targets:
        return f"Tap the person to {VERBS.get(step, 'choose')}, then hold to confirm."
    return "Choose, then hold to confirm."


def night_panel(engine, state) -> NightPanel:
    """The private panel for the role called now (same for a living role and one nobody can play)."""
    step = R._steps(state)[state.step]
    title = f"For {role_title(step)} only"
    if step in NARRATION_STEPS:
        return NightPanel("none", step, title, "Nothing to choose now. Close your eyes.", (), True)
    legal = engine.legal_actions_by_seat(state)
    actor = next((k for k in legal if k is not None), None)
    live = actor is not None
    actions = tuple(legal[actor]) if live else tuple(_would_be_actions(engine, state, step))
    panel = NightPanel("act", step, title, "", actions, live)
    return NightPanel("act", step, title, _hint(step, panel.targets), actions, live)


def confirm_text(step: str, action, players) -> str:
    """The hold-to-confirm button's words for a picked choice.

    >>> confirm_text("doctor", R.Heal(0, 1), ["Anna", "Bruno"])
    'Hold to heal Bruno'
    """
    if isinstance(action, R._Choice):
        return f"Hold to {VERBS.get(step, 'choose')} {players[action.target]}"
    return f"Hold to confirm: {option_text(action).lower()}"


def is_choice(action) -> bool:
    """A night choice of a person (a target on the ring), not an option such as "Not tonight"."""
    return isinstance(action, R._Choice)


def is_night_choice(action) -> bool:
    return isinstance(action, (R._Choice, R.Sweep, R.Shift, R.Pass))


def woken(state) -> tuple[int | None, str]:
    """Night Zero: the seat the Lady chose tonight and what they learn (their latest note of her)."""
    chosen = next((v for step, _, v in state.tonight if step == "lady_of_the_night"), None)
    if chosen is None or state.night != 0:
        return None, ""
    notes = [t for s, t in state.notes if s == chosen and "Lady of the Night" in t]
    return chosen, notes[-1] if notes else ""


def called_view(engine, state) -> NightPanel | None:
    """The ``CALLED`` view: the panel of the role called now (None outside the night)."""
    if state.phase != "night" or state.characters is None:
        return None
    seat, note = woken(state)
    return replace(night_panel(engine, state), woken=seat, woken_note=note)


def belongs(state, seat: int, step: str) -> bool:
    """Does ``seat`` hold the role called at ``step`` (the Mafia: any Mafioso)?"""
    if state.characters is None:
        return False
    if step == "mafia":
        return C.CHARACTERS[state.characters[seat]].faction == "mafia"
    return state.characters[seat] == step


def can_act(engine, state, seat: int, step: str) -> bool:
    legal = engine.legal_actions_by_seat(state)
    if seat in legal:
        return True
    # any Mafioso in town may tap the choice the Mafia agreed on (the Boss's word is final)
    return step == "mafia" and any(k is not None for k in legal) and R._available(state, seat)


def seat_panel(engine, state, seat: int) -> NightPanel | None:
    """A seat's own panel at the call now: the role's panel when ``seat`` holds the called role
    (``live`` only when this seat can record the choice), else None (not its call)."""
    if state.phase != "night" or state.characters is None:
        return None
    step = R._steps(state)[state.step]
    if step in NARRATION_STEPS or not belongs(state, seat, step):
        return None
    model = night_panel(engine, state)
    return replace(model, live=model.live and can_act(engine, state, seat, step))
