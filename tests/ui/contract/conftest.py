collect_ignore = ["contract_driver.py"]  # a script run in subprocesses, not a test module
