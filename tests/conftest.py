import os

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def pytest_collection_modifyitems(config, items):
    """Under ``-n 4 --dist loadgroup`` (./dev test): each file's tests stay on one worker (many
    files share an app through a module-scoped fixture), except the table robot's games, which
    each start their own app and wait on a real clock: those spread over the workers one by one,
    so two long games of one file play side by side."""
    import pytest

    for item in items:
        path = str(item.path)
        spread = "/tests/acceptance/test_" in path  # (sicily_table_test.py shares one app: grouped)
        if not spread:
            item.add_marker(pytest.mark.xdist_group(str(item.path)))
