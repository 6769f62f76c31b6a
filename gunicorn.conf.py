"""gunicorn's settings for this site: read by gunicorn from the folder it starts in (this one,
beside ``manage.py``), or named with ``-c /path/to/gunicorn.conf.py``.

Vocabulary
----------
proxy count     ``DJANGO_TRUSTED_PROXY_COUNT`` (`tournament.settings`): how many reverse
                proxies stand in front of gunicorn and append to ``X-Forwarded-For``; with
                N > 0 the site takes the client's address from that header
                (`tournament.logins.client_address`), which the log-in lock-outs, the private
                links' guessing limit and the API's rate use.
loopback bind   every address gunicorn listens on is reachable from this machine only:
                ``127.0.0.0/8``, ``::1``, ``localhost`` or a Unix socket (``unix:``).
exposed         a proxy count set with a bind that is not loopback (``0.0.0.0:8000``, a
                public address, a socket handed over as ``fd://``): a client reaching gunicorn
                directly, past the proxy, writes its own ``X-Forwarded-For`` and is believed,
                so it chooses the address it is counted under. gunicorn then refuses to start,
                saying how to fix it, unless ``DJANGO_ONLY_PROXY_REACHES_GUNICORN=1`` says a
                firewall lets only the proxy reach it (the proxy on another machine): then it
                starts with a warning.
"""

from __future__ import annotations

import ipaddress
import os

OVERRIDE = "DJANGO_ONLY_PROXY_REACHES_GUNICORN"


def is_loopback(bind: str) -> bool:
    """Whether one gunicorn bind (``127.0.0.1:8000``, ``[::1]:8000``, ``unix:/run/zj.sock``)
    is reachable from this machine only."""
    if bind.startswith("unix:"):
        return True
    if bind.startswith("fd://"):
        return False
    host = bind
    if host.startswith("["):  # [::1]:8000
        host = host[1 : host.index("]")]
    elif host.count(":") == 1:  # 127.0.0.1:8000, localhost:8000
        host = host.rsplit(":", 1)[0]
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may be any address
        return False


def exposed_problem(binds, environ) -> str:
    """What is wrong with believing ``X-Forwarded-For`` on these binds (see *exposed*), or ""."""
    try:
        proxies = int(environ.get("DJANGO_TRUSTED_PROXY_COUNT", "0") or 0)
    except ValueError:
        proxies = 0
    if proxies <= 0:
        return ""
    open_binds = [bind for bind in binds if not is_loopback(bind)]
    if not open_binds:
        return ""
    return (
        f"DJANGO_TRUSTED_PROXY_COUNT={proxies} makes the site believe X-Forwarded-For, but "
        f"gunicorn would listen on {', '.join(open_binds)}: a client reaching it directly, past "
        "the proxy, would choose the address it is counted under (log-in lock-outs, the private "
        "links' guessing limit). Bind to 127.0.0.1 (or a unix: socket) behind the proxy, or set "
        f"{OVERRIDE}=1 if a firewall lets only the proxy reach gunicorn."
    )


def on_starting(server):
    """gunicorn's hook before it binds: refuse an exposed bind (see the vocabulary)."""
    problem = exposed_problem(server.cfg.bind, os.environ)
    if not problem:
        return
    if os.environ.get(OVERRIDE, "").strip().lower() in ("1", "true", "yes"):
        server.log.warning("%s (%s is set: starting anyway)", problem, OVERRIDE)
        return
    raise RuntimeError(problem)  # gunicorn prints "Error: ..." and exits with status 1
