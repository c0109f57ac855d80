"""The suite's liveness limits (Kivy-free): they stretch on a busy machine but still end a child
that stopped moving. (The test order's bookkeeping is in test_ordering.py.)"""

from __future__ import annotations

import sys

import liveness


def test_a_limit_is_never_shorter_than_on_a_quiet_machine_and_grows_with_the_measured_slowness(monkeypatch):
    monkeypatch.setattr(liveness, "load_per_core", lambda: 0.2)
    monkeypatch.setenv(liveness.ENV, "1")
    assert liveness.patience(20) == 20
    monkeypatch.setenv(liveness.ENV, "3.5")
    assert liveness.patience(20) == 70
    monkeypatch.setenv(liveness.ENV, "not a number")
    assert liveness.patience(20) == 20


def test_a_machine_that_became_busy_after_the_start_gets_its_time_from_the_load(monkeypatch):
    monkeypatch.setenv(liveness.ENV, "1")
    monkeypatch.setattr(liveness, "load_per_core", lambda: 6.0)  # load 12 on 2 cores
    assert liveness.patience(20) == 120


def test_calibration_says_how_slow_the_machine_is_never_below_one():
    assert liveness.calibrate(rounds=1) >= 1.0


def test_a_child_that_keeps_making_progress_runs_to_its_end(tmp_path, monkeypatch):
    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    log = tmp_path / "log.txt"
    code = (f"import time\nf = open({str(log)!r}, 'a', buffering=1)\n"
            "for k in range(8):\n    f.write(f'step {k}\\n'); time.sleep(0.5)\nprint('done')")
    result = liveness.run_watched([sys.executable, "-c", code], log, quiet=2.0)
    assert result.returncode == 0 and result.stdout.strip() == "done"  # 4 s in all, never 2 s quiet


def test_a_child_that_stops_making_progress_is_ended_and_the_reason_said(tmp_path, monkeypatch):
    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    log = tmp_path / "log.txt"
    code = f"import time\nopen({str(log)!r}, 'a').write('started\\n')\ntime.sleep(600)"
    result = liveness.run_watched([sys.executable, "-c", code], log, quiet=1.5)
    assert result.returncode != 0
    assert "no progress in log.txt" in result.stderr


def test_a_limit_is_what_the_flow_waits_for_plus_a_margin_stretched_by_the_slowness(monkeypatch):
    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    assert liveness.limit(12, margin=30) == 42
    monkeypatch.setattr(liveness, "slowness", lambda: 4.0)
    assert liveness.limit(12, margin=30) == 168


def test_a_child_s_own_output_counts_as_progress_with_no_log_file(tmp_path, monkeypatch):
    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    code = ("import sys, time\nfor k in range(8):\n    print(f'step {k}', file=sys.stderr, flush=True)\n"
            "    time.sleep(0.5)\nprint('done')")
    result = liveness.run_watched([sys.executable, "-c", code], None, quiet=2.0)
    assert result.returncode == 0 and result.stdout.strip() == "done"  # 4 s in all, never 2 s quiet
    assert "step 7" in result.stderr


def test_a_silent_child_with_no_log_file_is_ended_and_the_reason_said(monkeypatch):
    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    result = liveness.run_watched([sys.executable, "-c", "import time; time.sleep(600)"], None, quiet=1.5)
    assert result.returncode != 0 and "no progress in its output" in result.stderr


def test_waiting_on_a_started_child_follows_its_log_and_gives_up_when_it_stops(tmp_path, monkeypatch):
    import subprocess

    monkeypatch.setattr(liveness, "slowness", lambda: 1.0)
    log = tmp_path / "log.txt"
    moving = (f"import time\nf = open({str(log)!r}, 'a', buffering=1)\n"
              "for k in range(6):\n    f.write('x\\n'); time.sleep(0.5)\n")
    proc = subprocess.Popen([sys.executable, "-c", moving])
    assert liveness.wait_watched(proc, quiet=2.0, progress=log) == 0  # 3 s in all, never 2 s quiet
    stuck = subprocess.Popen([sys.executable, "-c", f"open({str(log)!r}, 'a').write('x')\nimport time; time.sleep(600)"])
    try:
        assert liveness.wait_watched(stuck, quiet=1.5, progress=log) is None
    finally:
        stuck.kill()
        stuck.wait()
