"""``companion``: the headless command line (also ``python -m companion``).

Every game the touchscreen runs can be played from here, replayed from a scenario file, or
simulated thousands of times. Bad input is one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, TextIO

from . import __version__, registry
from .engine import REVEAL, TABLE, Audience, Event, Seat, parse_audience, replay, to_jsonable
from .errors import BadActionData, CompanionError, ConfigError
from .session import Session
from .simulate import playout
from .store import Store

EPILOG = """\
examples:
  companion games
  companion new dice --seed 7                  # prints the new game's number, e.g. 1
  companion draw 1 roll2d6                     # the app rolls (seeded, recorded)
  companion act 1 '{"kind": "dice_rolled", "dice": [4, 2], "by_hand": true}'   # physical dice
  companion legal 1                            # what may be played now, one JSON action per line
  companion show 1 --as table                  # or seat:N, or reveal
  companion draw 2 --as seat:1                 # a card drawn: only seat 1 sees which
  companion undo 1
  companion new mafia-plus --players Ann,Ben,Cid,Dee,Eve,Fay,Gus
  companion replay docs/scenarios/dice-example.jsonl
  companion simulate mafia-plus --games 100 --players 12 --seed 1
"""


class UsageError(CompanionError):
    pass


#: SQLite stores whole numbers in 64 bits: seeds and game numbers must fit.
INT64 = (-2**63, 2**63 - 1)
MAX_SIMULATED_GAMES = 100_000


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one sentence (exit 2 through ``main``), not usage + error."""

    def error(self, message: str):
        raise UsageError(f"{message[0].upper()}{message[1:]} (see: {self.prog} --help).")


def _whole(name: str, low: int = INT64[0], high: int = INT64[1]):
    def parse(text: str) -> int:
        text = text.strip()
        if not re.fullmatch(r"[-+]?[0-9]+", text):
            raise UsageError(f"{name} must be a whole number, not {text[:40]!r}.")
        value = int(text)
        if value < low:
            raise UsageError(f"{name} must be at least {low}, not {text[:40]}.")
        if value > high:
            raise UsageError(f"{name} must be at most {high}, not {text[:40]}.")
        return value
    parse.__name__ = name
    return parse


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="companion", description="Mafia Table Companion: play, replay and simulate "
                                "the table games from the command line.", epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--db", help="database file (default: companion.db in the user's data directory, "
                   "or $MAFIA_COMPANION_DB)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games this companion runs")
    new = sub.add_parser("new", help="start a game (with your saved box values, see `box`) and print its number")
    new.add_argument("game", help="a name from `companion games`")
    new.add_argument("--players", help="a number (default names P1..Pn) or comma-separated names in seat order")
    new.add_argument("--config", help="configuration as JSON; keys override the defaults")
    new.add_argument("--seed", type=_whole("--seed"), help="seed for every chance draw (default: random)")
    game_id = _whole("The game number")
    private = ("who reads the private results: seat:N prints that seat's, reveal prints all; "
               "without it only what the table may see is printed")
    act = sub.add_parser("act", help="play one action, given as JSON")
    act.add_argument("game_id", type=game_id)
    act.add_argument("action", help="the action as JSON, as `companion legal` prints it")
    act.add_argument("--as", dest="audience", default="table", help=private)
    draw = sub.add_parser("draw", help="let the companion roll, spin, shuffle or deal")
    draw.add_argument("game_id", type=game_id)
    draw.add_argument("request", nargs="?", help="e.g. roll2d6, roll1d6, spin; omit for the deal/shuffle the game waits on")
    draw.add_argument("--as", dest="audience", default="table", help=private)
    legal = sub.add_parser("legal", help="list the actions that may be played now (JSON lines; hidden "
                           "outcomes such as the cards left in a deck are never listed)")
    legal.add_argument("game_id", type=game_id)
    show = sub.add_parser("show", help="show a game as one audience sees it")
    show.add_argument("game_id", type=game_id)
    show.add_argument("--as", dest="audience", default="table", help="table (default), seat:N or reveal")
    undo = sub.add_parser("undo", help="take back the last action")
    undo.add_argument("game_id", type=game_id)
    sub.add_parser("history", help="list every game in the database")
    rep = sub.add_parser("replay", help="play a scenario file; print events and the outcome as JSON lines")
    rep.add_argument("file", help="scenario file (see docs/scenarios.md); - for standard input")
    sim = sub.add_parser("simulate", help="random legal playouts; one JSON summary line")
    sim.add_argument("game", help="a name from `companion games`")
    sim.add_argument("--games", type=_whole("--games", 1, MAX_SIMULATED_GAMES), default=100)
    sim.add_argument("--seed", type=_whole("--seed"), default=0)
    sim.add_argument("--players", type=_whole("--players", 0, 10_000))
    box = sub.add_parser("box", help="export or import a game's box values (the real cards' numbers) as TOML")
    box.add_argument("direction", choices=("export", "import"))
    from . import box as box_values

    box.add_argument("game", help=_either(box_values.games()) + " (each game with BOX_FIELDS)")
    box.add_argument("file", help="the TOML file to write (export) or read (import)")
    return p


