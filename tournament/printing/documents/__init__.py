"""The printouts, one small object each, in one registry that serves the printouts page, the
``print`` command and the tests alike. One module per idea:

- `base`: what every printout shares: the print request, the printout, the `Document` that
  renders one (its audience, its languages, its parts) and the printouts' languages;
- `score_cards`: the blank and the filled score record cards;
- `seating`: the seating lists and the player slips;
- `standings`: the standings;
- `aid_card`: the scoring aid card;
- `registry`: every document by identifier (`DOCUMENTS`, `document_get`).
"""
