"""Who holds which seat: pairing codes for waiting phones, bearer tokens for linked ones.

A phone that opens the table's address gets a fresh secret token (a cookie, 192 random bits) and a
four-digit pairing code to show its owner. The seat is linked *at the table*, during that seat's
private moment (the deal's "Pass to Anna" step): Anna taps "Link a phone" and types the code her
phone shows. So nobody can claim another's seat from the shared QR code, and nothing secret ever
travels in a URL. Re-linking a seat that has a phone replaces it (the table asks for a hold).

A token belongs to one game: a new game starts with no links, so an old token is refused. Only the
SHA-256 of a token is kept (in memory, and in the store through ``save`` so a restarted table
keeps its phones); the token itself lives only in the phone's cookie.

Thread-safe: the web server's thread asks (``hello``, ``seat_of``); the Kivy thread links.

>>> links = Links()
>>> links.use_game(7, {})
>>> token, code = links.hello()
>>> len(token) >= 32 and len(code) == 4
True
>>> links.seat_of(token) is None
True
>>> links.link(2, code)
>>> links.seat_of(token), sorted(links.linked_seats())
(2, [2])
>>> links.use_game(8, {})       # a new game: the old token is refused
>>> links.seat_of(token) is None
True
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from typing import Callable, Mapping

from companion.errors import CompanionError

TOKEN_BYTES = 24            # 192 bits (the issue asks for at least 128)
CODE_DIGITS = 4
PENDING_LIMIT = 64          # waiting phones at once; beyond it a newcomer is refused (never evicts)
PENDING_PER_ADDRESS = 4     # waiting phones one network address may hold at once
PENDING_IDLE = 60           # a waiting phone that has not asked for this long gives its code up


class LinkError(CompanionError):
    """A code typed at the table that no waiting phone shows (said in words on the table)."""


class JoinFull(CompanionError):
    """Too many phones wait to join at once: the newcomer is told so (a waiting code stays)."""


FULL = "Too many phones are waiting to join: wait a minute, then reload this page."


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Links:
    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 save: Callable[[int, dict[str, int]], None] | None = None) -> None:
        self._clock = clock
        self._save = save
        self._lock = threading.Lock()
        self._pending: dict[str, tuple[str, float, str]] = {}   # digest -> (code, last asked, address)
        self._seats: dict[str, int] = {}                    # digest -> seat, for game_id
        self.game_id: int | None = None

    # -- the game the links belong to ----------------------------------------------------------
    def use_game(self, game_id: int | None, saved: Mapping[str, int] | None) -> None:
        """Links of ``game_id`` (restored from the store); tokens of any other game are refused."""
        with self._lock:
            if game_id == self.game_id:
                return
            self.game_id = game_id
            self._seats = {str(k): int(v) for k, v in (saved or {}).items()
                           if isinstance(v, int) and len(str(k)) == 64}

    # -- the web server's side -----------------------------------------------------------------
    def hello(self, address: str = "") -> tuple[str, str]:
        """A new waiting phone: (token for its cookie, code to show on it). Raises ``JoinFull``
        when ``PENDING_LIMIT`` phones wait already, or ``PENDING_PER_ADDRESS`` from ``address``:
        a flood is refused at the door, and no waiting phone ever loses the code it shows."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._prune()
            if len(self._pending) >= PENDING_LIMIT or \
                    sum(1 for *_, a in self._pending.values() if a == address) >= PENDING_PER_ADDRESS:
                raise JoinFull(FULL)
            taken = {code for code, *_ in self._pending.values()}
            while True:
                code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
                if code not in taken:
                    break
            self._pending[digest(token)] = (code, self._clock(), address)
        return token, code

    def code_of(self, token: str | None) -> str | None:
        """The pairing code a waiting phone shows (None when the token is not waiting). Asking
        keeps the code alive: it stays valid for as long as its phone keeps waiting."""
        if not token:
            return None
        with self._lock:
            self._prune()
            key = digest(token)
            entry = self._pending.get(key)
            if entry:
                self._pending[key] = (entry[0], self._clock(), entry[2])
        return entry[0] if entry else None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds in the current game, or None."""
        if not token:
            return None
        with self._lock:
            return self._seats.get(digest(token))

    # -- the table's side ----------------------------------------------------------------------
    def link(self, seat: int, code: str) -> None:
        """Give ``seat`` to the waiting phone that shows ``code``; the seat's old phone loses it."""
        code = "".join(ch for ch in str(code) if ch.isdigit())
        with self._lock:
            self._prune()
            found = next((d for d, (c, *_) in self._pending.items() if c == code), None)
            if found is None:
                raise LinkError(f"No phone shows the code {code or '(none)'}: "
                                "check the digits on the phone, or reload its page for a new code.")
            del self._pending[found]
            self._seats = {d: s for d, s in self._seats.items() if s != seat}
            self._seats[found] = seat
            game_id, seats = self.game_id, dict(self._seats)
        if self._save is not None and game_id is not None:
            self._save(game_id, seats)

    def unlink(self, seat: int) -> None:
        with self._lock:
            self._seats = {d: s for d, s in self._seats.items() if s != seat}
            game_id, seats = self.game_id, dict(self._seats)
        if self._save is not None and game_id is not None:
            self._save(game_id, seats)

    def seat_of_digest(self, token_digest: str) -> int | None:
        """The seat a token (known by its SHA-256 only) holds in the current game, or None."""
        with self._lock:
            return self._seats.get(token_digest)

    def linked_seats(self) -> set[int]:
        with self._lock:
            return set(self._seats.values())

    def _prune(self) -> None:
        now = self._clock()
        for d, (_, seen, _address) in list(self._pending.items()):
            if now - seen > PENDING_IDLE:
                del self._pending[d]
