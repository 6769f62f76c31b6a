"""Browser tests: Playwright driving Debian's Chromium against pytest-django's live server, or
against uvicorn (`asgi_server`) where a page's live updates need their stream held open.

Vocabulary: *chromium* is the system browser at ``/usr/bin/chromium`` (never downloaded);
*artifacts* are screenshots saved in ``test-artifacts/`` for people to look at. Without the
browser the tests are skipped with the reason shown, except under ``CI=true``, where a missing
browser is a failure.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the live server's ORM calls are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("ZJ_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _missing(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: browser tests are required)")
    pytest.skip(f"{reason}: browser tests skipped (run `make browser` to install Chromium)")


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        _missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - dev extras not installed
        _missing("the playwright package is not installed")
    from playwright.sync_api import expect

    # CI machines are shared: give the live preview time rather than flaking.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def asgi_server(transactional_db):
    """The site under uvicorn (`tests.asgi_server`), for pages whose live updates need a
    stream held open: Django's live server (WSGI threads) answers the stream once per 20 s."""
    from tests.asgi_server import AsgiServer

    with AsgiServer("localhost") as server:
        yield server


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
