"""Your box for Mafia (Sicily) (issue 14): the map's names and routes, the die numbers on the special
spaces, the RETURNS table and the SISDE clue names come from the table's box, each game keeps the ones
it started with, and every bad value is refused with a sentence naming it (companion/box.py,
companion/games/mafia_sicily/data.py, docs/box.md)."""

from __future__ import annotations

import copy

import pytest

from companion import box
from companion.cli import main as cli
from companion.engine import Seat
from companion.games.mafia_sicily import data as D
from companion.games.mafia_sicily.engine import ENGINE as E, ChooseHome, Move
from companion.session import Session
from companion.store import Store

from sicily_scenario import HOMES, arrive, play, texts, turn_of, where

GAME = "mafia-sicily"


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "table.db") as s:
        yield s


def started_with(values, players: int = 5, check_moves: bool = True):
    s = E.new({"players": players, "check_moves": check_moves, "box": values}, 1)
    engine = E.for_state(s)
    while s.prompt[0] == "home":
        s, _ = engine.apply(s, ChooseHome(HOMES[s.prompt[1]]))
    return s, engine


def edited(*changes):
    values = box.defaults(GAME)
    for path, value in changes:
        values = box.place(GAME, values, path, value)
    return values


# -- what the box holds --------------------------------------------------------------------------

def test_the_shipped_defaults_are_the_package_files_unchanged():
    data = D.parse_box(D.default_box())
    assert data.board == D.load_board() and data.rules == D.load_rules() and data.decks == D.load_decks()


def test_the_box_lists_only_what_the_rulebook_does_not_print():
    fields = box.fields(GAME)
    labels = {(f.section.split(" (")[0], f.label) for f in fields}
    # the three cities' names are printed (A1, C2); their routes are not
    assert ("Space 1: Palermo", "Name") not in labels and ("Space 1: Palermo", "Neighbours (routes)") in labels
    assert ("Space 2: Bagheria", "Die numbers on the space") in labels
    assert sum(f.kind == "dice" and f.path[0] == "spaces" for f in fields) == 9  # 3+3+1+1+1 numbered spaces
    assert sum(f.kind == "routes" for f in fields) == 26
    assert sum(f.label == "Name" for f in fields) == 23
    assert [f.path for f in fields if f.section == "The RETURNS table"] == [("returns", b) for b in D.BOXES]
    assert len([f for f in fields if f.section == "SISDE clue cards"]) == 8
    # the Roma and USA cards are printed in D6a / D6b: not in the box
    assert not any("roma" in map(str, f.path) or "usa" in map(str, f.path) for f in fields)


# -- the engine uses them -------------------------------------------------------------------------

def test_a_roadblock_detains_on_the_numbers_of_your_box_and_says_its_name():
    values = edited((("spaces", "bagheria", "name"), "Bagaria"), (("spaces", "bagheria", "numbers"), [5]))
    s, engine = started_with(values, check_moves=False)
    s, ev = arrive(s, "picc_black_1", "bagheria", engine=engine, pos={"cc1": "off", "cc2": "off", "cc3": "off"})
    assert s.prompt == ("roll", 1, ("roadblock", "picc_black_1", (5,)))
    assert "Bagaria" in texts(ev) and "Bagheria" not in texts(ev)
    s, ev = play(s, 5, engine=engine)
    assert where(s, "picc_black_1") == "station"


def test_the_returns_table_of_your_box_brings_counters_back():
    s, engine = started_with(edited((("returns", "prison"), [3])))
    s, _ = turn_of(s, "red", engine, pos={"picc_red_1": "prison"})
    s, ev = play(s, 3, engine=engine)
    assert where(s, "picc_red_1") == "palermo"


def test_the_routes_of_your_box_decide_where_a_counter_can_go():
    # the centre track joins the north coast at Termini Imerese instead of Cefalù
    values = edited((("spaces", "petralia", "neighbours"), ["termini", "leonforte"]))
    s, engine = started_with(values)
    s, _ = turn_of(s, "black", engine, pos={"picc_black_1": "termini"})
    s, _ = play(s, (1, 2), engine=engine)
    ends = {m.to for m in engine.legal_actions(s) if isinstance(m, Move) and m.counter == "picc_black_1"}
    assert "petralia" in ends and "leonforte" in ends  # 1 + 2 into the centre track
    assert E.for_state(E.new({"players": 5}, 1)).board.routes.north_junction == "cefalu"


def test_the_sisde_cards_carry_the_names_of_your_box():
    values = edited((("sisde", "clue_red_1"), "The Red Ledger"))
    s, engine = started_with(values)
    s = s.__class__(**{**{k: getattr(s, k) for k in s.__slots__},
                       "hands": tuple((f, ("clue_red_1",) if f == "state" else h) for f, h in s.hands)})
    held = dict(engine.view(s, Seat(0)).hands)["state"]
    assert held[0].name == "The Red Ledger"
    assert E.view(s, Seat(0)) == engine.view(s, Seat(0))  # any engine reads the game's own box


