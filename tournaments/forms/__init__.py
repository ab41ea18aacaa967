"""Forms of the tournament pages, a module a page: the setup and the registration desk
(`setup`), a round's draw, seating, judges and status and the tournament's finish
(`rounds`), the judge's table page (`table`), the director's ledger of rulings
(`ledger`); whole numbers within the database's bounds (`numbers`). The hand form itself
is the ruleset's, in `scoring.forms`."""
