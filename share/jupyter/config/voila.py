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
from voila.handler import VoilaHandler  # noqa: E402


def _with_xsrf_cookie(prepare):
    async def prepared(self):
        result = prepare(self)
        if result is not None:
            await result
        self.xsrf_token  # sets the ``_xsrf`` cookie the shutdown beacon sends back

    prepared.sets_xsrf_cookie = True
    return prepared


if not getattr(VoilaHandler.prepare, "sets_xsrf_cookie", False):
    VoilaHandler.prepare = _with_xsrf_cookie(VoilaHandler.prepare)
