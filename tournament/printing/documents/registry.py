"""Every printout by identifier: the registry the printouts page, the ``print`` command, the
jobs of long printouts and the tests read (`DOCUMENTS`, in the order the page lists them).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from .aid_card import AidCard
from .awards import AwardCertificates
from .base import Document
from .score_cards import BlankScoreCards, ScoreCards
from .seating import PlayerSlips, SeatingLists
from .standings import Standings

DOCUMENTS: dict[str, Document] = {
    document.identifier: document()
    for document in (
        BlankScoreCards,
        ScoreCards,
        SeatingLists,
        PlayerSlips,
        Standings,
        AidCard,
        AwardCertificates,
    )
}


def document_get(identifier: str) -> Document:
    """The registered document; KeyError with the known identifiers otherwise."""
    try:
        return DOCUMENTS[identifier]
    except KeyError:
        raise KeyError(
            _("No printout called %(identifier)s; known: %(known)s.")
            % {"identifier": repr(identifier), "known": ", ".join(DOCUMENTS)}
        ) from None
