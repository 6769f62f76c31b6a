"""Template tags of the tournament app."""
