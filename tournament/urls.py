"""The site's address book: each audience package's URLs under its namespace, log in/out, the
admin, the health probe for load balancers (`tournament.web.probes`).

The addresses never changed when the packages moved: people have bookmarked them. The
organiser's console (`tournament.console`) answers under the namespace ``console``; its
printouts page sits at ``/t/<slug>/print/``, beside the PDF downloads (namespace ``printing``).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from .web import probes


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
    path("", include("tournament.console.urls")),
    path("t/<slug:slug>/desk/", include("tournament.desk.urls")),
    path("t/<slug:slug>/print/", include("tournament.printing.urls")),
    path("t/<slug:slug>/exports/", include("tournament.exports.urls")),
    path("api/", include("tournament.api.urls")),
]

handler400 = "tournament.web.refusals.bad_request"
handler403 = "tournament.public.views.pages.permission_denied"
handler404 = "tournament.public.views.pages.page_not_found"
handler500 = "tournament.public.views.pages.server_error"
