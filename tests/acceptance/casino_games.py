"""Mafia Casino at the table, played by the robot from Home by visible text only: three players,
physical tokens, Anna wins poker, the slot machine and roulette to $30M; Ben books a bank
correction with a reason. After each step every balance and the phase on screen are compared
with the stored game read from outside."""

from __future__ import annotations

import re

from tables_help import check_layout, seat_names, tap_last

GAME = "mafia-casino"
NAMES = ("Anna", "Ben", "Cleo")


class CasinoTable:
    def __init__(self, t):
        self.t, self.r = t, t.robot
        self.gid = None
        self.mismatches = t.obs.setdefault("mismatches", [])

    def state(self):
        return self.t.outside.replay(self.gid)[1]

    def check(self, where: str) -> None:
        """Each player's balance on screen ($M, as printed on the tile) == the stored ledger."""
        from companion.games.mafia_casino.engine import money

        r, st = self.r, self.state()
        r.run_for(0.05)
        texts = r.texts()
        for p in st.players:
            want = money(st.ledger.balance(p.name))
            for i, x in enumerate(texts):
                if x == p.name:
                    shown = next((u for u in texts[i + 1:i + 4] if re.match(r"^-?\$[\d.]+M$", u)), None)
                    if shown is not None and shown != want:
                        self.mismatches.append(f"{where}: {p.name} shows {shown}, stored {want}")
        active = st.players[st.active].name
        phase = next((x for x in texts if x.startswith("Turn ")), None)
        if phase is not None and f"· {active} ·" not in phase:
            self.mismatches.append(f"{where}: status {phase!r}, stored active {active}")
        check_layout(self.t, where)

    def tokens_done(self) -> None:
        if self.r.sees("Hand over the tokens"):
            check_layout(self.t, "tokens")
            self.r.tap("Done")

    def end_turn(self) -> None:
        """Phase 1 ends, phase 2 with no client: the turn passes."""
        r = self.r
        self.tokens_done()
        r.wait_for(re.compile(r"^End (phase 1|turn)$"), control=True)
        if any(c.text == "End phase 1" for c in r.controls()):
            r.tap("End phase 1")
        r.tap("End turn")
        r.run_for(0.1)

    def play_card(self, card: str) -> None:
        r = self.r
        r.tap("Play a card")
        r.wait_for(re.compile(r"plays which card\?$"))
        check_layout(self.t, "action")
        r.tap(card)


def new_token_game(t, names) -> CasinoTable:
    """From Home: the players seated, physical tokens, started; the Market Value card awaited."""
    r = t.robot
    g = CasinoTable(t)
    r.tap("Mafia Casino")
    r.wait_for("Money")
    seat_names(r, names)
    r.tap("Physical tokens")
    check_layout(t, f"new-table-{len(names)}")
    r.tap(f"Start with {len(names)} players")
    r.wait_for("App picks", control=True)
    g.gid = t.outside.latest_game(GAME)
    check_layout(t, f"market-{len(names)}")
    return g


