# Voila's Python configuration, read because bin/serve puts this folder on JUPYTER_CONFIG_PATH
# (it lives here, not next to voila.json, so that `python -m voila` started in the project folder
# still imports Voila and not this file). voila.json holds the settings; this file holds what a
# setting cannot say.
#
# Voila 0.5 serves template files at /voila/templates/<template>/static/<file>, and its handler
# asserts that shape instead of checking it: /voila/templates/lab/static/../../../../etc/passwd,
# /voila/templates/lab or /voila/templates/ raised an AssertionError or a ValueError inside the
# handler and answered 500 (nothing was read outside the template folders). A path that is not a
# template's static file is now answered 404, before Voila's own lookup runs.
import posixpath

import tornado.web
from voila.static_file_handler import TemplateStaticFileHandler


def _template_file_or_404(parse_url_path):
    """Voila's ``parse_url_path``, for paths ``<template>/static/<file>`` that stay inside it."""

    def checked(self, path):
        template, static, rest = (path.split("/", 2) + ["", ""])[:3]
        inside = posixpath.normpath(path).split("/")
        if (template in ("", ".", "..") or static != "static" or not rest
                or inside[:2] != [template, "static"] or len(inside) < 3):
            raise tornado.web.HTTPError(404)
        return parse_url_path(self, path)

    checked.checks_template_paths = True
    return checked


if not getattr(TemplateStaticFileHandler.parse_url_path, "checks_template_paths", False):
    TemplateStaticFileHandler.parse_url_path = _template_file_or_404(TemplateStaticFileHandler.parse_url_path)


# Voila 0.5.13 shuts a page's kernel down when the page goes, with a beacon that carries the page's
# ``_xsrf`` cookie as a form field (voila-dashboards/voila#1458). The render page never set that cookie, so
# every shutdown was refused (403 "'_xsrf' argument missing from POST") and each kernel lived until the
# idle culler took it. Reading ``xsrf_token`` as the page is served sets the cookie (tornado's own
# double-submit check), so the beacon is accepted and a closed page's kernel goes within seconds.
import contextvars  # noqa: E402
import html  # noqa: E402
import inspect  # noqa: E402
import os  # noqa: E402

from jupyter_server._tz import utcnow  # noqa: E402
from voila.handler import VoilaHandler  # noqa: E402

# A public host must bound what its visitors hold: each page's kernel costs tens of MB (the lab's far
# more). Past either cap a page is answered 503 with a short page that asks the visitor to try again
# (and retries by itself), instead of starting one more kernel. Kernels waiting in the preheated pool
# do not count; a client is the request's remote address (behind a proxy, run Voila with
# ``--Voila.tornado_settings={'xheaders': True}`` so the proxy's X-Real-Ip names the visitor).
MAX_KERNELS = int(os.environ.get("RULES_EXPLORER_MAX_KERNELS", "20"))
MAX_KERNELS_PER_CLIENT = int(os.environ.get("RULES_EXPLORER_MAX_KERNELS_PER_CLIENT", "6"))
RETRY_SECONDS = 30
_client = contextvars.ContextVar("rules_explorer_client", default=None)
_owners: dict[str, str] = {}  # kernel id -> the client whose page started or took it

BUSY_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{retry}"><title>Rules Explorer is busy</title>
<style>body {{font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em; line-height: 1.5}}</style>
</head><body><h1>Every table is taken</h1><p>{why}</p>
<p>This page tries again by itself in {retry} seconds; closing a tab you no longer use frees its table
at once.</p></body></html>"""


def _pooled(manager) -> set[str]:
    """The kernels waiting in Voila's preheated pools (nobody's page yet)."""
    out = set()
    for pool in getattr(manager, "_pools", {}).values():
        for future in pool:
            if future.done() and not future.cancelled() and future.exception() is None:
                out.add(future.result().get("kernel_id"))
    return out


def _busy(handler) -> str | None:
    """Why a new page may not have a kernel now (None: it may)."""
    manager = handler.kernel_manager
    running = set(manager.list_kernel_ids()) - _pooled(manager)
    for gone in set(_owners) - running:
        _owners.pop(gone, None)
    client = handler.request.remote_ip
    mine = sum(1 for k in running if _owners.get(k) == client)
    if len(running) >= MAX_KERNELS:
        return f"{len(running)} games are open on this server, its most at once."
    if mine >= MAX_KERNELS_PER_CLIENT:
        pages = "one page" if mine == 1 else f"{mine} pages"
        return (f"You have {pages} of Rules Explorer open, the most one visitor may hold at once: close one "
                f"you are not using.")
    return None


def _owned(method, kernel_id_of):
    """Wrap a kernel manager method so the kernel it gives is recorded as the requesting client's, and its
    idle clock starts now: a preheated kernel sat idle in the pool since its pre-render, and the culler took
    it (idle past the timeout, its page not yet connected) while a slow page was still loading."""

    async def wrapped(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        kernel_id = kernel_id_of(result)
        kernel = self._kernels.get(kernel_id) if hasattr(self, "_kernels") else None
        if kernel is not None:
            kernel.last_activity = utcnow()
        client = _client.get()
        if client is not None:
            _owners[kernel_id] = client
        return result

    wrapped.records_owner = True
    return wrapped


def _own_kernels(manager_class) -> None:
    for name, kernel_id_of in (("start_kernel", lambda r: r), ("get_rendered_notebook", lambda r: r[-1])):
        method = getattr(manager_class, name, None)
        if method is not None and not getattr(method, "records_owner", False):
            setattr(manager_class, name, _owned(method, kernel_id_of))


def _with_xsrf_cookie(prepare):
    async def prepared(self):
        result = prepare(self)
        if result is not None:
            await result
        self.xsrf_token  # sets the ``_xsrf`` cookie the shutdown beacon sends back
        if self.request.method != "GET":
            return
        _own_kernels(type(self.kernel_manager))
        why = _busy(self)
        if why is not None:
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_SECONDS))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(BUSY_PAGE.format(why=html.escape(why), retry=RETRY_SECONDS))
            return
        _client.set(self.request.remote_ip)  # the kernel this request starts or takes is this client's

    prepared.sets_xsrf_cookie = True
    return prepared


if not getattr(VoilaHandler.prepare, "sets_xsrf_cookie", False):
    VoilaHandler.prepare = _with_xsrf_cookie(VoilaHandler.prepare)
