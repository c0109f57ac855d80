"""The Sicily map with a table's box (issue 14): a board whose routes were moved in Your box is
drawn round the island in its own order, not at the shipped board's places (ui/games/mafia_sicily/model.py)."""

from companion import box
from companion.games.mafia_sicily import data as D
from companion.games.mafia_sicily.engine import ENGINE
from ui.games.mafia_sicily import model


def test_the_shipped_routes_keep_the_islands_places_and_moved_routes_follow_their_own_order():
    values = box.defaults("mafia-sicily")
    assert model.grid_layout(D.parse_box(values).board) == model.ISLAND_GRID
    renamed = box.place("mafia-sicily", values, ("spaces", "noto", "name"), "Pachino")
    assert model.grid_layout(D.parse_box(renamed).board) == model.ISLAND_GRID  # names alone move nothing
    moved = box.place("mafia-sicily", values, ("spaces", "petralia", "neighbours"), ["termini", "leonforte"])
    layout = model.grid_layout(D.parse_box(moved).board)
    assert len(set(layout.values())) == 26 and set(layout) == set(model.ISLAND_GRID)  # each space its own cell
    swapped = box.place("mafia-sicily", values, ("routes",), {
        **{sid: e["neighbours"] for sid, e in values["spaces"].items()},
        "palermo": ["termini", "trapani"], "termini": ["palermo", "bagheria"],
        "bagheria": ["termini", "cefalu"], "cefalu": ["bagheria", "santo_stefano", "petralia"]})
    layout = model.grid_layout(D.parse_box(swapped).board)
    # the n-th space clockwise from Palermo takes the shipped n-th space's place on the island
    assert layout["termini"] == model.ISLAND_GRID["bagheria"] and layout["bagheria"] == model.ISLAND_GRID["termini"]
    assert layout["palermo"] == model.ISLAND_GRID["palermo"] and layout["noto"] == model.ISLAND_GRID["noto"]


def test_the_screens_name_spaces_from_the_games_own_box():
    values = box.place("mafia-sicily", box.defaults("mafia-sicily"), ("spaces", "noto", "name"), "Pachino")
    state = ENGINE.new({"players": 5, "box": values}, 1)
    engine = ENGINE.for_state(state)
    assert model.space_label(engine, "noto").startswith("Pachino")
    assert model.space_label(ENGINE, "noto").startswith("Noto")
