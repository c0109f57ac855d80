"""Mafia Casino screens, the Kivy-free part: which screen a phase belongs to, the phase-1 card
wizard (which options are enabled is asked of the engine), token hand-over rows, card faces and
the seeded sample games used for screenshots. Plain functions, tested without a window
(tests/ui/mafia_casino/test_casino_logic.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from companion.engine import TABLE as TABLE_AUDIENCE
from companion.errors import CompanionError
from companion.games.mafia_casino import actions as A
from companion.games.mafia_casino import tokens as T
from companion.games.mafia_casino.data import BUILDINGS, load
from companion.games.mafia_casino.engine import BLOCKER_TITLES, BLOCKERS, money

GAME = "mafia-casino"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

# -- where each phase is played ---------------------------------------------------------------------
PHASE_SCREEN = {
    "poker": "mafia_casino_poker",
    "poker_board": "mafia_casino_poker",
    "roulette": "mafia_casino_roulette",
    "roulette_spin": "mafia_casino_roulette",
    "slot": "mafia_casino_slot",
    "over": "mafia_casino_victory",
}
TABLE = "mafia_casino_table"


def screen_for_phase(phase: str) -> str:
    """The screen where the table plays ``phase`` (the table screen for the rest)."""
    return PHASE_SCREEN.get(phase, TABLE)


PHASE_TITLES = {
    "market": "new Market Value", "first_player": "Setting up", "actions": "phase 1", "manpower": "phase 1",
    "robbery": "phase 1", "poker": "poker", "poker_board": "poker", "roulette": "roulette",
    "roulette_spin": "roulette", "slot": "slot machine", "clients": "phase 2", "over": "game over",
}


def status_line(view) -> str:
    """``Turn 3 · Ben · phase 2`` for the status bar."""
    if view.phase in ("market", "first_player") and view.turn == 0:
        return "Setting up the casino"
    if view.phase == "over":
        return "Game over"
    return f"Turn {view.turn} · {view.active_name} · {PHASE_TITLES.get(view.phase, view.phase)}"


def big_money(amount: int) -> str:
    """Balances as the game counts them, in $ millions: ``$12M``, ``$1.5M``."""
    return money(amount)


def sentence(text: str) -> str:
    """The engine's instructions start in lower case (they follow "...: "); on screen they lead."""
    return text[:1].upper() + text[1:] if text else text


# -- card faces ------------------------------------------------------------------------------------
SUIT_GLYPH = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = ("D", "H")


def card_values() -> tuple[str, ...]:
    return load().values


def card_suits() -> tuple[str, ...]:
    return load().suit_letters


def card_text(code: str, markup: bool = False) -> str:
    """``'10H'`` -> ``'10♥'`` (a card in a line of text); with ``markup`` the suit is drawn in
    DejaVuSans (Roboto has no suit glyphs)."""
    value, suit = split_card(code)
    glyph = SUIT_GLYPH.get(suit, suit)
    return value + (f"[font=DejaVuSans]{glyph}[/font]" if markup else glyph)


