"""The API's OpenAPI schema (``/api/schema/``) and its browsable documentation
(``/api/docs/``, Swagger UI), both made by drf-spectacular from the endpoints themselves.

The documentation obeys the site's Content-Security-Policy (no inline script or style, nothing
from another site): Swagger UI's files come from the ``drf-spectacular-sidecar`` package through
our own static files, its start-up script is a separate request (drf-spectacular's split
view), and the page's few styles are in ``static/tournament/api_docs.css``. Neither shows
anything of a tournament, so both are `Rule.ALWAYS`.
"""

from __future__ import annotations

from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from ...release import Rule


class ApiDocs(SpectacularSwaggerSplitView):
    url_name = "api:schema"
    template_name = "tournament/api/docs.html"
    title = "ZJ Tournament public API"


schema = SpectacularAPIView.as_view()
docs = ApiDocs.as_view()
schema.release_rule = docs.release_rule = Rule.ALWAYS
