"""Hypothesis settings for the pure scoring-engine tests: moderate, the machine is shared."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "scoring",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("scoring")
