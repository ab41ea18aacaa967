"""One module per ruleset, all of the same shape (see :class:`scoring.registry.Ruleset`)."""
