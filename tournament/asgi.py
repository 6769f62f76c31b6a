"""ASGI entry point: ``uvicorn tournament.asgi:application`` (``make run``, and the live
streams of a real event: docs/deployment.md). The pages work under it too; under WSGI
(`tournament.wsgi`) the live stream answers one event at a time instead of streaming.

Vocabulary: a *stream request* is a request for a tournament's live stream
(``/t/<slug>/live/``, `tournament.public.views.live`). Django gives every request a thread of
its own for its synchronous parts (the middleware, the loader), kept until the answer ends:
for a stream, as long as the page is open, so 1,000 open pages would hold 1,000 idle threads
(about 400 kB each). Stream requests share one thread instead (`STREAM_THREAD`): their
synchronous parts take a few milliseconds, once per connection.
"""

import os
import re
import warnings
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

# WhiteNoise answers a static file with a file iterator, which Django reads in a thread under
# ASGI and warns about on every file; the files are small, and a real event's proxy serves them.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

django_application = get_asgi_application()

STREAM_PATH = re.compile(r"/t/[^/]+/live/$")
STREAM_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zj-streams")


async def application(scope, receive, send):
    if scope["type"] == "http" and STREAM_PATH.search(scope["path"]):
        async with ThreadSensitiveContext(executor=STREAM_THREAD):
            return await django_application(scope, receive, send)
    return await django_application(scope, receive, send)
