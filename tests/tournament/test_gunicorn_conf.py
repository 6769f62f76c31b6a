"""gunicorn reached without the proxy (issue 36, point 6): with a trusted proxy count set, a bind
that is not loopback would let a client write its own X-Forwarded-For and be believed; gunicorn
refuses to start with the reason (``gunicorn.conf.py``), or warns when the organiser says a
firewall lets only the proxy reach it.

Vocabulary: see ``gunicorn.conf.py`` (proxy count, loopback bind, exposed).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _conf():
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("bind", "loopback"),
    [
        ("127.0.0.1:8000", True),
        ("127.0.0.2:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("unix:/run/zj.sock", True),
        ("0.0.0.0:8000", False),
        ("[::]:8000", False),
        ("192.0.2.10:8000", False),
        ("example.org:8000", False),
        ("fd://3", False),
    ],
)
def test_which_binds_are_loopback(bind, loopback):
    assert _conf().is_loopback(bind) is loopback


def test_only_a_proxy_count_with_an_open_bind_is_a_problem():
    conf = _conf()
    assert conf.exposed_problem(["0.0.0.0:8000"], {}) == ""  # the header is ignored
    assert conf.exposed_problem(["127.0.0.1:8000"], {"DJANGO_TRUSTED_PROXY_COUNT": "1"}) == ""
    problem = conf.exposed_problem(
        ["127.0.0.1:8000", "0.0.0.0:8000"], {"DJANGO_TRUSTED_PROXY_COUNT": "1"}
    )
    assert "0.0.0.0:8000" in problem and "Bind to 127.0.0.1" in problem
    assert conf.OVERRIDE in problem


def _gunicorn(extra_env: dict[str, str], bind: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DJANGO_TRUSTED_PROXY_COUNT": "1",
        **extra_env,
    }
    command = [sys.executable, "-m", "gunicorn", "tournament.wsgi", "--bind", bind]
    command += ["--workers", "1"]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _until_exit_or_listening(process: subprocess.Popen) -> tuple[int | None, str]:
    """The exit status (None: it started listening, and was stopped) and what it printed."""
    seen = []
    deadline = time.monotonic() + 60  # a bound against a hang, not a measure
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if "Listening at" in line:
            process.terminate()
            process.wait(timeout=30)
            return None, "".join(seen)
    process.wait(timeout=30)
    return process.returncode, "".join(seen)


@pytest.mark.slow
def test_gunicorn_refuses_to_start_on_an_open_address_with_a_proxy_count():
    status, said = _until_exit_or_listening(_gunicorn({}, "0.0.0.0:0"))
    assert status == 1, said
    assert "X-Forwarded-For" in said and "Bind to 127.0.0.1" in said


@pytest.mark.slow
def test_gunicorn_starts_with_a_warning_when_only_the_proxy_reaches_it():
    process = _gunicorn({"DJANGO_ONLY_PROXY_REACHES_GUNICORN": "1"}, "0.0.0.0:0")
    status, said = _until_exit_or_listening(process)
    assert status is None, said
    assert "starting anyway" in said
