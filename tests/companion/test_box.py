"""Your box (issue 14): the values the rulebooks do not print, kept in the database, shared as TOML,
recorded with each game (companion/box.py, docs/box.md)."""

from __future__ import annotations

import copy

import pytest

from companion import box
from companion.chance import Spun
from companion.cli import main as cli
from companion.games.il_capo.actions import Hire, ShootRico
from companion.games.mafia_casino.actions import MarketValueDrawn
from companion.session import Session
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "table.db") as s:
        yield s


def texts(events):
    return [e.text for e in events]


# -- what is listed and marked ----------------------------------------------------------------

def test_every_unprinted_value_is_listed_marked_until_checked(store):
    for game in box.GAMES:
        saved = box.load(store, game)
        fields = box.fields(game, saved.values)
        assert fields and all(saved.marked(f) for f in fields)
        after = box.mark_checked(store, game)
        assert not any(after.marked(f) for f in box.fields(game, after.values))


def test_the_rulebooks_firpo_and_vinnie_list_only_what_the_rulebook_does_not_print():
    labels = [(f.section, f.label) for f in box.fields("il-capo")]
    firpo = [label for section, label in labels if section.endswith(": Firpo")]
    assert firpo == ["Execution Difficulty", "Price to hire"]
    assert any(label == "Kind of skill" for section, label in labels if "Tommy" in section)


def test_an_edited_value_loses_its_mark_and_the_rest_keep_theirs(store):
    saved = box.edit(store, "il-capo", ("npc", "rico_difficulty"), 5)
    marks = {f.label: saved.marked(f) for f in box.fields("il-capo", saved.values)}
    assert marks["Beefy Rico's Execution Difficulty"] is False
    assert marks["Marcello Valli's Execution Difficulty"] is True


def test_reset_to_the_defaults_brings_back_the_values_and_the_marks(store):
    box.edit(store, "mafia-casino", ("market_value", 1, "pearl"), 150_000)
    box.mark_checked(store, "mafia-casino")
    saved = box.reset(store, "mafia-casino")
    assert saved.values == box.defaults("mafia-casino") and not saved.checked


def test_difficulty_sets_the_tier_and_a_skill_kind_rewrites_the_card_text(store):
    box.edit(store, "il-capo", ("crew", 19, "difficulty"), 8)  # a Grunt becomes a Heavy
    saved = box.edit(store, "il-capo", ("crew", 19, "skill_kind"), ("shield", 3))
    card = saved.values["crew"][19]
    assert (card["tier"], card["effect"], card["amount"]) == (1, "shield", 3)
    assert card["text"].startswith("-3 to a player's shot")


def test_box_values_live_in_the_settings_table_not_in_package_files(store, tmp_path):
    from companion.games.il_capo import data as D

    before = (D.HERE / "board.toml").read_bytes()
    box.edit(store, "il-capo", ("board", "skyscraper_cost"), 600_000)
    assert store.get_setting("box.il-capo")["values"]["board"]["skyscraper_cost"] == 600_000
    assert (D.HERE / "board.toml").read_bytes() == before


# -- the engines use them; a game keeps the ones it started with --------------------------------

def test_a_new_il_capo_game_uses_the_box_and_play_no_longer_tags_it_from_your_box(store):
    box.edit(store, "il-capo", ("npc", "rico_difficulty"), 4)
    session = Session.start(store, "il-capo", {"players": ["Anna", "Ben"], **box.config(store, "il-capo")}, seed=1)
    session.act(Spun(3, "R", by_hand=True))
    said = texts(session.act(ShootRico()))
    assert "Anna takes a shot at Beefy Rico: spin higher than 4 to hit." in said
    said = texts(session.act(Spun(5, "R", by_hand=True)))
    assert any("Beefy Rico is whacked" in t for t in said)


def test_a_game_started_before_keeps_its_values_and_replays_unchanged(store):
    session = Session.start(store, "il-capo", {"players": ["Anna", "Ben"], **box.config(store, "il-capo")}, seed=1)
    session.act(Spun(3, "R", by_hand=True))
    session.act(Hire("Joey Bats"))
    state = session.state
    box.edit(store, "il-capo", ("crew", 8, "cost"), 999_000)  # Joey Bats costs more in the box now
    box.edit(store, "il-capo", ("npc", "rico_difficulty"), 2)
    resumed = Session.resume(store, session.game_id)
    assert resumed.state == state
    assert resumed.state.ledger.balance("Anna") == 150_000 - 100_000
    assert resumed.state.board.rico_difficulty == 7
    fresh = Session.start(store, "il-capo", {"players": ["Anna", "Ben"], **box.config(store, "il-capo")}, seed=1)
    assert fresh.state.board.rico_difficulty == 2


