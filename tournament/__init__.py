"""The Django project and the tournament app: players, rounds, seats, sessions, hands."""
