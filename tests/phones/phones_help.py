"""Phones without a browser: the real server on a free port, a real session on a table thread of
its own (the session's SQLite connection belongs to one thread, as on the table), and phones as
plain aiohttp clients, each with its own cookie jar."""

from __future__ import annotations

import asyncio
import json
import queue
import threading

import aiohttp
from companion.games.mafia_plus import engine as E
from companion.session import Session
from companion.store import Store
from ui.phones.desk import PhoneDesk
from ui.phones.server import PhoneServer

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]
#: the set of the doctests: Night 1 calls the Mafia, the Doctor, the Detective, the Bartender
CAST = ("doctor", "detective", "loose_cannon", "lady_of_the_night", "mafia_boss", "coquette", "bartender")
CONFIG = {"players": PLAYERS, "set": {"choices": ["bartender"]}}


class OwnThread:
    """A thread that runs the jobs handed to it, one at a time (what the Kivy clock is on the
    table): the session and its SQLite connection live there. ``call`` runs one and waits."""

    def __init__(self):
        self.jobs: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._loop, daemon=True, name="table")
        self._thread.start()

    def _loop(self):
        while True:
            job = self.jobs.get()
            if job is None:
                return
            job()

    def call(self, fn):
        done = queue.Queue()

        def job():
            try:
                done.put((True, fn()))
            except BaseException as error:  # handed back to the caller's thread
                done.put((False, error))
        self.jobs.put(job)
        ok, value = done.get(timeout=30)
        if not ok:
            raise value
        return value

    def close(self):
        self.jobs.put(None)


class TableThread(OwnThread):
    """The table's thread: owns the store and the session; runs what the desk hands it."""

    def __init__(self, path, cast=CAST, resume: int | None = None):
        super().__init__()
        self.store = self.call(lambda: Store.open(path))
        self.desk = self.call(lambda: PhoneDesk(self.jobs.put, self.store))
        self.session = None
        if resume is None:
            self.new_game(cast)
        else:
            self.session = self.call(lambda: Session.resume(self.store, resume))
            self.call(lambda: self.desk.watch(self.session))

    def new_game(self, cast=CAST):
        def start():
            session = Session.start(self.store, "mafia-plus", CONFIG, seed=5)
            session.act(E.Dealt(tuple(cast), by_hand=True))
            self.session = session
            self.desk.watch(session)
            return session
        return self.call(start)

    def call_now(self):
        """The table calls the engine's current night step, as the night screen's tick does."""
        self.call(lambda: self.desk.set_call(f"{self.session.state.night}:{self.session.state.step}",
                                              E.current_step(self.session.state).text))

    def act(self, action):
        return self.call(lambda: self.session.act(action))

    def advance(self, until, choose=None):
        """Play on (the GM's Continue, or ``choose(state, legal)`` for a seat) until ``until(state)``."""
        def run():
            engine = self.session.engine
            for _ in range(500):
                st = self.session.state
                if until(st):
                    return st
                legal = engine.legal_actions_by_seat(st)
                if None in legal and len(legal) == 1:
                    action = legal[None][0]
                else:
                    action = choose(st, legal) if choose else next(a for k, v in legal.items() if k is not None for a in v)
                self.session.act(action)
            raise AssertionError("the game did not get there")
        return self.call(run)

class Phone:
    """One phone: its own cookie jar, a WebSocket once linked, every message it received kept."""

    def __init__(self, base: str):
        self.base = base
        # a browser sends its page's Origin with every POST and WebSocket handshake
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                          headers={"Origin": base.rstrip("/")})
        self.ws = None
        self.received: list[str] = []

    async def hello(self) -> dict:
        async with self.http.post(self.base + "api/hello") as r:
            body = await r.text()
            self.received.append(body)
            answer = json.loads(body)
            answer.pop("_", None)  # the padding (every answer is one frame long)
            return answer

    async def connect(self) -> dict:
        self.ws = await self.http.ws_connect(self.base + "ws")
        return await self.next()

    async def next(self, timeout: float = 10.0) -> dict:
        msg = await self.ws.receive(timeout=timeout)
        self.received.append(msg.data)
        return json.loads(msg.data)

    async def ask(self, message: dict) -> dict:
        await self.ws.send_str(json.dumps(message))
        return await self.next()

    async def until(self, predicate, timeout: float = 10.0) -> dict:
        while True:
            m = await self.next(timeout)
            if predicate(m):
                return m

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        await self.http.close()


async def linked_phone(table, server, seat: int) -> Phone:
    phone = Phone(server.url())
    code = (await phone.hello())["code"]
    table.call(lambda: table.desk.link(seat, code))
    return phone


def run(coro):
    return asyncio.run(coro)


# -- night secrecy: twins that differ only in secrets ----------------------------------------------
# In A the Doctor sits at seat 0 and the Loose Cannon at seat 2; in B they swap. The Mafia kills
# seat 2 on Night 1 in both (public: the same death, the same stats). On Night 2 A's Doctor is
# alive and B's is dead: their phones must show and send exactly the same.
TWIN_A = CAST
TWIN_B = ("loose_cannon", "detective", "doctor", "lady_of_the_night", "mafia_boss", "coquette", "bartender")


def quiet_choice(st, legal):
    """A scripted table that decides by seats, never by characters (so twins stay twins): the
    Mafia kills seat 2, the Doctor heals seat 6, the Detective looks at seat 4, the Lady at seat 6,
    the Bartender pours nothing; by Day seat 1 accuses seat 6 and everyone abstains."""
    if st.phase == "day":
        if st.stage == "discussion" and not st.accused:
            return E.Accuse(1, 6)
        if st.stage == "discussion":
            return E.CallVote("eliminate")
        if st.stage == "voting":
            return E.CastVote(next(k for k in legal if k is not None), None)
        return legal[None][0]
    step = E._steps(st)[st.step]
    actions = next(v for k, v in legal.items() if k is not None)
    wanted = {"mafia": 2, "doctor": 6, "detective": 4, "lady_of_the_night": 6}.get(step)
    if wanted is None:
        return next((a for a in actions if isinstance(a, E.Pass)), actions[0])
    return next((a for a in actions if getattr(a, "target", None) == wanted), actions[0])


def play_to_second_doctor_call(table):
    return table.advance(lambda s: s.phase == "night" and s.night == 2 and E._steps(s)[s.step] == "doctor",
                         quiet_choice)
