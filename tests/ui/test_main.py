"""``mafia-companion`` options and the single touch provider, without starting Kivy."""

from __future__ import annotations

import configparser

import pytest

from ui.main import configure_input, parse_args


def kivy_default_input() -> configparser.RawConfigParser:
    """What Kivy's default config.ini has: mouse *and* probesysfs (the double-tap pair on a Pi)."""
    config = configparser.RawConfigParser()
    config.add_section("input")
    config.set("input", "mouse", "mouse")
    config.set("input", "%(name)s", "probesysfs")
    return config


def test_defaults():
    args = parse_args([])
    assert (args.db, args.size, args.fullscreen, args.screenshot, args.screen) == (None, (800, 480), False, None,
                                                                                    "home")


def test_all_options():
    args = parse_args(["--db", "/tmp/x.db", "--size", "1280x720", "--fullscreen", "--screenshot", "a.png",
                       "--screen", "dice"])
    assert (args.db, args.size, args.fullscreen, args.screenshot, args.screen) == ("/tmp/x.db", (1280, 720), True,
                                                                                    "a.png", "dice")


@pytest.mark.parametrize("bad", ["800", "axb", "100x100", "800x480x2"])
def test_bad_size_is_a_sentence_and_exit_2(bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--size", bad])
    assert exit_.value.code == 2
    assert "is not a window size like 800x480" in capsys.readouterr().err


def test_unknown_screen_is_refused(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--screenshot", "x.png", "--screen", "nowhere"])
    assert "invalid choice" in capsys.readouterr().err


def test_screen_without_screenshot_is_refused(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--screen", "dice"])
    assert "--screen only goes with --screenshot" in capsys.readouterr().err


def test_exactly_one_touch_provider_by_default():
    config = kivy_default_input()
    note = configure_input(config, {})
    assert dict(config.items("input")) == {"mouse": "mouse,disable_multitouch"}
    assert "probesysfs" in note


def test_a_direct_touch_device_replaces_the_mouse_provider():
    config = kivy_default_input()
    configure_input(config, {"MAFIA_COMPANION_INPUT": "hidinput:/dev/input/event3"})
    assert dict(config.items("input")) == {"touch": "hidinput,/dev/input/event3"}


def test_input_section_created_when_missing():
    config = configparser.RawConfigParser()
    configure_input(config, {})
    assert config.options("input") == ["mouse"]


# -- no display: a sentence and a patient retry (ui/display_wait.py) ---------------------------------
from liveness import limit  # noqa: E402  (tests/, on the path from tests/conftest.py)

#: an app's start up to its first sentence on the quiet CI machine, with room (a few seconds seen)
APP_START = 30.0

def start_without_display(tmp_path, driver: str, *args: str):
    import subprocess
    import sys

    from headless import ROOT, kivy_env  # not conftest: another folder's conftest may hold that name

    env = kivy_env(tmp_path)
    env.pop("KIVY_NO_CONSOLELOG")  # Kivy's own console log on, as under systemd: no traceback there either
    env["SDL_VIDEODRIVER"] = driver
    env.pop("MAFIA_COMPANION_DISPLAY_TRY", None)
    return subprocess.Popen([sys.executable, "-m", "ui.main", *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


@pytest.mark.parametrize("driver", ["kmsdrm", "no-such-video-driver"])
def test_no_display_is_a_sentence_and_a_retry_with_backoff_not_a_traceback(tmp_path, driver):
    import signal

    app = start_without_display(tmp_path, driver)
    seen = []
    try:
        for line in app.stdout:  # liveness: the app's own output, two attempts
            seen.append(line)
            if "retrying in 4 s" in line:
                break
        app.send_signal(signal.SIGTERM)  # `systemctl stop` ends the wait
        assert app.wait(timeout=limit(2, margin=58)) != 0  # at once: the limit only catches a hang
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    text = "".join(seen)
    sentences = [line for line in seen if line.startswith("mafia-companion: The display could not be opened:")]
    assert len(sentences) == 2, text
    assert "retrying in 2 s." in sentences[0] and "retrying in 4 s." in sentences[1]
    assert "not available" in sentences[0] and "ribbon cable" in sentences[0] and "desktop" in sentences[0]
    assert "Traceback" not in text and "AttributeError" not in text and "clearcolor" not in text


def test_a_screenshot_without_display_says_so_and_exits(tmp_path):
    app = start_without_display(tmp_path, "kmsdrm", "--screenshot", str(tmp_path / "x.png"))
    out, _ = app.communicate(timeout=limit(APP_START, margin=90))  # a start, the sentence, the exit
    assert app.returncode == 3
    assert "The display could not be opened: kmsdrm not available" in out and "Traceback" not in out
    assert not (tmp_path / "x.png").exists()


# -- screen size and rotation as settings (Touch Display 2: 720x1280 upright) -----------------------
def test_rotation_and_size_from_the_command_line():
    args = parse_args(["--size", "720x1280", "--rotation", "90"], env={})
    assert (args.size, args.rotation) == ((720, 1280), 90)
    assert parse_args([], env={}).rotation == 0


def test_rotation_and_size_from_the_appliance_environment():
    args = parse_args([], env={"MAFIA_COMPANION_SIZE": "1280x720", "MAFIA_COMPANION_ROTATION": "270"})
    assert (args.size, args.rotation) == ((1280, 720), 270)
    args = parse_args(["--rotation", "0"], env={"MAFIA_COMPANION_ROTATION": "270"})
    assert args.rotation == 0  # the command line wins


@pytest.mark.parametrize("bad", ["45", "ninety", "-90", "360"])
def test_a_bad_rotation_is_a_sentence_and_exit_2(bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--rotation", bad], env={})
    assert exit_.value.code == 2
    assert "use 0, 90, 180 or 270" in capsys.readouterr().err


def test_a_bad_size_in_the_environment_is_a_sentence(capsys):
    with pytest.raises(SystemExit):
        parse_args([], env={"MAFIA_COMPANION_SIZE": "big"})
    assert "'big' is not a window size like 800x480" in capsys.readouterr().err


# -- --list-screens and --screenshot (moved from tests/ui/test_app.py, issue #25) ----------------------
def test_the_screen_list_and_the_coming_soon_card_rendered_by_screenshot(tmp_path):
    """--list-screens names the shell's screens (and every game's: their tests render them); no game
    lacks screens today, so no flow reaches the coming-soon card: --screenshot renders it, and the
    dice entry it opens over the dice (the shell screens' pictures in play are the robot's,
    tests/acceptance/test_dice_table.py)."""
    from headless import run_app
    from pngcheck import colour_stats

    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path)
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert {"home", "dice", "dice_entry", "coming_soon"} <= set(listed.stdout.split())
    for name in ("coming_soon", "dice_entry"):  # dice_entry: the one screen --screenshot opens over another
        out = tmp_path / f"{name}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(out), "--screen", name, "--size", "800x480"],
                         tmp_path)
        assert result.returncode == 0, result.stderr[-2000:]
        stats = colour_stats(out)
        assert stats["size"] == (800, 480)
        assert stats["colours"] >= 12, f"{name}: only {stats['colours']} colours"
        assert stats["top_share"] < 0.85, f"{name}: mostly one colour"
