"""The served site answers a path outside a template's static folder with 404, never 500."""
from __future__ import annotations

import http.client
from urllib.parse import urlsplit


def status(base: str, path: str) -> int:
    """The status of GET ``path`` sent exactly as written (no client folds its ``..``)."""
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def test_a_path_that_climbs_out_of_a_template_is_not_found(voila_server):
    for path in ("/voila/templates/lab/static/../../../../etc/passwd", "/voila/templates/lab", "/voila/templates/"):
        assert status(voila_server, path) == 404, path
    assert status(voila_server, "/voila/templates/lab/static/voila.js") == 200
