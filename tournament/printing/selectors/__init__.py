"""Reads for the printouts: rows loaded in a fixed number of queries, handed over as plain
objects. One module per printout's reads:

- `common`: what every printout reads: the seated rounds, the players' numbers, absolute
  addresses, the winds' names, and the two counts a printout's length follows;
- `score_cards`: every session of a round as a card's plain input (`cards.CardSession`);
- `seating`: a round's seating list (`SeatingList`);
- `slips`: the player slips (`Slip`);
- `standings`: the standings sheet (`StandingsSheet`);
- `released`: a digest of what a public printout is made from, as the public may see it.
"""
