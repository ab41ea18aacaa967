"""Tournament pages, split by who uses them: setup, rounds, the judge's table, results."""
