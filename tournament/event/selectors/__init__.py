"""Reads of the event, one module per idea: `tournaments` (finding tournaments, officials),
`roster` (registrations and the players an import is planned against), `roll_call` (who is
present, within a round's field), `seats` (a round's tables, byes and one player's places),
`links` (private links) and `countries` (names and codes)."""
