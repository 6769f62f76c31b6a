"""The scale-out layout's launcher (`scripts/scale_out.py`) and proxy configuration
(``docs/deployment/scale-out.nginx.conf``), checked without starting it (``make bench-live`` and
docs/deploy.md start it).

Vocabulary: a *pool* is the set of web processes one kind of address goes to (public,
officials, streams); the proxy's ``map`` chooses it by regular expressions over the path, read
here from the template and applied to the site's own addresses (reversed by name), so a moved
or renamed address of the desk or the console shows here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from scripts.scale_out import TEMPLATE, Layout, commands, render_nginx

MAP = re.compile(r"map \$uri \$zj_pool \{(.*?)\}", re.S)


def pool_of(path: str) -> str:
    """The pool the proxy's map gives ``path`` (nginx: the first matching regex, else default)."""
    block = MAP.search(TEMPLATE.read_text()).group(1)
    default = None
    for line in block.strip().splitlines():
        pattern, pool = line.strip().rstrip(";").split()
        if pattern == "default":
            default = pool
        elif re.search(pattern.removeprefix("~"), path):
            return pool.removeprefix("zj_")
    return default.removeprefix("zj_")


@pytest.mark.parametrize(
    ("name", "args", "pool"),
    [
        ("desk:home", ["open"], "officials"),
        ("desk:round_desk", ["open", 1], "officials"),
        ("console:dashboard", ["open"], "officials"),
        ("console:tournament_create", [], "officials"),
        ("printing:printout_download", ["open", "standings"], "officials"),
        ("console:seating_overview", ["open"], "officials"),
        ("console:seating_round", ["open", 3], "officials"),
        ("login", [], "officials"),
        ("admin:index", [], "officials"),
        ("public:live_stream", ["open"], "streams"),
        ("public:standings", ["open"], "public"),
        ("public:round_detail", ["open", 3], "public"),
        ("public:projector_standings", ["open"], "public"),
        ("public:tournament_detail", ["open"], "public"),
        ("healthz", [], "public"),
        ("api:tournament_list", [], "public"),
    ],
)
def test_the_proxy_sends_each_audience_to_its_pool(name, args, pool):
    assert pool_of(reverse(name, args=args)) == pool


def test_the_launcher_starts_each_pool_on_ports_of_its_own(tmp_path):
    layout = Layout(public=2, officials=1, streams=1, workers=2)
    layout.assign_ports()
    started = commands(layout, tmp_path)
    names = [name.split(" (")[0] for name, _ in started]
    assert names == [
        "public 1",
        "public 2",
        "officials 1",
        "streams 1",
        "worker 1",
        "worker 2",
        "proxy",
    ]
    ports = [*layout.ports["public"], *layout.ports["officials"], *layout.ports["streams"]]
    assert len(set(ports + [layout.port])) == 5
    lines = dict(started)
    assert "tournament.wsgi" in lines[f"public 1 (gunicorn :{layout.ports['public'][0]})"]
    assert (
        "tournament.asgi:application" in lines[f"streams 1 (uvicorn :{layout.ports['streams'][0]})"]
    )
    worker = lines["worker 1 (db_worker)"]
    assert worker[worker.index("manage.py") + 1 :][:2] == ["db_worker", "--no-reload"]
    # On one machine the spectators' processes and the workers yield to the officials' (nice).
    officials = lines[f"officials 1 (gunicorn :{layout.ports['officials'][0]})"]
    assert officials[0] != "nice"
    for name, command in started:
        if name.startswith(("public", "streams", "worker")):
            assert command[:3] == ["nice", "-n", "5"], name
    layout.spectators_nice = 0
    assert all(command[0] != "nice" for _, command in commands(layout, tmp_path))
    config = render_nginx(layout, tmp_path)
    assert not re.search(r"@[A-Z_]+@", config)  # every placeholder filled
    for port in ports:
        assert f"server 127.0.0.1:{port} " in config
    assert f"listen 127.0.0.1:{layout.port};" in config


@pytest.mark.skipif(
    not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists(),
    reason="nginx is not installed (apt-get install nginx)",
)
def test_the_generated_proxy_configuration_passes_nginx_t(tmp_path):
    layout = Layout()
    layout.assign_ports()
    (tmp_path / "nginx.conf").write_text(render_nginx(layout, tmp_path))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
