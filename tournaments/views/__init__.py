"""Tournament pages, one module per audience and task: setup (tournaments and
registration), rounds (draw, seating, judges), table (the judge's page, sheets and their
confirmation), director (dashboard, ledger, results), finishing, standings, seasons,
printing and players."""