def test_casino_sells_at_the_box_prices_and_an_old_game_keeps_its_card(store):
    box.edit(store, "mafia-casino", ("market_value", 2, "pearl"), 150_000)
    session = Session.start(store, "mafia-casino", {"players": 2, **box.config(store, "mafia-casino")}, seed=3)
    said = texts(session.act(MarketValueDrawn(3, True)))
    # the price is the box's; in play the line carries no "(from your box)" tag (issue 26)
    assert said[0] == "Market value 3 — $0.15M per pearl, $0.3M per diamond."
    assert session.view(__import__("companion.engine", fromlist=["TABLE"]).TABLE).market_cards[2][1] == 150_000
    box.edit(store, "mafia-casino", ("market_value", 2, "pearl"), 1_000)
    assert Session.resume(store, session.game_id).state.data.market[2].pearl == 150_000


def test_contract_deals_the_box_tiles_and_scores_its_briefcases(store):
    box.edit(store, "contract", ("trafficking", "first", 0), 11)
    box.edit(store, "contract", ("briefcases", "most_mafiosi", "value"), 7)
    session = Session.start(store, "contract", {"players": 2, **box.config(store, "contract")}, seed=5)
    data = session.state.data
    assert data.first_tiles[0] == 11 and data.briefcase("most_mafiosi").value == 7
    box.reset(store, "contract")
    assert Session.resume(store, session.game_id).state.data.first_tiles[0] == 11


def test_old_games_without_a_box_still_start_with_the_shipped_defaults(store):
    session = Session.start(store, "mafia-casino", {"players": 2}, seed=3)
    assert session.state.data.market[0].pearl == box.defaults("mafia-casino")["market_value"][0]["pearl"]


# -- export / import ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", box.GAMES)
def test_export_then_import_round_trips_exactly(store, tmp_path, game):
    edits = {"il-capo": [(("crew", 5, "name"), "Gino 'Quotes' \"Q\" Bello"), (("board", "marcello_dues"), 1)],
             "mafia-casino": [(("constructions", "hotel", 3), "Roof Garden"), (("poker", "split_unit"), 500_000)],
             "contract": [(("briefcases", "first_same_family", "threshold", "4"), 3), (("mafiosi", "blackmat", 0), 6)],
             "mafia-sicily": [(("spaces", "bagheria", "name"), "Bagaria"), (("spaces", "noto", "numbers"), [2, 5]),
                              (("spaces", "petralia", "neighbours"), ["termini", "leonforte"]),
                              (("returns", "prison"), [5, 6]), (("sisde", "clue_red_1"), 'Il "Pizzino" Rosso')]}
    for path, value in edits[game]:
        box.edit(store, game, path, value)
    values = copy.deepcopy(box.load(store, game).values)
    path = box.export_file(store, game, tmp_path / f"{game}.toml")
    box.reset(store, game)
    assert box.import_file(store, game, path).values == values
    assert box.export_toml(store, game) == path.read_text(encoding="utf-8")


def test_the_command_line_exports_and_imports(tmp_path, capsys):
    db, file = str(tmp_path / "cli.db"), tmp_path / "capo.toml"
    assert cli(["--db", db, "box", "export", "il-capo", str(file)]) == 0
    file.write_text(file.read_text().replace("rico_difficulty = 7", "rico_difficulty = 3"))
    assert cli(["--db", db, "box", "import", "il-capo", str(file)]) == 0
    with Store.open(db) as s:
        assert box.load(s, "il-capo").values["npc"]["rico_difficulty"] == 3
    file.write_text(file.read_text().replace("rico_difficulty = 3", "rico_difficulty = 11"))
    assert cli(["--db", db, "box", "import", "il-capo", str(file)]) == 2
    assert "rico_difficulty" in capsys.readouterr().err
    with Store.open(db) as s:
        assert box.load(s, "il-capo").values["npc"]["rico_difficulty"] == 3


def test_a_file_for_another_game_or_not_toml_is_refused(store):
    text = box.export_toml(store, "contract")
    with pytest.raises(box.BoxError, match="holds the box of Contract, not of Il Capo"):
        box.import_toml(store, "il-capo", text)
    with pytest.raises(box.BoxError, match="not valid TOML"):
        box.import_toml(store, "contract", "[mafiosi\n")


# -- bad values: refused with a sentence naming the field, nothing saved ------------------------

