"""Run headless: a button inside a ScrollView is tapped (down and up in one frame) and its screen
rebuilds the buttons in the next frame, as a screen does right after it opens. Prints JSON:
how many releases each kind of ScrollView delivered."""

import json
import os
import sys

for k, v in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1"}.items():
    os.environ.setdefault(k, v)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "400")
Config.set("graphics", "height", "300")

from kivy.base import EventLoop, runTouchApp  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.gridlayout import GridLayout  # noqa: E402
from kivy.uix.screenmanager import Screen  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402

from ui.widgets.tap_scroll import TapScrollView  # noqa: E402


def frames(n=3):
    for _ in range(n):
        EventLoop.idle()


def trial(cls) -> int:
    released = []
    screen = Screen()  # a RelativeLayout, like every screen: coordinates are transformed
    sv = cls(do_scroll_x=False)
    grid = GridLayout(cols=1, size_hint_y=None, height=600)
    sv.add_widget(grid)
    screen.add_widget(sv)

    def fill(*_):
        grid.clear_widgets()
        for i in range(6):
            b = Button(text=f"b{i}")
            b.bind(on_release=lambda b: released.append(b.text))
            grid.add_widget(b)

    fill()
    Window.add_widget(screen)
    frames(5)
    b = grid.children[-1]
    x, y = b.to_window(b.center_x, b.center_y)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    fill()  # the screen fills itself as the finger comes down (it has just opened): not laid out yet
    touch.touch_up()  # the same frame
    frames(3)
    t_end = __import__("time").monotonic() + 0.5
    while __import__("time").monotonic() < t_end:
        EventLoop.idle()
    Window.remove_widget(screen)
    frames(2)
    return len(released)


runTouchApp(embedded=True)
print(json.dumps({"kivy": trial(ScrollView), "tap_scroll": trial(TapScrollView)}))
