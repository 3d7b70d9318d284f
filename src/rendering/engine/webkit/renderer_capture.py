"""One capture's web view in its offscreen window: what it may load, and its page's events.

Imported once the display is up (GTK reads DISPLAY when it starts)."""

import os
import sys
import uuid

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("Soup", "3.0")
from gi.repository import GLib, Gtk, Soup, WebKit2  # noqa: E402 - after require_version

DOCUMENT_URL = "http://email.render.invalid/"
COPY_SCHEME = "ipcopy"
MARKER_COOKIE = os.environ.get("RENDERER_MARKER_COOKIE", "instant-preview-context")
WORLD = "instant-preview"

# Only the email's stored copies and its own data: URLs load; every other request is refused
# in the web process, before it exists (a policy as if sent by the server: an email's own
# policy can only add to it). Inline styles are the email's own.
POLICY = "; ".join(
    [
        "default-src ipcopy: data:",
        "style-src ipcopy: data: 'unsafe-inline'",
        "script-src 'none'",
        "object-src 'none'",
        "frame-src 'none'",
        "child-src 'none'",
        "worker-src 'none'",
        "connect-src 'none'",
        "form-action 'none'",
    ]
)

# What the policy refused, seen from the service's own world (set before the email's markup
# is parsed): each refusal is a DOM event there, with the address that was refused.
WATCH_REFUSALS = """
const refused = [];
document.addEventListener('securitypolicyviolation', (event) => refused.push(event.blockedURI));
globalThis.__refused = refused;
"""

# Requests that would still leave (none should) go to a closed port: port 1 is privileged and
# unused, and inside the engine's own network namespace nothing listens at all.
CLOSED_PROXY = "http://127.0.0.1:1"

# How long a view may take to be given a new size before the snapshot is taken as it stands.
RESIZE_CAP_MS = 3000


def log(message):
    sys.stderr.write(f"webkit-renderer: {message}\n")
    sys.stderr.flush()


class Web:
    """What every capture's view shares: the web context, the refusal watch and the proxy."""

    def __init__(self, context, watch, proxy):
        self.context, self.watch, self.proxy = context, watch, proxy


class Capture:
    """One web view, its window, its email's copies, and the requests it refused."""

    def __init__(self, web, capture_id, width, height):
        self.id = capture_id
        self.copies = {}
        self.blocked = []
        self.on_load = None
        self.expect_document = False
        self.crashed = None
        manager = WebKit2.UserContentManager()
        manager.add_script(web.watch)
        policies = WebKit2.WebsitePolicies(autoplay=WebKit2.AutoplayPolicy.DENY)
        self.view = WebKit2.WebView(
            web_context=web.context,
            is_ephemeral=True,
            user_content_manager=manager,
            website_policies=policies,
            default_content_security_policy=POLICY,
        )
        data = self.view.get_website_data_manager()
        data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, web.proxy)
        del data  # owned by the view: no reference of ours may outlive it
        self.view.capture_id = capture_id
        settings = self.view.get_settings()
        settings.set_enable_javascript_markup(False)
        settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        settings.set_enable_page_cache(False)
        settings.set_javascript_can_open_windows_automatically(False)
        settings.set_enable_webgl(False)
        settings.set_enable_webaudio(False)
        settings.set_media_playback_requires_user_gesture(True)
        self.view.connect("load-changed", self.load_changed)
        self.view.connect("load-failed", self.load_failed)
        self.view.connect("decide-policy", self.decide_policy)
        self.view.connect("resource-load-started", self.resource_started)
        self.view.connect("web-process-terminated", self.terminated)
        self.window = Gtk.OffscreenWindow()
        self.window.set_default_size(width, height)
        self.window.add(self.view)
        self.window.show_all()

    def mark(self, done):
        """The marker cookie: set once per cookie jar, read back from inside the page."""
        manager = self.view.get_website_data_manager().get_cookie_manager()
        marker = str(uuid.uuid4())
        cookie = Soup.Cookie.new(MARKER_COOKIE, marker, "email.render.invalid", "/", -1)

        def added(source, result):
            source.add_cookie_finish(result)
            done(marker)

        manager.add_cookie(cookie, None, added)
        # The manager belongs to the view's data store: no reference of ours may outlive it.
        del manager

    def load(self, html, copies, done):
        self.copies = copies
        self.blocked = []
        self.on_load = done
        self.expect_document = True
        self.view.load_html(html, DOCUMENT_URL)

    def load_changed(self, _view, event):
        if event == WebKit2.LoadEvent.FINISHED and self.on_load:
            done, self.on_load = self.on_load, None
            done(None)

    def load_failed(self, _view, _event, uri, error):
        if self.on_load and uri == DOCUMENT_URL:
            done, self.on_load = self.on_load, None
            done(f"the document did not load: {error.message}")
        return True

    def decide_policy(self, _view, decision, kind):
        if kind == WebKit2.PolicyDecisionType.RESPONSE:
            return False
        request = decision.get_navigation_action().get_request()
        uri = request.get_uri()
        if self.expect_document and uri == DOCUMENT_URL:
            self.expect_document = False
            return False
        # A meta refresh, a frame, a form: the email stays as it is drawn.
        self.blocked.append(uri)
        decision.ignore()
        return True

    def resource_started(self, _view, resource, request):
        uri = request.get_uri()
        if uri.startswith(COPY_SCHEME + ":") or uri.startswith("data:"):
            return

        def failed(_resource, _error):
            self.blocked.append(uri)

        resource.connect("failed", failed)

    def terminated(self, _view, reason):
        self.crashed = reason.value_nick
        if self.on_load:
            done, self.on_load = self.on_load, None
            done(f"WebKit's web process stopped ({self.crashed})")

    def resize(self, width, height, done):
        """Answers once the view has its new size (GTK allocates it on its next cycle).

        An offscreen window takes its child's size request, not resize(): the view asks
        for the size. Should GTK allocate another (a size past what it allows), the answer
        comes after RESIZE_CAP_MS all the same, and the snapshot is what was drawn."""
        allocation = self.view.get_allocation()
        if (allocation.width, allocation.height) == (width, height):
            return done()
        state = {"answered": False}

        def answer(capped=False):
            if not state["answered"]:
                state["answered"] = True
                self.view.disconnect(handler)
                if not capped:
                    GLib.source_remove(cap)
                done()

        def allocated(_view, rect):
            if (rect.width, rect.height) == (width, height):
                answer()

        def capped():
            log(f"the view was not given {width}x{height} within {RESIZE_CAP_MS} ms")
            answer(capped=True)
            return False

        handler = self.view.connect("size-allocate", allocated)
        cap = GLib.timeout_add(RESIZE_CAP_MS, capped)
        # The window is never smaller than its default size (the size it was opened at,
        # for another email's viewport when it was opened ahead): narrower or shorter than
        # that, the view kept the old size and every such resize waited out the cap.
        self.window.set_default_size(width, height)
        self.view.set_size_request(width, height)
        self.window.resize(width, height)

    def close(self):
        self.window.destroy()