def anna_to_thirty(t):
    r = t.robot
    g = new_token_game(t, NAMES)
    r.tap("App picks")  # the market card (each card button shows its prices)
    r.wait_for("Anna", control=True)
    check_layout(t, "first-player")
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    g.check("start")

    # Anna: poker, five 9s against Ben's kings
    start = r.steps
    g.play_card("Poker")
    r.tap("Play")
    # all cards face up before the board (the rule): each hand is two taps, recorded at the second
    hole_start = r.steps
    for name, cards in (("Anna", ("9♣", "9♦")), ("Ben", ("K♥", "K♠")), ("Cleo", ("5♥", "6♥"))):
        r.wait_for(re.compile(rf"^All cards face up: tap {name}'s two cards"))
        r.tap(cards[0])
        check_layout(t, "poker-holes")
        r.tap(cards[1])
    t.obs["taps_poker_hands"] = r.steps - hole_start
    r.wait_for(re.compile(r"^The board"))
    for c in ("9♥", "9♠", "9♦", "K♦", "2♠"):
        r.tap(c)
    check_layout(t, "poker-board")
    r.tap("Record the board")
    r.wait_for("Anna wins")
    g.check("poker-result")
    t.obs["poker_result"] = [x for x in r.texts() if "wins" in x]
    r.tap("Back to the table")
    g.check("after-poker")
    g.end_turn()
    t.obs["taps_poker_turn"] = r.steps - start
    for _ in ("Ben", "Cleo"):
        g.check("quiet-turn")
        g.end_turn()

    # Anna: the slot machine, three cards bet, three diamonds: $15M
    g.play_card("Slot Machine")
    r.tap("3 cards")
    r.tap("Play")
    r.wait_for("Tap it")
    for _ in range(3):
        r.tap("Tap it")
        r.tap("Pearl")
    check_layout(t, "slot")
    r.tap("Record these")
    r.wait_for("Back to the table", control=True)
    g.check("slot-result")
    r.tap("Back to the table")
    g.end_turn()

    # Ben: a bank correction with a reason, on the ledger
    r.tap("Ledger")
    r.tap("Correction…")
    r.tap("Ben")
    r.tap("+$1M")
    r.tap("Missed income")
    check_layout(t, "correction")
    r.tap("Book it")
    t.obs["correction"] = r.wait_for(re.compile(r"^correction: "))
    r.tap("Back to the table")
    g.check("after-correction")
    g.end_turn()
    g.end_turn()  # Cleo

    # Anna: roulette; the tenth card turned matches her 5: $10M, and $30M is reached
    g.play_card("Roulette")
    r.tap("Play")
    for values in (("5", "Q"), ("9",), ("2",)):
        for v in values:
            tap_last(r, v)
        check_layout(t, "roulette-bets")
        r.tap("Place")
    for v in ("3", "4", "6", "7", "8", "10", "J", "K", "A", "5"):
        tap_last(r, v)  # the pad, not the bet cards above it
    r.wait_for("Back to the table", control=True)
    g.check("roulette-result")
    r.tap("Back to the table")
    g.end_turn()
    r.wait_for(re.compile(r"wins!$"), timeout=10)
    check_layout(t, "victory")
    st = g.state()
    out = t.outside.replay(g.gid)[0].outcome(st)
    t.obs["stored_winner"] = [st.players[w].name for w in out.winners] if out else None
    t.obs["victory_texts"] = r.texts()


# -- issue 26: the safe is a private moment; a robbery's cards are shown to robber and victim alone --

SIX = ("Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi")
PRIVATE_PAD = re.compile(r"^For (Anna|Ben|Cleo|Dino|Enzo|Fifi) only$")
HOLD_SAFE = re.compile(r": hold to open your safe$")
JEWEL_TEXT = re.compile(r"\d+ (pearls|diamonds)")


def _start_six(t) -> CasinoTable:
    r = t.robot
    g = new_token_game(t, SIX)
    r.tap([c.text for c in r.controls() if c.text.startswith("● ")][0])
    r.wait_for("Anna", control=True)
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    return g


def _jewels_on_table(r) -> list[str]:
    return [x for x in r.texts() if JEWEL_TEXT.search(x)]


