"""Locust users for ``make bench-load`` (see ``bench_load.py``, which sets ``ZJ_LOAD_*``).

Vocabulary: a *visitor* reads the public standings and the players' list (the player page);
a *judge* logs in once and previews hands at the desk as they type; the *static* task fetches
the site's stylesheet from the same server, the floor every request is compared with.
"""

import os

from locust import HttpUser, between, task

SLUG = os.environ.get("ZJ_LOAD_SLUG", "load-open")
SHEET = os.environ.get("ZJ_LOAD_SHEET", f"/t/{SLUG}/desk/round/1/table/1/")
JUDGE = os.environ.get("ZJ_LOAD_JUDGE", "load-judge")
HAND = {
    "number": "1",
    "outcome": "win",
    "win_type": "discard",
    "tiles": "123m 456p 789s 234s 5m",
    "winning_tile": "5m",
}


class Visitor(HttpUser):
    weight = 3
    wait_time = between(0.05, 0.2)

    @task(3)
    def standings(self):
        self.client.get(f"/t/{SLUG}/standings/", name="standings")

    @task(2)
    def player_page(self):
        self.client.get(f"/t/{SLUG}/players/?q=Player", name="player page")

    @task(2)
    def static_file(self):
        self.client.get("/static/css/site.css", name="static file")


class Judge(HttpUser):
    weight = 1
    wait_time = between(0.05, 0.2)

    def on_start(self):
        self.client.get("/login/", name="log-in")
        for cookie in self.client.cookies:
            cookie.secure = False
        self.client.post(
            "/login/",
            {"username": JUDGE, "password": "pw"},
            headers={"X-CSRFToken": self.client.cookies.get("csrftoken", "")},
            name="log-in",
            allow_redirects=False,
        )
        # The server marks its cookies Secure (debug off); this run is plain HTTP on loopback.
        for cookie in self.client.cookies:
            cookie.secure = False
        self.hand = dict(HAND, winner=os.environ["ZJ_LOAD_WINNER"],
                         discarder=os.environ["ZJ_LOAD_DISCARDER"])  # fmt: skip

    @task
    def preview(self):
        with self.client.post(
            SHEET + "preview/",
            self.hand,
            headers={"X-CSRFToken": self.client.cookies.get("csrftoken", ""), "HX-Request": "true"},
            name="hand preview",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 200 or "data-preview-state" not in response.text:
                response.failure(f"not a preview: {response.status_code}")