BAD = [
    ("mafia-casino", ("poker", "split_unit"), 0, "split unit cannot be zero"),
    ("mafia-casino", ("poker", "split_unit"), -1_000_000, "split unit cannot be negative"),
    ("mafia-casino", ("market_value", 0, "pearl"), -100_000, "Market Value card 1: the pearl price cannot be negative"),
    ("mafia-casino", ("market_value", 3, "diamond"), "lots", "Market Value card 4: the diamond price must be a whole"),
    ("mafia-casino", ("constructions", "casino", 1), "Roulette Hall", "casino construction 'Roulette Hall' is listed twice"),
    ("mafia-casino", ("constructions", "hotel", 0), "Helipad", "must include 'Security Agency'"),
    ("mafia-casino", ("constructions", "restaurant", 2), "  ", "every restaurant construction needs a name"),
    ("il-capo", ("crew", 4, "cost"), -50_000, "crew card 5 (Frankie 'The Vault' Russo): the cost (price) cannot be negative"),
    ("il-capo", ("crew", 3, "name"), "Firpo", "the crew name 'Firpo' appears twice"),
    ("il-capo", ("crew", 3, "name"), "Bobby Ricigliano", "is the name of a Moretti unit"),
    ("il-capo", ("crew", 3, "name"), "", "crew card 4 needs a name"),
    ("il-capo", ("crew", 0, "difficulty"), 0, "Execution Difficulty 7 to 9, not 0"),
    ("il-capo", ("npc", "rico_difficulty"), 10, "'rico_difficulty' must be a whole number from 0 to 9"),
    ("il-capo", ("board", "skyscraper_cost"), -1, "'skyscraper_cost' is a price and cannot be negative"),
    ("il-capo", ("crew", 0, "skill"), "Sharp Eye", "the rulebook prints his skill as Brute Force"),
    ("contract", ("mafiosi", "yakaz", 0), 0, "Yakaz card 1 must be from 1 to 9, not 0"),
    ("contract", ("mafiosi", "blackmat", 3), 12, "Blackmat card 4 must be from 1 to 9, not 12"),
    ("contract", ("trafficking", "second", 2), -3, "second trafficking tile 3 cannot be negative"),
    ("contract", ("briefcases", "largest_family", "value"), -4, "'Largest family of one colour' cannot be negative"),
    ("contract", ("briefcases", "first_different_families", "threshold", "5"), 9,
     "the threshold of 'First to have N cards of different families' with 5 players must be from 1 to 5"),
]


@pytest.mark.parametrize("game,path,value,words", BAD, ids=[f"{g}:{'.'.join(map(str, p))}={v!r}" for g, p, v, _ in BAD])
def test_a_bad_value_is_refused_with_a_sentence_naming_the_field_and_nothing_is_saved(store, game, path, value, words):
    before = box.load(store, game)
    with pytest.raises(box.BoxError) as err:
        box.edit(store, game, path, value)
    message = str(err.value)
    assert words in message and message.endswith(".") and message[0].isupper()
    assert box.load(store, game) == before and store.get_setting(f"box.{game}") is None


def test_twenty_bad_values_are_covered():
    assert len(BAD) >= 20


def test_too_many_value_two_mafiosi_are_refused_for_the_short_deck(store):
    values = box.defaults("contract")
    values["mafiosi"]["brakova"] = [2, 2, 3, 4, 5]
    with pytest.raises(box.BoxError, match="5 Mafiosi have value 2"):
        box.save(store, "contract", values)


def test_a_bad_value_in_an_imported_file_names_it_and_imports_nothing(store):
    text = box.export_toml(store, "mafia-casino").replace("split_unit = 1000000", "split_unit = 0")
    with pytest.raises(box.BoxError, match="split unit cannot be zero. Nothing was imported."):
        box.import_toml(store, "mafia-casino", text)
    assert store.get_setting("box.mafia-casino") is None


def test_saved_values_this_version_cannot_use_are_reported_and_the_defaults_apply(store):
    store.set_setting("box.contract", {"values": {"mafiosi": {}}, "checked": True})
    saved = box.load(store, "contract")
    assert saved.values == box.defaults("contract") and not saved.checked
    assert saved.problem.startswith("Your saved box could not be used (Your box: [mafiosi] must give")


def test_a_usb_stick_carries_the_box_from_one_table_to_another(tmp_path, monkeypatch):
    from pathlib import Path

    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    monkeypatch.setattr(Path, "is_mount", lambda self: self == stick)
    roots = (str(tmp_path / "media"),)
    with Store.open(tmp_path / "a.db") as a, Store.open(tmp_path / "b.db") as b:
        with pytest.raises(box.BoxError, match="No mafia-casino-box.toml on the USB stick"):
            box.import_usb(b, "mafia-casino", roots)
        box.edit(a, "mafia-casino", ("market_value", 3, "diamond"), 250_000)
        assert box.export_usb(a, "mafia-casino", roots) == stick / "mafia-casino-box.toml"
        box.import_usb(b, "mafia-casino", roots)
        assert box.load(b, "mafia-casino").values == box.load(a, "mafia-casino").values
    with pytest.raises(box.BoxError, match="No USB stick found"):
        box.export_usb(None, "contract", (str(tmp_path / "nowhere"),))