def _either(names) -> str:
    """``a, b or c``: a list read from the registries (a new game appears in the help by itself)."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _out(line: Any, stream: TextIO) -> None:
    stream.write((line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)) + "\n")


def _print_events(events: Iterable[Event], stream: TextIO, reader: Audience = TABLE) -> None:
    """The table's events; a private one only for its own seat (``--as seat:N``) or ``reveal``."""
    for event in events:
        if event.audience == TABLE:
            _out(event.text, stream)
        elif reader == REVEAL or reader == event.audience:
            _out(f"[{event.audience} only] {event.text}", stream)


def _seat_count(state: Any) -> int | None:
    players = getattr(state, "players", None)
    if isinstance(players, bool):
        return None
    if isinstance(players, int):
        return players
    if isinstance(players, (tuple, list)):
        return len(players)
    return None


def _audience(text: str, session: Session) -> Audience:
    """``--as``: table, reveal, or a seat that is in this game."""
    audience = parse_audience(text)
    if isinstance(audience, Seat):
        seats = _seat_count(session.state)
        if seats is None:
            raise UsageError(f"{session.engine.title} has no seats; use --as table or --as reveal.")
        if not 0 <= audience.n < seats:
            raise UsageError(f"There is no seat {audience.n} in game {session.game_id}: its seats are "
                             f"0 to {seats - 1}.")
    return audience


def _config_for(engine, players: str | None, config_json: str | None, seed: int) -> dict:
    config: dict[str, Any] = {}
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if len(names) == 1 and re.fullmatch(r"[0-9]+", names[0]):
            count, names = int(names[0]), []
        else:
            count = len(names)
        if not engine.min_players <= count <= engine.max_players:
            raise UsageError(f"{engine.title} is for {engine.min_players} to {engine.max_players} players, "
                             f"not {count}.")
        config = engine.default_config(count, random.Random(seed))
        if "players" not in config:
            raise UsageError(f"{engine.title} has no players to set: leave out --players.")
        if names:
            if isinstance(config["players"], list):
                config["players"] = names
            else:
                config["names"] = names
    if config_json:
        extra = _parse_json(config_json, "--config", UsageError)
        if not isinstance(extra, dict):
            raise UsageError("--config must be a JSON object, like '{\"vote\": \"secret\"}'.")
        config.update(extra)
    if "names" in config and "names" not in engine.default_config(engine.min_players, random.Random(0)):
        try:
            engine.new(config, seed)
        except ConfigError as err:
            if "no option" in str(err) and "names" in str(err):
                names = config["names"]
                count = len(names) if isinstance(names, list) else engine.min_players
                raise UsageError(f"{engine.title} does not keep player names: give the number of players, "
                                 f"e.g. --players {count}.") from None
            raise
    return config


def _parse_json(text: str, what: str, error: type[CompanionError] = BadActionData) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(f"{what} is not valid JSON: {err.msg} at character {err.pos}.") from None
    except RecursionError:
        raise error(f"{what} is nested too deeply to be an action or a setting.") from None