def safe_in_private(t):
    """Anna buys 20 pearls and 10 diamonds on her private pad; the shared screen before the hold and
    after the buy names no jewel; Ben robs her safe and each of them, alone, holds to see which cards
    moved, while the table only hears how many."""
    r = t.robot
    g = _start_six(t)
    g.play_card("Buy jewels")
    r.wait_for(HOLD_SAFE, control=True)
    check_layout(t, "safe-curtain-6")
    t.obs["curtain_jewels"] = _jewels_on_table(r)
    t.obs["curtain_texts"] = r.texts()
    # left alone, the pad hides itself and forgets what was tapped
    r.hold(HOLD_SAFE)
    r.wait_for(PRIVATE_PAD)
    r.tap("10 pearls")
    r.wait_gone(PRIVATE_PAD, timeout=90)  # a liveness wait (the pad's own idle time is 20 s)
    t.obs["idle_hidden_jewels"] = _jewels_on_table(r)
    r.hold(HOLD_SAFE)
    r.wait_for(PRIVATE_PAD)
    t.obs["reopened_line"] = [x for x in r.texts() if x.startswith(("Tap up to", "Into the safe:"))]
    t.obs["pad_title"] = next(x for x in r.texts() if PRIVATE_PAD.match(x))
    for card in ("20 pearls", "10 diamonds"):
        r.tap(card)
    check_layout(t, "safe-pad-6")
    t.obs["pad_texts"] = r.texts()
    r.tap("Into the safe")
    r.wait_gone(PRIVATE_PAD)
    r.wait_for(re.compile(r"^● "), control=True)
    check_layout(t, "after-buy-6")
    t.obs["after_buy_jewels"] = _jewels_on_table(r)
    t.obs["after_buy_message"] = [x for x in r.texts() if x.startswith("Transaction:")]
    r.tap([c.text for c in r.controls() if c.text.startswith("● ")][1])
    g.end_turn()
    # Ben robs Anna's safe at 0 manpower; the app takes both cards
    g.play_card("Safe Robbery")
    r.tap("Anna")
    r.tap("0")
    r.tap("Play")
    r.tap("App takes the cards")
    r.wait_for(re.compile(r"^Ben: hold to see$"), control=True)
    check_layout(t, "after-robbery-6")
    t.obs["robbery_table_jewels"] = _jewels_on_table(r)
    t.obs["robber_saw"] = r.peek(re.compile(r"^Ben: hold to see$"))
    t.obs["victim_saw"] = r.peek(re.compile(r"^Anna: hold to see$"))
    t.obs["after_peek_jewels"] = _jewels_on_table(r)
    _, st, _ = t.outside.replay(g.gid)
    t.obs["stored_safes"] = [list(map(list, p.safe)) for p in st.players[:2]]


def bank_and_extortion(t):
    """Six players. The Bank button: $6M to Ben and $2M to Cleo on the amount pad (taps counted from
    the table and back); then Anna's Extortion: each change on the player cards (+$2M, −$1M)."""
    r = t.robot
    g = _start_six(t)
    taps = []
    for name, amounts in (("Ben", ("$5M", "+$1M")), ("Cleo", ("$2M",))):
        start = r.steps
        r.tap("Bank")
        r.wait_for("Bank pays", control=True)
        r.tap(re.compile(rf"^{name} "))
        for amount in amounts:
            r.tap(amount)
        if name == "Ben":
            check_layout(t, "bank-6")
            t.obs["bank_amount"] = "$6M" in r.texts()
        r.tap("Bank pays")
        r.wait_for("Play a card", control=True)
        taps.append(r.steps - start)
        g.tokens_done()
    t.obs["bank_taps"] = taps
    t.obs["bank_news"] = [x for x in r.texts() if x.startswith("Bank correction")]
    g.check("after-bank")
    # a refused payment: Dino has nothing to pay the bank with; the sentence, nothing booked
    r.tap("Bank")
    r.tap(re.compile(r"^Dino "))
    r.tap("$1M")
    r.tap("Pays the bank")
    t.obs["bank_refused"] = r.wait_for(re.compile(r"^Dino has only"))
    t.obs["bank_refused_journal"] = len(g.state().ledger.journal)
    r.tap("Back to the table")
    # Anna's Extortion at 0 manpower: Ben and Cleo pay $1M each
    g.play_card("Extortion")
    r.tap("0")
    r.tap("Play")
    r.wait_for("Hand over the tokens")
    t.obs["extortion_cards"] = [x for x in r.texts() if re.match(r"^(Anna|Ben|Cleo|Dino|Enzo|Fifi) [+\u2212h]", x)]
    check_layout(t, "extortion-tokens-6")
    r.tap("Done")
    r.wait_for("Play a card", control=True)
    check_layout(t, "extortion-6")
    t.obs["extortion_cards_after"] = [x for x in r.texts() if re.match(r"^(Anna|Ben|Cleo|Dino|Enzo|Fifi) [+\u2212h]", x)]
    g.check("after-extortion")


