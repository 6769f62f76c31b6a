"""The public read API: tournaments, players, rounds with their seating, round results,
standings and a player's hands as JSON, with an OpenAPI schema and browsable documentation
(docs/api.md).

An audience package beside ``public``: it shows what the public pages show and nothing more,
through the same selectors and the same release decisions (`tournament.release`): the loader
`views.common.api_page` is the pages' own `public_page` inside Django REST framework, so a
refusal is the pages' 404 with the pages' reason, and the validators and caching are theirs.
It never writes; anonymous clients are throttled (`access`).
"""
