"""The public API's endpoints by family: tournaments and players, rounds, standings, and the
schema with its documentation."""
