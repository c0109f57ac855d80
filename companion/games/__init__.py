"""One package per game; each exposes ``ENGINE`` (an ``companion.engine.Engine``)."""