def _template(actions: list) -> str:
    """One JSON line standing for several hidden chance outcomes: what they share is shown, what
    differs (the card, the order of a shuffle) is a placeholder, so nothing hidden is listed."""
    first = actions[0].to_dict()
    fields = {f.name for f in dataclasses.fields(actions[0])}
    out = {"kind": first["kind"]}
    for name in first:
        if name in fields:
            same = all(getattr(a, name) == getattr(actions[0], name) for a in actions)
            out[name] = first[name] if same else f"<{name}>"
    return json.dumps(out, ensure_ascii=False)


def run(argv: list[str], stdout: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    args = _parser().parse_args(argv)
    if args.command is None:
        _parser().print_help(stdout)
        return 0
    if args.command == "games":
        for engine in registry.engines():
            _out(f"{engine.name:14} {engine.title} ({engine.min_players}-{engine.max_players} players)"
                 if engine.max_players < 99 else f"{engine.name:14} {engine.title}", stdout)
        return 0
    if args.command == "replay":
        return _replay(args.file, stdout)
    if args.command == "simulate":
        return _simulate(args, stdout)

    with Store.open(args.db) as store:
        for notice in store.notices:
            print(notice, file=sys.stderr)
        if args.command == "box":  # companion/box.py does the work (docs/box.md)
            from . import box

            if args.direction == "export":
                _out(f"Wrote the box values of {box.title(args.game)} to "
                     f"{box.export_file(store, args.game, args.file)}.", stdout)
            else:
                box.import_file(store, args.game, args.file)
                _out(f"Imported the box values of {box.title(args.game)} from {args.file}.", stdout)
            return 0
        if args.command == "new":
            engine = registry.get(args.game)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            config = _config_for(engine, args.players, args.config, seed)
            from . import box

            if args.game in box.games() and "box" not in config:
                # the table's saved box values, as the new-game screens give them (docs/box.md)
                config.update(box.config(store, args.game))
            session = Session.start(store, args.game, config, seed)
            _out(str(session.game_id), stdout)
            return 0
        if args.command == "history":
            for g in store.list_games():
                if g.unreadable:
                    _out(f"{g.id:5}  {g.title:16} unreadable: {g.unreadable}", stdout)
                    continue
                _out(f"{g.id:5}  {g.title:16} {g.status:9} started {g.started}" +
                     (f"  ended {g.ended}" if g.ended else ""), stdout)
            return 0
        session = Session.resume(store, args.game_id)
        if args.command == "act":
            reader = _audience(args.audience, session)
            data = _parse_json(args.action, "ACTION")
            if not isinstance(data, dict):
                raise BadActionData(f"An action must be a JSON object with a 'kind', like "
                                    f"'{{\"kind\": \"finish\"}}', not a JSON {type(data).__name__}.")
            _print_events(session.act_dict(data), stdout, reader)
        elif args.command == "draw":
            reader = _audience(args.audience, session)
            action, events = session.draw(args.request)
            # a roll or spin a player asked for is public; a deal, a shuffle or a card drawn from
            # a deck is printed only as the table hears it (the card for its own seat, --as seat:N)
            if reader == REVEAL or (args.request is not None and all(e.audience == TABLE for e in events)):
                _out(json.dumps(action.to_dict()), stdout)
            _print_events(events, stdout, reader)
        elif args.command == "legal":
            pending = session.pending_chance()
            actions = session.legal_actions()
            if pending is not None:
                hidden = [a for a in actions if type(a) is type(pending)]
                actions = [a for a in actions if type(a) is not type(pending)]
                how = f": {_template(hidden)}" if hidden else ""
                _out(f"# the game waits for a draw: companion draw {session.game_id}"
                     f"   (or act with the physical result{how})", stdout)
            for action in actions:
                _out(action.to_dict(), stdout)
            for request in session.chance_requests():
                _out(f"# companion draw {session.game_id} {request}", stdout)
        elif args.command == "show":
            audience = _audience(args.audience, session)
            out = {"game": session.engine.name, "id": session.game_id,
                   "view": to_jsonable(session.view(audience))}
            outcome = session.outcome()
            out["outcome"] = outcome.to_dict() if outcome else None
            _out(json.dumps(out, indent=2, ensure_ascii=False), stdout)
        elif args.command == "undo":
            taken = session.undo()
            _out(f"Undone: {session.engine.describe(taken, session.state)}.", stdout)
        return 0


def _read_scenario(file: str) -> tuple[dict, list[tuple[int, dict]]]:
    text = sys.stdin.read() if file == "-" else _read_file(file)
    header = None
    actions: list[tuple[int, dict]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        data = _parse_json(line, f"Line {number} of {file}")
        if header is None:
            if not isinstance(data, dict) or "game" not in data:
                raise BadActionData(f"Line {number} of {file} must be the header: "
                                    '{"game": ..., "config": {...}, "seed": N}.')
            header = data
        else:
            actions.append((number, data))
    if header is None:
        raise BadActionData(f"{file} is empty: a scenario starts with a header line (see docs/scenarios.md).")
    return header, actions


def _read_file(file: str) -> str:
    try:
        return Path(file).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(f"Cannot read {file}: {err.strerror}.") from None
    except UnicodeDecodeError:
        raise UsageError(f"{file} is not a text file.") from None


def _replay(file: str, stdout: TextIO) -> int:
    header, lines = _read_scenario(file)
    if not isinstance(header["game"], str):
        raise BadActionData(f"The header of {file} must name the game as text, like \"game\": \"dice\".")
    engine = registry.get(header["game"])
    seed = header.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not INT64[0] <= seed <= INT64[1]:
        raise BadActionData(f"The seed in {file} must be a whole number (64 bits at most).")
    config = header.get("config", {})
    if not isinstance(config, dict):
        raise BadActionData(f"The config in the header of {file} must be a JSON object, like \"config\": {{}}.")
    try:
        state = engine.new(config, seed)
    except CompanionError as err:
        raise type(err)(f"The header of {file}: {err}") from None
    for number, data in lines:
        try:
            action = engine.actions.from_dict(data)
            state, events = engine.apply(state, action)
        except CompanionError as err:
            raise type(err)(f"Line {number} of {file}: {err}") from None
        for event in events:
            _out(event.to_dict(), stdout)
    outcome = engine.outcome(state)
    _out({"outcome": outcome.to_dict() if outcome else None}, stdout)
    return 0


def _simulate(args, stdout: TextIO) -> int:
    engine = registry.get(args.game)
    if args.games < 1:
        raise UsageError("--games must be at least 1.")
    if args.players is not None and not engine.min_players <= args.players <= engine.max_players:
        raise UsageError(f"{engine.title} is for {engine.min_players} to {engine.max_players} players, "
                         f"not {args.players}.")
    outcomes: Counter[str] = Counter()
    finished = actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        result = playout(engine, args.seed + i, args.players)
        actions += len(result.actions)
        if result.outcome is not None:
            finished += 1
            outcomes[result.outcome.reason] += 1
    elapsed = time.perf_counter() - start
    _out({"game": engine.name, "games": args.games, "finished": finished, "actions": actions,
          "outcomes": dict(outcomes.most_common()), "games_per_second": round(args.games / elapsed, 1)}, stdout)
    return 0


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def main(argv: list[str] | None = None, stdout: TextIO | None = None) -> int:
    """Run one command: exit 0, or 2 with one line on stderr for anything the user can fix.

    A broken pipe (``companion legal 1 | head -1``) is not an error: what was asked for is done
    (a draw is already recorded), the rest of the output has nowhere to go. Anything else that
    escapes is a bug: one line that says so, exit 70 (EX_SOFTWARE), no traceback on the table.
    """
    argv = sys.argv[1:] if argv is None else argv
    try:
        code = run(argv, stdout)
        # flushed here, not at the interpreter's exit, so a reader that is gone is met inside the
        # try (seen on arm64 under qemu: the output sat in the buffer, the flush at exit failed: 120)
        (stdout or sys.stdout).flush()
        return code
    except CompanionError as err:
        print(f"companion: {_one_line(err)}", file=sys.stderr)
        return 2
    except RecursionError:
        print("companion: The input is nested too deeply to be read.", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug: said in one line, never a traceback
        print(f"companion: Something went wrong inside the companion ({type(err).__name__}: "
              f"{_one_line(err)[:200]}); please report it with the command you ran.", file=sys.stderr)
        return 70


def _silence_stdout() -> None:
    """Point the real stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