def names_text(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Cleo``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def continue_label(names: Sequence[str]) -> str:
    """The new-game screen's button back to the open game, short enough for one button:
    ``Continue: Anna, Ben, Cleo``; four or more players ``Continue: Anna, Ben +4``."""
    names = list(names)
    if len(names) <= 3:
        return "Continue: " + ", ".join(names)
    return f"Continue: {names[0]}, {names[1]} +{len(names) - 2}"


def winner_title(names: Sequence[str]) -> str:
    """The words over a Game's prize: ``Anna wins``; on a tie ``Anna and Ben each win`` (the amount
    under it is what each is paid, never the pot)."""
    return f"{names[0]} wins" if len(names) == 1 else names_text(names) + " each win"


def split_card(code: str) -> tuple[str, str]:
    """``'10H'`` -> ``('10', 'H')``."""
    return code[:-1], code[-1]


# -- the phase-1 card wizard ---------------------------------------------------------------------------
@dataclass(frozen=True)
class CardChoice:
    key: str
    group: str  # Construction / Mission / Game / Transaction / Hand
    title: str


CHOICES: tuple[CardChoice, ...] = (
    CardChoice("build_casino", "Construction", "Casino"),
    CardChoice("build_restaurant", "Construction", "Restaurant"),
    CardChoice("build_hotel", "Construction", "Hotel"),
    CardChoice("discard_hand", "Hand", "Discard the whole hand"),
    CardChoice("espionage", "Mission", "Espionage"),
    CardChoice("bomb", "Mission", "Bomb"),
    CardChoice("safe_robbery", "Mission", "Safe Robbery"),
    CardChoice("extortion", "Mission", "Extortion"),
    CardChoice("rock_band_on_tour", "Mission", "Rock Band on Tour"),
    CardChoice("obnoxious_family", "Mission", "Obnoxious Family"),
    CardChoice("expert_cheater", "Mission", "Expert Cheater"),
    CardChoice("buy", "Transaction", "Buy into the safe"),
    CardChoice("poker", "Game", "Poker Texas Hold'em"),
    CardChoice("roulette", "Game", "Roulette"),
    CardChoice("slot", "Game", "Slot Machine"),
    CardChoice("sell", "Transaction", "Sell from the safe"),
)
CHOICE = {c.key: c for c in CHOICES}
#: The choice screen, one row per kind of card (row label, keys, short button titles).
CHOICE_ROWS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Build", (("build_casino", "Casino"), ("build_restaurant", "Restaurant"), ("build_hotel", "Hotel"))),
    ("Mission", (("espionage", "Espionage"), ("bomb", "Bomb"), ("safe_robbery", "Safe Robbery"),
                 ("extortion", "Extortion"))),
    ("Block", (("rock_band_on_tour", "Rock Band on Tour"), ("obnoxious_family", "Obnoxious Family"),
               ("expert_cheater", "Expert Cheater"))),
    ("Game", (("poker", "Poker"), ("roulette", "Roulette"), ("slot", "Slot Machine"))),
    ("Safe", (("buy", "Buy jewels"), ("sell", "Sell jewels"), ("discard_hand", "Discard hand"))),
)
COSTS = tuple(range(0, 6))
JEWEL_CARDS = tuple((j, n) for j in ("pearl", "diamond") for n in (10, 20))


@dataclass(frozen=True)
class Option:
    label: str
    value: Any
    enabled: bool = True


@dataclass(frozen=True)
class Question:
    name: str  # field name
    prompt: str
    options: tuple[Option, ...]
    multi: int = 0  # >0: pick up to this many (tap adds), then Play


@dataclass(frozen=True)
class Turn:
    """What the card wizard asks about: the table's view, the engine's legality through the session
    (``Session.allows``) and, read only for the player's own private pad, the active player's safe
    (their seat view). Never the raw state."""

    view: Any  # the table's view (engine.TableView)
    allows: Callable[[Any], bool]
    own_safe: Callable[[], tuple] = lambda: ()

    @classmethod
    def of(cls, session, view=None) -> "Turn":
        from companion.engine import Seat

        view = session.view(TABLE_AUDIENCE) if view is None else view
        return cls(view, session.allows, lambda: session.view(Seat(view.active)).safe)

    @classmethod
    def of_state(cls, engine, state) -> "Turn":
        """The same from an engine and a state (tests and tools without a session)."""
        from companion.engine import Seat

        view = engine.view(state, TABLE_AUDIENCE)
        return cls(view, lambda action: legal(engine, state, action),
                   lambda: engine.view(state, Seat(view.active)).safe)


