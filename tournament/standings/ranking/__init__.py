"""Ranking: plain rows in, ranked standings out. Pure Python: no Django, no models.

Modules
-------
rows            what the ranking takes and gives: `Entrant`, `SessionResult`, `Placing`,
                `Standing`, and `number_text` (match points as people read them).
rules           the tournament settings the ranking follows (`RankingRules`) and their choices.
match_points    one session's places and match points (placing table, signed roots, ties).
tie_breaks      the registry of tie-breaks (`TIE_BREAKS`), each a key, a name and a measure.
build           `standings_build`: totals, match points, then ranks by the rules' chain of keys.
countries       the players per country with their total and average (`countries_summarise`).

Vocabulary shared by them
-------------------------
total           carried points, plus hand points and penalty points over every counted session,
                plus loose penalties (RULINGS R13, R16).
rank            1 for the best; players still tied after every tie-break share the rank,
                written "=3" (RULINGS R16); ``place`` is the number alone.
"""
