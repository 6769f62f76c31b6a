"""The OpenAPI schema at ``/api/schema/`` is made by drf-spectacular without a single warning
and validates as OpenAPI 3; it names every endpoint, its refusals and its parameters. The
documentation at ``/api/docs/`` is Swagger UI served from our own static files, with nothing
inline, so the site's Content-Security-Policy holds (the browser test looks at it rendered:
tests/e2e/test_api_browser.py)."""

import json
import re

import pytest
import yaml
from django.core.management import call_command
from django.urls import reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.validation import validate_schema

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/": "api_root",
    "/api/tournaments/": "tournament_list",
    "/api/tournaments/{slug}/": "tournament_detail",
    "/api/tournaments/{slug}/players/": "player_list",
    "/api/tournaments/{slug}/players/{player_id}/": "player_detail",
    "/api/tournaments/{slug}/rounds/": "round_list",
    "/api/tournaments/{slug}/rounds/{number}/": "round_detail",
    "/api/tournaments/{slug}/rounds/{number}/results/": "round_results",
    "/api/tournaments/{slug}/standings/": "standings",
    "/api/tournaments/{slug}/statistics/": "statistics",
    "/api/tournaments/{slug}/players/{player_id}/statistics/": "player_statistics",
}


def test_the_schema_is_made_without_warnings_and_is_valid_openapi(tmp_path):
    GENERATOR_STATS.reset()
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    validate_schema(schema)
    assert schema["openapi"].startswith("3.")
    assert {path: ops["get"]["operationId"] for path, ops in schema["paths"].items()} == ENDPOINTS
    for path, ops in schema["paths"].items():
        assert set(ops) == {"get"}, path  # read-only: no other method is described
        codes = set(ops["get"]["responses"])
        assert {"200", "429"} <= codes, path
        if "{slug}" in path:
            assert {"304", "404"} <= codes, path


def test_the_schema_endpoint_serves_it_as_yaml_and_json(client):
    response = client.get(reverse("api:schema"))
    assert response.status_code == 200
    assert yaml.safe_load(response.content)["info"]["title"] == "ZJ Tournament public API"
    response = client.get(reverse("api:schema"), HTTP_ACCEPT="application/json")
    assert json.loads(response.content)["paths"]["/api/tournaments/{slug}/standings/"]


def test_the_docs_page_uses_local_files_and_nothing_inline(client):
    response = client.get(reverse("api:docs"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<style" not in html
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all('src="/' in attributes for attributes in scripts)
    assert not re.search(r'(src|href)="(https?:)?//', html)  # nothing from another site
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    start = client.get(reverse("api:docs") + "?script=")
    assert start.status_code == 200 and "SwaggerUIBundle" in start.content.decode()
    assert "/api/schema/" in start.content.decode()
