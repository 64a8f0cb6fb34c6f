"""Errors a user can act on: each says exactly what was wrong and where."""


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the state is unchanged."""


class ContentError(ValueError):
    """A deck file that does not validate; names the file, the entry and the field."""

    def __init__(self, source: str, entry: str, field: str, problem: str):
        self.source, self.entry, self.field, self.problem = source, entry, field, problem
        super().__init__(f"{source}: {entry}: field '{field}': {problem}")


class SaveFileError(ValueError):
    """A saved game that cannot be loaded (corrupt, foreign or from another version)."""


class SimulationError(RuntimeError):
    """A simulated game that failed in a worker; names the game, the variant and the seed to replay it."""
