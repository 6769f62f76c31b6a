"""The public pages show the demo; search filters; unknown pages are friendly 404s."""

from django.urls import reverse


def test_public_pages_show_the_demo(client, demo):
    pages = {
        reverse("public:home"): "Demo Open 2026",
        reverse("public:tournament_detail", args=[demo.slug]): "5-point minimum",
        reverse("public:player_list", args=[demo.slug]) + "?q=japan": "Kenji Sato",
        reverse("public:round_detail", args=[demo.slug, 1]): "Table 8",
        reverse("public:standings", args=[demo.slug]): "Standings",
        reverse("public:table_list", args=[demo.slug]): "Tables",
        reverse("login"): "Log in",
    }
    for url, text in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert text in response.content.decode(), url


def test_player_search_filters(client, demo):
    body = client.get(
        reverse("public:player_list", args=[demo.slug]) + "?q=Denmark"
    ).content.decode()
    assert "Lars Nielsen" in body and "Kenji Sato" not in body


def test_unknown_page_is_a_friendly_404(client, db, settings):
    settings.DEBUG = False
    response = client.get("/t/no-such-event/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_unpublished_standings_are_hidden(client, demo):
    demo.standings_public = False
    demo.save()
    assert client.get(reverse("public:standings", args=[demo.slug])).status_code == 404