def test_a_game_started_before_keeps_its_box_and_replays_unchanged(store):
    box.edit(store, GAME, ("spaces", "noto", "name"), "Pachino")
    session = Session.start(store, GAME, {"players": 5, **box.config(store, GAME)}, seed=4)
    while session.state.prompt[0] == "home":
        session.act(ChooseHome(HOMES[session.state.prompt[1]]))
    state = session.state
    box.edit(store, GAME, ("spaces", "noto", "name"), "Avola")
    box.edit(store, GAME, ("returns", "station"), [1])
    resumed = Session.resume(store, session.game_id)
    assert resumed.state == state
    assert resumed.engine.for_state(resumed.state).space_names["noto"] == "Pachino"
    assert resumed.engine.for_state(resumed.state).returns["station"] == (4, 5, 6)
    fresh = Session.start(store, GAME, {"players": 5, **box.config(store, GAME)}, seed=4)
    assert fresh.engine.for_state(fresh.state).space_names["noto"] == "Avola"


@pytest.mark.parametrize("game", box.GAMES)
def test_companion_new_starts_with_the_saved_box_values(tmp_path, capsys, game):
    db = str(tmp_path / "cli.db")
    change = {"il-capo": (("npc", "rico_difficulty"), 4), "mafia-casino": (("poker", "split_unit"), 500_000),
              "contract": (("trafficking", "first", 0), 11), GAME: (("spaces", "noto", "name"), "Pachino")}[game]
    with Store.open(db) as s:
        box.edit(s, game, *change)
        saved = copy.deepcopy(box.load(s, game).values)
    assert cli(["--db", db, "new", game, "--players", "3", "--seed", "3"]) == 0
    game_id = int(capsys.readouterr().out.strip())
    with Store.open(db) as s:
        assert Session.resume(s, game_id).config["box"] == saved


# -- bad values: a sentence naming the field, nothing saved ---------------------------------------

def _one_way(values):
    values["spaces"]["patti"]["neighbours"].append("enna")
    return values


def _unknown_route(values):
    values["spaces"]["patti"]["neighbours"] = ["capo_orlando", "atlantis"]
    return values


def _no_neighbours(values):
    values["spaces"]["patti"]["neighbours"] = []
    return values


def _long_centre(values):  # Santo Stefano cut from the coast into the centre track: five centre spaces
    S = values["spaces"]
    S["cefalu"]["neighbours"] = ["termini", "capo_orlando", "santo_stefano"]
    S["capo_orlando"]["neighbours"] = ["cefalu", "patti"]
    S["santo_stefano"]["neighbours"] = ["cefalu", "petralia"]
    S["petralia"]["neighbours"] = ["santo_stefano", "leonforte"]
    return values


BAD_EDITS = [
    (("spaces", "bagheria", "numbers"), [7], "The die numbers of Bagheria (roadblock): 7 is not on a die"),
    (("spaces", "licata", "numbers"), [0, 1], "The die numbers of Licata (assassination): 0 is not on a die"),
    (("spaces", "noto", "numbers"), [], "The die numbers of Noto (ambush): give at least one die number"),
    (("spaces", "noto", "name"), "Bagheria", "Two spaces are called Bagheria"),
    (("spaces", "noto", "name"), "enna", "Two spaces are called Enna"),
    (("spaces", "noto", "name"), "   ", "The name of space 14 (the ambush space) is empty"),
    (("spaces", "patti", "neighbours"), [], "Patti has no neighbours"),
    (("spaces", "patti", "neighbours"), ["capo_orlando", "nowhere"], "Patti has a route to 'nowhere'"),
    (("spaces", "patti", "neighbours"), ["messina"], "has 1 neighbour"),
    (("returns", "prison"), [-1], "RETURNS from Prison: -1 is not on a die"),
    (("returns", "continent"), ["six"], "RETURNS from the Continent: 'six' is not a number"),
    (("returns", "station"), [], "RETURNS from the Carabinieri Station: give at least one die number"),
    (("clockwise_from_palermo",), "messina", "The arrows leave Palermo towards Messina, which is not next to"),
    (("sisde", "clue_black_2"), "Clue On The Red Family (1)", "Two SISDE cards are called"),
    (("sisde", "clue_black_2"), "", "The name of SISDE card 4 (a clue on the black Family) is empty"),
]


@pytest.mark.parametrize("path,value,words", BAD_EDITS, ids=[f"{'.'.join(p)}={v!r}" for p, v, _ in BAD_EDITS])
def test_a_bad_value_typed_is_refused_with_a_sentence_and_nothing_is_saved(store, path, value, words):
    with pytest.raises(box.BoxError) as err:
        box.edit(store, GAME, path, value)
    message = str(err.value)
    assert words in message and message.endswith(".") and message[0].isupper(), message
    assert store.get_setting(f"box.{GAME}") is None


