"""Making and editing tournaments.

Vocabulary: a *preset* is a named set of rule settings for a new tournament (`PRESETS`); the
*edit fields* (`EDIT_FIELDS`) are what the tournament's edit page changes: its name, dates,
venue and seating separation, and the settings (`settings.SETTINGS_FIELDS`). A *free slug* is
an address part no tournament uses yet.
"""

from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...audit import public_write
from ...models import Stage, Tournament, TournamentOfficial
from ...roles import ORGANISER_GROUP
from .settings import SETTINGS_FIELDS, tournament_settings_update

PRESETS = {
    "zj_tournament": {
        "label": gettext_lazy(
            "ZJ tournament: 5-point minimum, formal scheme, 16 hands, 30-minute appeal window"
        ),
        "minimum_points": 5,
        "payoff_scheme": Tournament.Scheme.FORMAL,
        "hands_per_session": 16,
        "appeal_window_minutes": 30,  # WSoM takes appeals within 30 minutes of the session
    },
    "zj_standard": {
        "label": gettext_lazy("ZJ standard: no minimum, formal scheme, 16 hands"),
        "minimum_points": 0,
        "payoff_scheme": Tournament.Scheme.FORMAL,
        "hands_per_session": 16,
    },
}


EDIT_FIELDS = ("name", "start_date", "end_date", "venue", "seating_separate_by") + SETTINGS_FIELDS


def slug_free(name: str) -> str:
    """A slug made from ``name`` that no tournament uses yet."""
    base = slugify(name)[:70] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@public_write
def tournament_create(
    *,
    name: str,
    start_date,
    end_date,
    venue: str = "",
    preset: str,
    slug: str = "",
    user=None,
    same_name_ok: bool = False,
) -> Tournament:
    """A new tournament with the rule settings of ``preset``; its creator becomes its organiser
    when they are not an organiser everywhere already.

    A name already taken (but for case and spaces) is refused unless ``same_name_ok``: a second
    "Spring Open" is more often a double submission than a second event (code ``same_name``).
    """
    if preset not in PRESETS:
        raise ValidationError(
            _("Unknown preset %(preset)s; choose one of %(choices)s.")
            % {"preset": repr(preset), "choices": ", ".join(PRESETS)}
        )
    taken = Tournament.objects.filter(name__iexact=name.strip()).order_by("-start_date").first()
    if taken is not None and not same_name_ok:
        raise ValidationError(
            {
                "name": ValidationError(
                    _(
                        "A tournament named %(name)s exists already (%(date)s, address "
                        "/t/%(slug)s/). Change the name, or tick the box below to create another "
                        "tournament with the same name."
                    )
                    % {
                        "name": repr(taken.name),
                        "date": date_format(taken.start_date, "DATE_FORMAT"),
                        "slug": taken.slug,
                    },
                    code="same_name",
                )
            }
        )
    settings = {k: v for k, v in PRESETS[preset].items() if k != "label"}
    tournament = Tournament(
        name=name.strip(),
        slug=slug or slug_free(name),
        start_date=start_date,
        end_date=end_date,
        venue=venue.strip(),
        **settings,
    )
    tournament.full_clean()
    tournament.save()
    Stage.objects.create(tournament=tournament, number=1)
    if user is not None and not (user.is_superuser or user.groups.filter(name=ORGANISER_GROUP)):
        TournamentOfficial.objects.create(
            tournament=tournament, user=user, role=TournamentOfficial.Role.ORGANISER
        )
    return tournament


@public_write
def tournament_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the name, dates, venue and settings; the desk-relevant settings are audited."""
    unknown = set(changes) - set(EDIT_FIELDS)
    if unknown:
        raise ValidationError(
            _("Unknown fields: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    settings = {k: v for k, v in changes.items() if k in SETTINGS_FIELDS}
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    for name, value in changes.items():
        if name not in SETTINGS_FIELDS:
            setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    if settings:
        tournament = tournament_settings_update(tournament=tournament, changes=settings, user=user)
    return tournament