# -- issue 25: what the id-driver (tests/ui/mafia_casino) alone checked, by visible text ----------

def _log(t, gid) -> list[dict]:
    """The game's stored log, read from outside (an undo is an entry of its own)."""
    import json

    return [json.loads(a) for (a,) in t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (gid,))]


def _balance(r, name: str) -> str | None:
    """The balance on ``name``'s card: the first $ amount after the name (in the compact list beside
    the token panel the name carries the change: "Anna −$1M", then "$6M")."""
    texts = r.texts()
    i = next((k for k, x in enumerate(texts) if x == name or x.startswith(name + " ")), None)  # "Anna −$1M"
    if i is None:
        return None
    return next((x for x in texts[i + 1:i + 4] if re.match(r"^-?\$[\d.]+M$", x)), None)


def _press(r, key: str) -> None:
    """A keyboard stand-in for a table button (hardware/commands.py KEY_MAP: spacebar is NEXT)."""
    from kivy.core.window import Keyboard, Window

    code = Keyboard.string_to_keycode(Keyboard, key)
    Window.dispatch("on_key_down", code, 0, None, [])
    r.run_for(0.05)
    Window.dispatch("on_key_up", code, 0)
    r.run_for(0.1)


def _token_texts(r) -> list[str]:
    texts = r.texts()
    start = texts.index("Hand over the tokens")
    return [x for x in texts[start + 1:] if x != "Done"][:12]


