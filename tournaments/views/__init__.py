"""Tournament pages, one module per audience and task: setup (tournaments and
registration), rounds (draw, seating, judges), table (the judge's page and its hands),
sheets (the score sheet and its confirmation), director (dashboard, ledger, results),
finishing, standings, seasons, printing and players."""