@dataclass
class Wizard:
    """The card being entered: ``key`` (a CHOICES key) and the answers so far (field -> value)."""

    key: str | None = None
    answers: dict = field(default_factory=dict)

    def fields(self) -> list[str]:
        k = self.key
        if k is None:
            return []
        if k.startswith("build_"):
            return ["name", "cost"]
        if k in ("espionage", "extortion"):
            return ["cost"]
        if k == "bomb":
            return ["target", "construction", "cost"]
        if k in ("safe_robbery",) or k in BLOCKERS:
            return ["target", "cost"]
        if k == "slot":
            return ["bet"]
        if k == "buy":
            return ["cards"]
        if k == "sell":
            return ["safe_cards"]
        return []

    def build(self, answers: dict | None = None) -> A.Action | None:
        """The action once every field is answered, else None."""
        a = self.answers if answers is None else answers
        k = self.key
        if k is None or any(f not in a for f in self.fields()):
            return None
        if k.startswith("build_"):
            return A.BuildConstruction(k[6:], a["name"], a["cost"])
        if k == "espionage":
            return A.PlayEspionage(a["cost"])
        if k == "extortion":
            return A.PlayExtortion(a["cost"])
        if k == "bomb":
            building, name = a["construction"]
            return A.PlayBomb(a["target"], building, name, a["cost"])
        if k == "safe_robbery":
            return A.PlaySafeRobbery(a["target"], a["cost"])
        if k in BLOCKERS:
            return A.PlayBlock(k, a["target"], a["cost"])
        if k == "poker":
            return A.PlayPoker()
        if k == "roulette":
            return A.PlayRoulette()
        if k == "slot":
            return A.PlaySlotMachine(a["bet"])
        if k == "buy":
            return A.TransactionBuy(tuple(a["cards"])) if a["cards"] else None
        if k == "sell":
            return A.TransactionSell(tuple(a["safe_cards"])) if a["safe_cards"] else None
        if k == "discard_hand":
            return A.DiscardHand()
        return None

    # -- asking the engine which options can still lead to a legal card --------------------------
    def _defaults(self, answers: dict) -> dict:
        """Fill unanswered fields with the least demanding answer (cost 0, bet 1, one card)."""
        out = dict(answers)
        for f in self.fields():
            if f in out:
                continue
            if f == "cost":
                out[f] = 0
            elif f == "bet":
                out[f] = 1
            elif f == "cards":
                out[f] = [JEWEL_CARDS[0]]
            elif f == "safe_cards":
                out[f] = [0]
            else:
                return {}
        return out

    def possible(self, turn: Turn, answers: dict) -> bool:
        """Could the card be played with these answers (the rest filled in least demandingly)?"""
        filled = self._defaults(answers)
        if not filled and self.fields():
            # a field without a neutral default (target, name...): some option of it must work
            question = self.question(turn, answers, check=False)
            if question is None:
                return False
            return any(self.possible(turn, {**answers, question.name: o.value}) for o in question.options)
        action = self.build(filled)
        return action is not None and turn.allows(action)

    def question(self, turn: Turn, answers: dict | None = None, check: bool = True) -> Question | None:
        """The next field to answer, its options enabled by the engine; None when complete."""
        a = self.answers if answers is None else answers
        todo = [f for f in self.fields() if f not in a or (f in ("cards", "safe_cards"))]
        if not todo:
            return None
        name = todo[0]
        options = self._options(turn, name, a)
        if check and name not in ("cards", "safe_cards"):
            options = tuple(Option(o.label, o.value, self.possible(turn, {**a, name: o.value}))
                            for o in options)
        prompts = {"name": "Which construction?", "cost": "Manpower cost printed on the card?",
                   "target": "Which player?", "construction": "Which construction is destroyed?",
                   "bet": "How many cards are bet?", "cards": "Cards into the safe (up to 3)",
                   "safe_cards": "Safe cards to sell (up to 3)"}
        return Question(name, prompts[name], options, multi=3 if name in ("cards", "safe_cards") else 0)

    def _options(self, turn: Turn, name: str, a: dict) -> tuple[Option, ...]:
        view = turn.view
        if name == "name":
            return tuple(Option(n, n) for n in load().constructions_of(self.key[6:]))
        if name == "cost":
            return tuple(Option(str(c), c) for c in COSTS)
        if name == "bet":
            return tuple(Option(f"{b} card{'s' if b > 1 else ''}", b) for b in (1, 2, 3))
        if name == "target":
            return tuple(Option(p.name, p.seat) for p in view.players if p.seat != view.active)
        if name == "construction":
            victim = view.players[a["target"]]
            return tuple(Option(f"{n} ({b.title()})", (b, n)) for b, names in victim.constructions for n in names)
        if name == "cards":
            return tuple(Option(f"{n} {j}s", (j, n)) for j, n in JEWEL_CARDS)
        if name == "safe_cards":  # the player's own safe: asked only on their private pad
            return tuple(Option(f"Card {i + 1}: {n} {j}s", i) for i, (j, n) in enumerate(turn.own_safe()))
        return ()

    def summary(self, turn: Turn) -> str:
        """What the Play button will play, in words."""
        if self.key is None:
            return ""
        choice = CHOICE[self.key]
        parts = [f"{choice.group}: {choice.title}" if choice.group != "Hand" else choice.title]
        a = self.answers
        if "name" in a:
            parts.append(a["name"])
        if "target" in a:
            parts.append(f"on {turn.view.players[a['target']].name}")
        if "construction" in a:
            parts.append(f"{a['construction'][1]}")
        if "bet" in a:
            parts.append(f"bet {a['bet']}")
        if a.get("cards"):
            parts.append(", ".join(f"{n} {j}s" for j, n in a["cards"]))
        if a.get("safe_cards"):
            parts.append("cards " + ", ".join(str(i + 1) for i in a["safe_cards"]))
        if "cost" in a:
            parts.append(f"{a['cost']} manpower")
        return " · ".join(parts)


