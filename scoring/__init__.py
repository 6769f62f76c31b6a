"""The scoring Django app. The pure-Python scorer lives in `scoring.engine` (no Django there)."""
