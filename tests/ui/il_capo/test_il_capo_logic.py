"""The Kivy-free helpers of the Il Capo screens."""

from companion.games.il_capo import ENGINE, EndTurn, Spun
from ui.games.il_capo import logic as L


def _state():
    return ENGINE.new({"players": ["Anna", "Ben", "Carla"]}, 1)


def test_screen_for_follows_what_the_table_view_awaits():
    from companion.engine import TABLE

    s = _state()
    assert L.screen_for(ENGINE.view(s, TABLE)) == L.TABLE
    assert L.spin_request(ENGINE.view(s, TABLE), ENGINE.chance_requests(s)) == (True, "spin")  # a player's
    for _ in range(3):
        s, _ = ENGINE.apply(s, Spun(3, "R"))
        s, _ = ENGINE.apply(s, EndTurn())
    view = ENGINE.view(s, TABLE)
    assert L.screen_for(view) == L.SYNDICATE
    assert L.spin_request(view, ENGINE.chance_requests(s)) == (True, None)  # the Underboss's spin: drawn unasked
    assert [m for _, m in L.npc_progress(view)] == ["now", "next", "next", "next"]


def test_amount_pad_builds_amounts_in_dollar_steps():
    pad = L.AmountPad()
    pad.add(250_000)
    pad.add(50_000)
    assert pad.text == "$300,000"
    pad.back()
    assert pad.value == 250_000
    pad.clear()
    assert pad.text == "$0"


def test_seat_picker_keeps_tap_order_and_the_player_range():
    p = L.SeatPicker()
    assert p.start_label == "Pick 2 more" and not p.ready
    for n in "ABCDEFGH":
        assert p.toggle(n) == ""
    assert "at most 8" in p.toggle("I")
    p.toggle("A")
    assert p.seats[0] == "B" and p.ready and p.start_label == "Start with 7"


def test_ledger_lines_and_compact_money():
    assert L.ledger_line("Anna", "bank", 400_000, "hire (Firpo)") == "$400,000 from Anna to the bank: hire (Firpo)"
    assert L.compact_money(1_250_000) == "$1.25M" and L.compact_money(50_000) == "$50K"
    assert L.short_name("Luca 'The Hammer' Bruno") == "Luca Bruno"


def test_land_choices_enable_exactly_the_legal_actions():
    s, _ = ENGINE.apply(_state(), Spun(4, "L"))
    choices = {c.key: c for c in L.land_choices(L.__dict__ and ENGINE.view(s, __import__(
        "companion.engine", fromlist=["TABLE"]).TABLE), ENGINE.legal_actions(s))}
    assert choices["cop"].enabled and choices["rico"].enabled
    assert not choices["jail"].enabled  # nobody on the Out of Jail space
    assert not choices["mansion"].enabled  # no Skyscraper yet


def test_gauntlet_checklist_follows_what_the_engine_tracks():
    from companion.games.il_capo import DevelopSkyscraper, Receive
    from companion.engine import TABLE

    s = _state()
    s, _ = ENGINE.apply(s, Receive(0, 1_000_000))
    s, _ = ENGINE.apply(s, Spun(3, "R"))
    s, _ = ENGINE.apply(s, DevelopSkyscraper())
    anna, ben = ENGINE.view(s, TABLE).players[:2]
    assert L.gauntlet_steps(anna) == [("Skyscraper", True), ("Dead Man's Row", False), ("Mansion", False)]
    assert L.gauntlet_text(anna) == "Gauntlet: Skyscraper done, Dead Man's Row to do, Mansion to do"
    assert "\u2713[/font] Skyscraper" in L.gauntlet_markup(anna)
    assert "\u2713" not in L.gauntlet_markup(ben)


def test_quick_amounts_are_the_games_own_dollars():
    from companion.games.il_capo.actions import QUICK_AMOUNTS

    assert [L.quick_amount_label(a) for a in QUICK_AMOUNTS] == ["$250,000", "$500,000", "$1,000,000"]


def test_gauntlet_checklist_opens_the_mansion_once_both_steps_are_done():
    from companion.games.il_capo import DevelopSkyscraper, NavigateDeadMansRow, Receive
    from companion.engine import TABLE

    s = _state()
    s, _ = ENGINE.apply(s, Receive(0, 1_000_000))
    s, _ = ENGINE.apply(s, Spun(3, "R"))
    s, _ = ENGINE.apply(s, DevelopSkyscraper())
    assert "Mansion" not in L.gauntlet_markup(ENGINE.view(s, TABLE).players[0])
    s, _ = ENGINE.apply(s, NavigateDeadMansRow())
    anna = ENGINE.view(s, TABLE).players[0]
    assert L.gauntlet_markup(anna).count("\u2713") == 1 and "Mansion open" in L.gauntlet_markup(anna)  # both done, said once


# -- issue #26: the table names who is in Jail and until when; skills say what they do -------------
def _busted():
    """Anna hires Carmine the Mule and lands on a cop in round 1: he is in Jail until the end of round 4."""
    from companion.games.il_capo import Hire, LandedOnCop
    from companion.engine import TABLE

    s = _state()
    for action in (Spun(3, "R"), Hire("Carmine the Mule"), LandedOnCop()):
        s, _ = ENGINE.apply(s, action)
    return s, ENGINE.view(s, TABLE)


def test_a_tile_says_which_crew_member_is_in_jail_and_until_when():
    s, v = _busted()
    assert v.jail == (("Carmine the Mule", "Anna", 4),)
    assert L.jail_line(v) == "Jail: Carmine (Anna) until the end of round 4"  # under the tiles, whole
    assert L.tile_line(v.players[0], v) == "No crew"


def test_a_released_player_moves_from_the_out_of_jail_space_and_the_table_says_so():
    from types import SimpleNamespace as NS

    p = NS(status="street", stand_off_with=(), from_prison=True, crew=(), turns_left=0, name="Carla")
    assert L.status_text(p) == "Out of Jail space"
    assert L.jail_line(NS(jail=(), out_of_jail=(), players=(p,))) == "Carla starts on the Out of Jail space"


def test_a_skill_button_and_a_crew_card_say_what_the_skill_does():
    from types import SimpleNamespace as NS

    firpo = NS(skill="Brute Force", effect="shot_bonus", amount=2, skill_text="+2 to your initial shot in a shootout.")
    vinnie = NS(skill="Human Shield", effect="shield", amount=2, skill_text="-2 to a player's shot at your car.")
    assert L.skill_words(firpo) == "Brute Force +2" and L.skill_words(vinnie) == "Human Shield -2"
    assert L.skill_line(firpo) == "Brute Force: +2 to your initial shot in a shootout."


def test_rfid_tag_bound_to_a_player_selects_them_on_the_bank(tmp_path):
    """(moved from the id-driver, issue #25) a tag bound to Carla picks Carla's seat; an unknown tag,
    a card tag or a name not at this table picks nobody."""
    from companion.engine import TABLE
    from companion.store import Store

    with Store.open(tmp_path / "t.db") as store:
        store.bind_tag("0012345678", "player", "Carla")
        store.bind_tag("0099", "player", "Zoe")
        store.bind_tag("0077", "card", "mafia-plus:doctor")
        view = ENGINE.view(_state(), TABLE)
        assert L.seat_for_tag(store.tag("0012345678"), view) == 2
        assert [L.seat_for_tag(store.tag(uid), view) for uid in ("0099", "0077", "nope")] == [None, None, None]