# -- the private safe moment (buying or selling jewels) ---------------------------------------------
#: The Transactions whose cards only their player sees: the cards go into (or come out of) the safe
#: "face down ... without showing them to the other players". Chosen on a private pad, never on
#: the shared screen (docs/rules/mafia-casino.md, "Buying and selling in private").
PRIVATE_KEYS = ("buy", "sell")
#: seconds without a tap after which the private pad hides itself (and forgets its picks)
PRIVATE_IDLE = 20


@dataclass(frozen=True)
class PrivateCurtain:
    """What the shared screen says while a safe moment waits for its player: the same words whatever
    the safe holds or the player will pick."""

    heading: str
    prompt: str
    hold: str
    title: str  # the pad's own title, once held open
    commit: str


def private_curtain(key: str, name: str) -> PrivateCurtain:
    what = "puts cards into" if key == "buy" else "sells cards from"
    return PrivateCurtain(
        heading=f"Transaction: {name} {what} the safe",
        prompt=(f"For {name} only: the others look away. {name}, hold the button to open your safe; "
                f"it hides itself after {PRIVATE_IDLE} seconds without a tap."),
        hold=f"{name}: hold to open your safe",
        title=f"For {name} only",
        commit="Into the safe" if key == "buy" else "Sell them")


def private_picked(key: str, safe: Sequence, answers: dict) -> str:
    """The private pad's line of what is picked so far (never shown on the shared screen)."""
    if key == "buy":
        cards = answers.get("cards") or []
        return ("Into the safe: " + ", ".join(f"{n} {j}s" for j, n in cards)) if cards else \
            "Tap up to 3 cards with pearls or diamonds."
    picked = answers.get("safe_cards") or []
    return ("To sell: " + ", ".join(f"{safe[i][1]} {safe[i][0]}s" for i in picked if i < len(safe))) \
        if picked else "Tap up to 3 safe cards to sell."


@dataclass(frozen=True)
class PrivateNote:
    """A private line of the newest action for one seat (a robbery's cards for robber and victim),
    offered on the shared screen as a hold-to-see button that names only the seat."""

    seat: int
    button: str  # "Ben: hold to see" (beside the robbery's public line)
    title: str  # "For Ben only"
    read: Callable[[], str]  # the seat's own line ("You took: 10 pearls, 20 pearls."), read on the hold

    @property
    def text(self) -> str:
        return self.read()