BAD_FILES = [
    (_one_way, "The route from Patti to Enna is one-way"),
    (_unknown_route, "Patti has a route to 'atlantis', which is not a space on the board"),
    (_no_neighbours, "Patti has no neighbours"),
    (_long_centre, "The centre track through Enna must have 4 spaces (rule D4), not 5"),
    (lambda v: {**v, "spaces": {**v["spaces"], "palermo": {**v["spaces"]["palermo"], "name": "Panormus"}}},
     "Palermo's name is printed in the rulebook"),
    (lambda v: {**v, "spaces": {**v["spaces"], "patti": {**v["spaces"]["patti"], "numbers": [1]}}},
     "a news leak space has no die numbers"),
    (lambda v: {**v, "returns": {**v["returns"], "prison": -6}}, "RETURNS from Prison must be a list of die numbers"),
    (lambda v: {**v, "spaces": {k: e for k, e in v["spaces"].items() if k != "gela"}},
     "The space 'gela' (Gela) is missing"),
    (lambda v: {**v, "colour": "red"}, "Mafia (Sicily)'s box has no 'colour'"),
]


@pytest.mark.parametrize("change,words", BAD_FILES, ids=[w[:30] for _, w in BAD_FILES])
def test_a_bad_value_in_an_imported_file_names_it_and_imports_nothing(store, change, words):
    box.edit(store, GAME, ("spaces", "noto", "name"), "Pachino")
    before = store.get_setting(f"box.{GAME}")
    values = change(copy.deepcopy(box.load(store, GAME).values))
    text = box.dumps({"game": GAME, **values})
    with pytest.raises(box.BoxError) as err:
        box.import_toml(store, GAME, text)
    message = str(err.value)
    assert words in message and message.endswith("Nothing was imported."), message
    assert store.get_setting(f"box.{GAME}") == before


def test_a_bad_box_in_a_game_config_is_refused_in_words():
    with pytest.raises(Exception) as err:
        E.new({"players": 5, "box": _one_way(box.defaults(GAME))}, 1)
    assert str(err.value).startswith("Your box for Mafia (Sicily): The route from Patti to Enna is one-way")


# -- editing the routes ---------------------------------------------------------------------------

def test_one_space_s_neighbours_change_both_ways():
    values = edited((("spaces", "petralia", "neighbours"), ["termini", "leonforte"]))
    S = values["spaces"]
    assert "petralia" in S["termini"]["neighbours"] and "petralia" not in S["cefalu"]["neighbours"]


def test_the_whole_map_at_once_keeps_the_arrows_direction():
    values = box.defaults(GAME)
    near = {sid: list(e["neighbours"]) for sid, e in values["spaces"].items()}
    # Palermo moves one space along the coast: Trapani - Bagheria - Palermo - Termini
    near["trapani"] = ["marsala", "bagheria"]
    near["bagheria"] = ["trapani", "palermo"]
    near["palermo"] = ["bagheria", "termini"]
    near["termini"] = ["palermo", "cefalu"]
    new = box.place(GAME, values, ("routes",), near)
    assert new["clockwise_from_palermo"] == "termini"  # Bagheria is behind Palermo now
    ring = D.parse_box(new).board.routes.ring
    assert ring[:4] == ("palermo", "termini", "cefalu", "santo_stefano") and ring[-1] == "bagheria"


def test_the_command_line_exports_and_imports_sicily_and_refuses_a_one_way_route_in_words(tmp_path, capsys):
    db, file = str(tmp_path / "cli.db"), tmp_path / "sicily.toml"
    assert cli(["--db", db, "box", "export", "mafia-sicily", str(file)]) == 0
    text = file.read_text(encoding="utf-8")
    assert 'game = "mafia-sicily"' in text and "[spaces.bagheria]" in text and "[returns]" in text
    file.write_text(text.replace('name = "Noto"', 'name = "Pachino"'), encoding="utf-8")
    assert cli(["--db", db, "box", "import", "mafia-sicily", str(file)]) == 0
    with Store.open(db) as s:
        assert box.load(s, GAME).values["spaces"]["noto"]["name"] == "Pachino"
    bad = file.read_text(encoding="utf-8").replace('neighbours = ["capo_orlando", "messina"]',
                                                   'neighbours = ["capo_orlando", "messina", "enna"]')
    assert bad != file.read_text(encoding="utf-8")
    file.write_text(bad, encoding="utf-8")
    capsys.readouterr()
    assert cli(["--db", db, "box", "import", "mafia-sicily", str(file)]) == 2
    err = capsys.readouterr().err
    assert "The route from Patti to Enna is one-way" in err and "Nothing was imported." in err
    assert "Traceback" not in err
    with Store.open(db) as s:
        assert "enna" not in box.load(s, GAME).values["spaces"]["patti"]["neighbours"]
