collect_ignore = ["mafia_casino_driver.py"]  # a script run in subprocesses, not a test module