def private_notes(view, note_of: Callable[[int], str]) -> list[PrivateNote]:
    """The seats the table view says have a private line now (the robber first, then the victim);
    ``note_of(seat)`` reads it from that seat's own view, only when the seat holds to see it."""
    names = [p.name for p in view.players]
    return [PrivateNote(seat, f"{names[seat]}: hold to see", f"For {names[seat]} only", lambda s=seat: note_of(s))
            for seat in view.noted]


def legal(engine, state, action) -> bool:
    try:
        engine.check(state, action)
    except CompanionError:
        return False
    return True


def choice_enabled(turn: Turn, key: str) -> bool:
    """A card type is offered when some way of playing it is legal now."""
    return Wizard(key).possible(turn, {})


# -- the token hand-over panel ---------------------------------------------------------------------
@dataclass(frozen=True)
class Handover:
    """One physical movement of tokens: ``giver`` hands ``given`` to ``taker``, who gives ``change`` back."""

    giver: str
    taker: str
    given: tuple[int, int, int]
    change: tuple[int, int, int]


@dataclass(frozen=True)
class PaymentRow:
    title: str  # "The bank pays Anna $3M (Slot machine)"
    handovers: tuple[Handover, ...] = ()
    paper: str = ""  # the "cannot make the change" sentence when the tokens cannot carry it


def _who(name: str) -> str:
    return "The bank" if name in ("bank", "the bank") else name


def payment_rows(events: Sequence) -> list[PaymentRow]:
    """The payments among ``events`` as token instructions (token mode) or plain lines."""
    rows = []
    for e in events:
        if e.kind != "payment":
            continue
        d = e.data
        payee = "the bank" if _who(d["payee"]) == "The bank" else d["payee"]
        title = f"{_who(d['payer'])} pays {payee} {money(d['amount'])} ({d['reason']})"
        moves = d.get("tokens")
        if not moves:
            rows.append(PaymentRow(title))
            continue
        if "given" in moves:
            rows.append(PaymentRow(title, (Handover(_who(d["payer"]), _who(d["payee"]), tuple(moves["given"]),
                                                    tuple(moves["change"])),)))
        elif "via_bank" in moves:
            (g1, c1), (g2, c2) = moves["via_bank"]
            rows.append(PaymentRow(title + " — change through the bank",
                                   (Handover(_who(d["payer"]), "The bank", tuple(g1), tuple(c1)),
                                    Handover("The bank", _who(d["payee"]), tuple(g2), tuple(c2)))))
        else:
            text = e.text
            paper = text[text.index("The tokens cannot"):] if "The tokens cannot" in text else text
            rows.append(PaymentRow(title, (), paper))
    return rows


def balance_changes(events: Sequence) -> dict[str, int]:
    """Each player's balance change in the newest action (the bank left out): ``{"Anna": -1_000_000}``.
    Shown on the player's card, where the table reads balances (an Extortion's −$1M and +$2M)."""
    out: dict[str, int] = {}
    for e in events:
        if e.kind != "payment":
            continue
        d = e.data
        for name, sign in ((d["payer"], -1), (d["payee"], 1)):
            if _who(name) != "The bank":
                out[name] = out.get(name, 0) + sign * d["amount"]
    return {k: v for k, v in out.items() if v}


def change_text(amount: int) -> str:
    """``+$2M``, ``−$1M`` (a true minus sign): a balance change as the player card shows it."""
    return ("+" if amount > 0 else "\u2212") + money(abs(amount))


