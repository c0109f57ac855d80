collect_ignore = ["shell_driver.py"]  # a script run in subprocesses, not a test module
