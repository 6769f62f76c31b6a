"""What can stop a printout: `NothingToPrint`, a reason an organiser can act on."""


class NothingToPrint(ValueError):
    """The data cannot make this printout (a round not seated, no players...); says why."""