def cleo_to_thirty(t):
    """Poker, roulette, slot, a construction whose short manpower payment is refused in words, a
    client taken back with Undo (on the table and on the ledger), an Extortion with tokens changing
    hands (NEXT closes the panel), and Cleo's $30M win, then Home."""
    r = t.robot
    g = new_token_game(t, NAMES)
    r.tap([c.text for c in r.controls() if c.text.startswith("● ")][0])
    r.wait_for("Anna", control=True)
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    g.check("start")

    # Anna: poker; the result names the winner, the amount (large) and why the winner wins
    g.play_card("Poker")
    r.tap("Play")
    t.obs["poker_prompt"] = r.wait_for(re.compile(r"^All cards face up: tap Anna's two cards"))
    for cards in (("9♣", "9♦"), ("K♥", "K♠"), ("5♥", "6♥")):
        for c in cards:
            r.tap(c)
    r.wait_for(re.compile(r"^The board"))
    for c in ("9♥", "9♠", "9♣", "K♦", "2♠"):
        r.tap(c)
    r.tap("Record the board")
    t.obs["poker_result"] = r.wait_for(re.compile(r"^Poker: Anna wins"))
    check_layout(t, "poker-result")  # every hand's words fit (nothing cut, nothing overlapping)
    texts = r.texts()
    t.obs["poker_winner"] = [x for x in ("Anna wins", "$6M", "five of a kind (9s)") if x in texts]
    t.obs["poker_amount_px"] = [s.widget.font_size for s in r._visible() if s.text == "$6M"]
    r.tap("Back to the table")
    r.wait_for("Hand over the tokens")
    t.obs["poker_tokens"] = _token_texts(r)
    g.check("after-poker")
    g.end_turn()

    # Ben: roulette; a value placed cannot be placed again
    g.play_card("Roulette")
    r.tap("Play")
    for values in (("5", "Q"), ("9",), ("2",)):
        for v in values:
            tap_last(r, v)
        if values == ("9",):
            pad = [c for c in r.controls(enabled_only=False) if c.text in ("5", "Q", "9", "2", "7")]
            t.obs["roulette_disabled"] = sorted({c.text for c in pad if not c.enabled})
        r.tap("Place")
    for v in ("7", "9"):
        tap_last(r, v)
    t.obs["roulette_result"] = r.wait_for(re.compile(r"Cleo wins \$2M"))
    r.tap("Back to the table")
    g.check("after-roulette")
    g.end_turn()

    # Cleo: the slot machine, three cards bet, three diamonds
    g.play_card("Slot Machine")
    r.tap("3 cards")
    r.tap("Play")
    r.wait_for("Tap it")
    for _ in range(3):
        r.tap("Tap it")
        r.tap("Pearl")
    r.tap("Record these")
    t.obs["slot_result"] = r.wait_for(re.compile(r"three diamonds! Cleo wins \$15M"))
    r.tap("Back to the table")
    g.check("after-slot")
    g.end_turn()

    # Anna: a Casino construction at 3 manpower; 2 discarded is refused in words, nothing stored
    g.play_card("Casino")
    r.tap("Poker Room")
    r.tap("3")
    t.obs["construction_summary"] = r.wait_for(re.compile(r"^Construction: "))
    r.tap("Play")
    r.tap("End phase 1")
    r.tap("Discard 3 manpower")
    r.tap("1")
    r.tap("1")
    before, state = len(_log(t, g.gid)), g.state()
    r.tap("Pay")
    t.obs["refused"] = r.wait_for(re.compile(r"manpower does not cover"))
    t.obs["refused_nothing_stored"] = len(_log(t, g.gid)) == before and g.state() == state
    t.obs["refused_still_paying"] = r.sees("Pay") and r.sees(re.compile(r"^Discarded: 1 \+ 1 = 2$"))
    r.tap("Clear")
    r.tap("3")
    r.tap("Pay")
    r.wait_for("End turn", control=True)
    # a client, taken back with the one question
    r.tap("Casino")
    g.tokens_done()  # the $1M's tokens handed over; the balances take the whole table again
    r.wait_for("End turn", control=True)
    t.obs["anna_after_client"] = _balance(r, "Anna")
    r.tap("Undo")
    t.obs["undo_question"] = r.wait_for(re.compile(r"^Take back: "))
    r.tap("Take back")
    r.wait_for("End turn", control=True)
    t.obs["anna_after_undo"] = _balance(r, "Anna")
    t.obs["log_has_undo"] = any(e.get("kind") == "_undo" for e in _log(t, g.gid))
    r.tap("Casino")
    # the ledger: every payment newest first with its turn; its Undo asks once and stays there
    r.tap("Ledger")
    r.wait_for("Correction…", control=True)
    check_layout(t, "ledger")
    t.obs["ledger_texts"] = r.texts()
    before = len(_log(t, g.gid))
    r.tap("Undo")
    t.obs["ledger_undo_question"] = r.wait_for(re.compile(r"^Take back: "))
    t.obs["ledger_nothing_stored_while_asking"] = len(_log(t, g.gid)) == before
    r.tap("Take back")
    r.wait_gone(re.compile(r"^Take back: "))
    t.obs["ledger_log_last"] = _log(t, g.gid)[-1]
    t.obs["ledger_texts_after_undo"] = r.texts()
    t.obs["ledger_still_shown"] = r.sees("Correction…")
    r.tap("Back to the table")
    r.wait_for("End turn", control=True)
    t.obs["anna_after_ledger_undo"] = _balance(r, "Anna")
    r.tap("Casino")
    g.check("after-client")
    g.end_turn()

    # Ben: Extortion at 1 manpower: tokens change hands between players; NEXT closes the panel
    g.play_card("Extortion")
    r.tap("1")
    r.tap("Play")
    r.wait_for("Hand over the tokens")
    check_layout(t, "extortion-tokens")
    t.obs["extortion_tokens"] = _token_texts(r)
    t.obs["balances_beside_tokens"] = {n: _balance(r, n) for n in NAMES}
    _press(r, "spacebar")
    r.wait_gone("Hand over the tokens")
    t.obs["next_closed_tokens"] = True
    g.check("after-extortion")
    r.tap("End phase 1")
    r.tap("Discard 1 manpower")
    r.tap("1")
    r.tap("Pay")
    r.wait_for("End turn", control=True)
    r.tap("End turn")

    # Cleo: the jackpot again; at the end of her turn she holds $31M and wins
    g.play_card("Slot Machine")
    r.tap("3 cards")
    r.tap("Play")
    r.wait_for("Tap it")
    for _ in range(3):
        r.tap("Tap it")
        r.tap("Pearl")
    r.tap("Record these")
    r.tap("Back to the table")
    g.check("before-the-win")
    g.end_turn()
    r.wait_for("Cleo wins!", timeout=10)
    check_layout(t, "victory")
    t.obs["victory_texts"] = r.texts()
    t.obs["stored_status"] = t.outside._rows("SELECT status FROM games WHERE id=?", (g.gid,))[0][0]
    r.tap("Home")
    r.wait_for("Mafia Casino", control=True)
    t.obs["home_after"] = True


