"""Phones as private screens: the table serves its own small web site (issue #16).

``links`` pairs phones with seats, ``desk`` is the table's side (Kivy-free), ``server`` the aiohttp
server on its own thread, ``pages`` names each game's phone module, ``static/`` the page itself.
"""


def desk_of(app):
    """The running app's ``PhoneDesk``, or None when phones are off (or the app has none)."""
    return getattr(getattr(app, "phones", None), "desk", None)