def token_counts(stock: Sequence[int]) -> list[tuple[int, int]]:
    """``[(10, 1), (1, 2)]``: (token value in $M, how many), biggest first, only those moving."""
    return [(d // 1_000_000, n) for d, n in zip(reversed(T.DENOMINATIONS), reversed(tuple(stock))) if n]


#: the colour of each token (in $M) as printed on the physical tokens: green $1M, red $5M, blue $10M
TOKEN_MARKUP = {1: "3FAF6F", 5: "E0565A", 10: "5A8FE8"}


def token_line(stock: Sequence[int], paper: int = 0) -> str:
    """A player card's tokens, each value in its token's colour (the word "Tokens" left out: with
    all three kinds it cut the line on a 3-player table at 800x480).

    >>> token_line((1, 0, 1))
    '[color=5A8FE8]$10M[/color]×1 [color=3FAF6F]$1M[/color]×1'
    >>> token_line((0, 0, 0), -2_000_000)
    'No tokens  [color=FF8A7A]paper -$2M[/color]'
    """
    parts = [f"[color={TOKEN_MARKUP[m]}]${m}M[/color]×{k}" for m, k in token_counts(stock)]
    line = " ".join(parts) if parts else "No tokens"
    return line + (f"  [color=FF8A7A]paper {money(paper)}[/color]" if paper else "")


def describe_tokens(stock: Sequence[int]) -> str:
    return T.describe(tuple(stock))


# -- which events are worth a line on screen ------------------------------------------------------------
RESULT_KINDS = ("poker_result", "roulette_result", "slot_result", "victory")


def first_sentence(text: str) -> str:
    """The news's first sentence (what fits beside the token panel).

    >>> first_sentence("Poker: Ben wins $12M with four of a kind (Ks). Four of a kind beats two pairs (Dino).")
    'Poker: Ben wins $12M with four of a kind (Ks).'
    >>> first_sentence("Anna's turn, phase 1.")
    "Anna's turn, phase 1."
    """
    head, dot, _ = text.partition(". ")
    return head + dot.strip() if dot else text


def news(events: Sequence) -> str:
    """The table's one-line news after an action: the public event texts, payments left to the panel."""
    from companion.engine import TABLE as TABLE_AUDIENCE

    parts = [e.text for e in events if e.audience == TABLE_AUDIENCE and e.kind not in ("payment", "phase")]
    return " ".join(parts)


# -- seeded sample games for --screenshot -------------------------------------------------------------
SAMPLE_SEED = 20261
SAMPLE_CONFIG = {"players": ["Anna", "Ben", "Cleo"], "tokens": True}


def sample_actions(where: str) -> list[A.Action]:
    """A short game leading to ``where`` (a screen name without prefix) for its picture."""
    setup = [A.MarketValueDrawn(1, True), A.FirstPlayerChosen(0, True)]
    turn1 = [A.BuildConstruction("casino", "Poker Room", 2), A.BuildConstruction("casino", "Roulette Hall", 1),
             A.BuildConstruction("casino", "Cashier", 1), A.BuildConstruction("hotel", "Pool", 1), A.EndActions(),
             A.PayManpower((5,)), A.PlayClient("casino"), A.EndTurn()]
    turn2 = [A.PlayBlock("expert_cheater", 0, 2), A.EndActions(), A.PayManpower((2,)), A.EndTurn()]
    turn3 = [A.PlaySlotMachine(2), A.SlotCardsTurned(("diamond", "diamond", "pearl"), True), A.EndTurn()]
    base = setup + turn1 + turn2 + turn3
    if where in ("table", "action", "new"):
        return base
    if where == "poker":
        return base + [A.PlayPoker(), A.PokerCards(0, ("9C", "9D")), A.PokerCards(1, ("KH", "KS")),
                       A.PokerCards(2, ("5H", "6H")), A.PokerBoard(("9H", "9S", "9C", "KD", "2S"), True)]
    if where == "roulette":
        return base + [A.PlayRoulette(), A.RouletteBet(0, ("5", "Q")), A.RouletteBet(1, ("9",)),
                       A.RouletteBet(2, ("2",)), A.RouletteCardTurned("7", True), A.RouletteCardTurned("K", True)]
    if where == "slot":
        return base + [A.PlaySlotMachine(3)]
    if where == "victory":
        jackpot = [A.PlaySlotMachine(3), A.SlotCardsTurned(("diamond",) * 3, True), A.EndTurn()]
        quiet = [A.EndActions(), A.EndTurn()]
        return base + jackpot + quiet + quiet + jackpot
    return base


# -- the ledger history ------------------------------------------------------------------------------
@dataclass(frozen=True)
class LedgerRow:
    """One ledger entry as the history screen lists it: who paid whom, how much, why, in which turn."""

    turn: int
    payer: str
    payee: str
    amount: int
    reason: str

    @property
    def who(self) -> str:
        return f"{account_name(self.payer)} pays {account_name(self.payee).replace('The bank', 'the bank')}"

    @property
    def money(self) -> str:
        return money(self.amount)

    @property
    def when(self) -> str:
        return f"Turn {self.turn}" if self.turn else "Setup"


def account_name(account: str) -> str:
    from companion.bank import BANK

    return "The bank" if account == BANK else account


def ledger_history(view) -> list[LedgerRow]:
    """Every ledger entry of the game, newest first, each with the turn it was booked in (the
    table view carries both)."""
    turns = tuple(view.ledger_turns) + (0,) * (len(view.ledger) - len(view.ledger_turns))
    return [LedgerRow(turn, payer, payee, amount, reason)
            for (payer, payee, amount, reason), turn in zip(view.ledger, turns)][::-1]


# -- hardware: a seat button or a player's tag picks a player ---------------------------------------------
def picked_seat(seat: int, names: Sequence[str]) -> tuple[int | None, str]:
    """Which seat a seat button (``Vote(seat)``, from 0) picks: ``(seat, "")``, or ``(None, sentence)``
    for a seat that is not at this table."""
    if 0 <= seat < len(names):
        return seat, ""
    return None, f"There is no seat {seat + 1} at this table of {len(names)}."


def picked_by_tag(binding, names: Sequence[str]) -> tuple[int | None, str, bool]:
    """Which seat a player's tag picks: ``(seat, sentence, handled)``. ``binding`` is the store's
    (kind "player", ref = the name); a player who is not in this game gives a sentence. A tag the
    store does not know (or one bound to a card) is not handled here: the app registers it."""
    if binding is None or binding.kind != "player":
        return None, "", False
    if binding.ref in names:
        return list(names).index(binding.ref), "", True
    return None, f"{binding.ref} is not playing at this table.", True


# -- the manifest's hooks: route, speaking policy, sample games ---------------------------------------
def route(session) -> str:
    """The screen the game's state belongs on (the manifest's ``route``)."""
    return TABLE if session is None else screen_for_phase(session.view(TABLE_AUDIENCE).phase)


def lines(session, events) -> list[str]:
    """What the narrator says after a commit (the manifest's ``speak``): the results, and a payment
    the tokens cannot make; each is also on screen (result screens, victory, the token panel)."""
    return [e.text for e in events
            if e.kind in RESULT_KINDS or (e.kind == "payment" and "cannot make" in e.text)]


SAMPLE_NAMES = ("Anna", "Ben", "Cleo", "Dino", "Enzo")


def sample(table, screen: str):
    """A seeded sample game played up to ``screen`` (``--screenshot``; the manifest's ``sample``)."""
    from companion.session import Session
    from ui.controller import Route

    if screen == "mafia_casino_new":
        for name in SAMPLE_NAMES:
            table.store.add_player(name)
        return Route(screen, {"game": GAME, "chosen": list(SAMPLE_CONFIG["players"])})
    session = table.adopt(Session.start(table.store, GAME, SAMPLE_CONFIG, seed=SAMPLE_SEED))
    for action in sample_actions(screen.replace("mafia_casino_", "")):
        session.act(action)
    return Route(screen, {"game": GAME, "game_id": session.game_id})