def six_poker_tokens(t):
    """Six players, Ben wins Anna's poker: the long result line and the token hand-over panel beside
    the compact list of six balances, with the client buttons below (issue 24's known overlap)."""
    r = t.robot
    g = _start_six(t)
    g.play_card("Poker")
    r.tap("Play")
    hands = (("2♣", "7♦"), ("K♥", "K♠"), ("3♥", "8♣"), ("4♠", "9♦"), ("5♣", "J♦"), ("6♦", "Q♠"))
    for cards in hands:
        r.wait_for(re.compile(r"^All cards face up"))
        for c in cards:
            r.tap(c)
    r.wait_for(re.compile(r"^The board"))
    for c in ("K♦", "K♣", "2♠", "9♥", "10♠"):
        r.tap(c)
    r.tap("Record the board")
    r.wait_for(re.compile(r"^Poker: Ben wins"))
    r.tap("Back to the table")
    r.wait_for("Hand over the tokens")
    check_layout(t, "six-poker-tokens")
    t.obs["six_news"] = [x for x in r.texts() if x.startswith("Poker: ")]
    t.obs["six_tokens"] = _token_texts(r)
    r.tap("Done")
    r.wait_gone("Hand over the tokens")
    check_layout(t, "six-poker-after-tokens")


def setup_upright(t):
    """The Casino's setup on the Touch Display 2 upright (720x1280): the names, the on-screen
    keyboard, the money choice, six players started, the Market Value cards offered, the first-player
    row (two rows of four) and the first turn's bar."""
    r = t.robot
    r.tap("Mafia Casino")
    r.wait_for("Money")
    check_layout(t, "casino-new-upright")
    r.tap("+ New name")
    r.wait_for("Add", control=True)
    check_layout(t, "casino-keyboard-upright")
    r.tap("Add")  # nothing typed: the player list's sentence, in place, the keypad still open
    r.wait_for("A player needs a name.")
    check_layout(t, "casino-empty-name-upright")
    t.obs["empty_name_keeps_keypad"] = any(c.text == "Add" for c in r.controls())
    r.tap("Cancel")
    seat_names(r, SIX)
    r.tap("Physical tokens")
    check_layout(t, "casino-new-6-upright")
    r.tap("Start with 6 players")
    r.wait_for("App picks", control=True)
    check_layout(t, "casino-market-upright")
    r.tap("App picks")  # the Market Value card
    r.wait_for(SIX[-1], control=True)
    check_layout(t, "casino-first-player-upright")  # App picks, six names and Undo: two rows
    r.tap("App picks")  # the first player
    r.wait_for("Play a card", control=True)
    check_layout(t, "casino-actions-upright")
    t.obs["upright_started"] = True
