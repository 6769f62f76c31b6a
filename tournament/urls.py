"""The site's address book: each audience package's URLs under its namespace, log in/out, the
admin, the health probe for load balancers (`tournament.probes`).

The addresses and their names never changed when the packages moved: people have bookmarked
them. The organiser's console (`tournament.console`) answers under the namespaces ``event`` and
``seating``, and its printouts page shares ``printing`` with the PDF downloads.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from . import probes
from .console import urls as console_urls
from .printing import urls as printing_urls


def favicon(request):
    """``/favicon.ico``, asked for by browsers and feed readers that ignore ``<link rel=icon>``:
    the static icon (resolved per request, so that the hashed static name can change)."""
    return redirect(static("favicon.ico"))


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("healthz/", probes.healthz, name="healthz"),
    path("", include("tournament.public.urls")),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("", include((console_urls.event_urls, "event"))),
    path("t/<slug:slug>/", include((console_urls.seating_urls, "seating"))),
    path("t/<slug:slug>/desk/", include("tournament.desk.urls")),
    path(
        "t/<slug:slug>/print/",
        include((console_urls.printing_urls + printing_urls.urlpatterns, "printing")),
    ),
    path("t/<slug:slug>/exports/", include("tournament.exports.urls")),
    path("api/", include("tournament.api.urls")),
]

handler400 = "tournament.refusals.bad_request"
handler403 = "tournament.public.views.pages.permission_denied"
handler404 = "tournament.public.views.pages.page_not_found"
handler500 = "tournament.public.views.pages.server_error"
