"""A resident WebKitGTK renderer, driven by the service over two inherited pipes.

One process draws at one device scale (GDK_SCALE) and one colour scheme, each capture in a
web view of its own with an ephemeral data store (its own web process, cookie jar and
caches: nothing is shared between emails), in an offscreen window of the viewport's size.
Pixels come from WebKit's own full-document snapshot. The email's stored copies are served
by a URI scheme of this process (`ipcopy:`); every other request is refused by a WebKit
content filter, navigations by the policy hook, and scripts in the email never run
(`enable-javascript-markup` off: only the service's own functions run, in an isolated world).

It draws on a private X display: an Xvfb of its own, started here with an authorization
cookie only this process knows, listening on no TCP port and, unless WebKit's sandbox needs
one, no socket file (only the abstract socket of the network namespace the jail gave it).

Protocol (fd 3 in, fd 4 out): frames of a 4-byte big-endian length and a JSON header; a
request's header with `size` is followed by that many bytes. Requests carry `seq`; each
gets one reply with the same `seq`, a header alone: `{"ok": true, ...}` or
`{"error": "...", "crash": bool}`. A snapshot's pixels (packed RGB rows, tens of MB) go to
the file its request names, in this process's folder (HOME); the reply says how many bytes.
"""

import ctypes
import json
import os
import queue
import secrets
import signal
import struct
import subprocess
import sys
import threading
import time
import uuid

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


def log(message):
    sys.stderr.write(f"webkit-renderer: {message}\n")
    sys.stderr.flush()


def write_xauthority(path, cookie, number):
    """An Xauthority file with one MIT-MAGIC-COOKIE-1 for display `number` of any host.

    Written here rather than with xauth(1), which is one more package for 20 bytes.
    FamilyWild (0xffff) with an empty address matches the display whatever host name the
    client looks it up under (libXau's rule)."""

    def field(data):
        return struct.pack(">H", len(data)) + data

    entry = struct.pack(">H", 0xFFFF) + field(b"") + field(str(number).encode())
    entry += field(b"MIT-MAGIC-COOKIE-1") + field(cookie)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(entry)


# Display numbers are drawn from here, away from the low ones desktops and CI tools take.
DISPLAYS = range(100, 1100)
DISPLAY_START_S = 20
# How long a view may take to be given a new size before the snapshot is taken as it stands.
RESIZE_CAP_MS = 3000


def start_display(xvfb, home, socket_file):
    """A private Xvfb: the cookie is the only way in; no TCP, no XTEST or RECORD.

    Its socket is the abstract one of the engine's own network namespace, which nothing
    outside it reaches; the socket file in /tmp/.X11-unix only where WebKit's sandbox needs
    it (bubblewrap gives each web process that file and the cookie, in a network of its own),
    and then the cookie, readable by the engine's user alone, is what keeps others out.

    The number is named, not left to Xvfb (-displayfd): a server that picks its own number
    takes no lock file and only tries to bind, which succeeds in every network namespace, so
    every renderer's Xvfb took :0 and each replaced the others' socket file (a sandboxed web
    process then met a stranger's display: "cannot open display"). A named display takes
    /tmp/.X<n>-lock, which every namespace shares; a taken number makes Xvfb exit, and
    another is tried. Readiness is Xvfb's own signal: a server whose SIGUSR1 is ignored sends
    its parent SIGUSR1 once it accepts connections."""
    authority = os.path.join(home, "Xauthority")
    libc = ctypes.CDLL(None, use_errno=True)
    waited = {signal.SIGUSR1, signal.SIGCHLD}
    signal.pthread_sigmask(signal.SIG_BLOCK, waited)

    def in_child():
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, waited)
        libc.prctl(1, 9)  # the display dies with this renderer, however it dies

    try:
        for _ in range(20):
            number = DISPLAYS[secrets.randbelow(len(DISPLAYS))]
            write_xauthority(authority, secrets.token_bytes(16), number)
            with open(os.path.join(home, "Xvfb.log"), "w+b") as said:
                process = subprocess.Popen(
                    [xvfb, f":{number}", "-auth", authority, "-nolisten", "tcp", "-noreset",
                     *([] if socket_file else ["-nolisten", "unix"]),
                     "-extension", "XTEST", "-extension", "RECORD", "-screen", "0",
                     "640x480x24"],
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=said,
                    preexec_fn=in_child,
                )
            deadline = time.monotonic() + DISPLAY_START_S
            while process.poll() is None:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    process.kill()
                    raise RuntimeError(f"Xvfb did not start within {DISPLAY_START_S} s")
                got = signal.sigtimedwait(waited, remaining)
                if got is not None and got.si_signo == signal.SIGUSR1 and got.si_pid == process.pid:
                    os.environ["DISPLAY"] = f":{number}"
                    os.environ["XAUTHORITY"] = authority
                    return process
            # It exited: if the number was taken (another server holds its lock), another one.
            with open(os.path.join(home, "Xvfb.log"), "rb") as said:
                words = said.read().decode(errors="replace")
            if "already active" not in words:
                last = " ".join(words.split())[-300:]
                raise RuntimeError(f"Xvfb exited ({process.returncode}): {last or 'it said nothing'}")
        raise RuntimeError("Xvfb found no free display number in 20 tries")
    finally:
        # Later resets (none: -noreset) or strays must not end this process.
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, waited)


class Pixels:
    """A snapshot's top-left `width` x `height` device pixels as packed RGB rows.

    Cairo's snapshot is premultiplied BGRA; the service encodes RGB (sharp takes no other
    byte order). Converted by pixman, which cairo itself draws with (already loaded, and its
    conversions are vectorised), cropping in the same pass; the page is opaque, so dropping
    alpha needs no unpremultiplying."""

    A8R8G8B8 = (32 << 24) | (2 << 16) | 0x8888
    B8G8R8 = (24 << 24) | (3 << 16) | 0x0888  # bytes R, G, B in memory on little-endian
    OP_SRC = 1

    def __init__(self):
        self.pixman = ctypes.CDLL("libpixman-1.so.0")
        self.pixman.pixman_image_create_bits.restype = ctypes.c_void_p
        self.pixman.pixman_image_create_bits.argtypes = [
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
        ]
        self.pixman.pixman_image_composite32.argtypes = [ctypes.c_int, ctypes.c_void_p,
            ctypes.c_void_p, ctypes.c_void_p] + [ctypes.c_int32] * 8
        self.pixman.pixman_image_unref.argtypes = [ctypes.c_void_p]

    def rgb(self, surface, width, height):
        width = min(width, surface.get_width())
        height = min(height, surface.get_height())
        source = surface.get_data()
        stride = (width * 3 + 3) & ~3  # pixman rows are 32-bit aligned
        target = bytearray(stride * height)
        create = self.pixman.pixman_image_create_bits
        src = create(self.A8R8G8B8, surface.get_width(), surface.get_height(),
                     ctypes.addressof(ctypes.c_char.from_buffer(source)), surface.get_stride())
        dst = create(self.B8G8R8, width, height,
                     ctypes.addressof(ctypes.c_char.from_buffer(target)), stride)
        self.pixman.pixman_image_composite32(self.OP_SRC, src, None, dst, 0, 0, 0, 0, 0, 0,
                                             width, height)
        self.pixman.pixman_image_unref(src)
        self.pixman.pixman_image_unref(dst)
        if stride != width * 3:
            rows = memoryview(target)
            target = b"".join(rows[y * stride : y * stride + width * 3] for y in range(height))
        return width, height, target


def write_snapshot(path, data):
    """A snapshot's pixels, to a new file of this process's folder (never through a link)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        rest = memoryview(data)
        while rest:
            rest = rest[os.write(fd, rest):]
    finally:
        os.close(fd)


class Channel:
    """Framed messages over the two pipes; replies are written by a thread of their own, so
    a slow reader never holds the main loop."""

    def __init__(self, fd_in, fd_out, on_message):
        self.fd_in, self.fd_out, self.on_message = fd_in, fd_out, on_message
        self.buffer = bytearray()
        self.outbox = queue.Queue()
        threading.Thread(target=self.writer, daemon=True).start()

    def writer(self):
        while True:
            data = json.dumps(self.outbox.get()).encode()
            rest = memoryview(struct.pack(">I", len(data)) + data)
            while rest:
                rest = rest[os.write(self.fd_out, rest):]

    def send(self, header):
        self.outbox.put(header)

    def readable(self, fd, _condition):
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            os._exit(0)  # the service closed its end: it is gone or closing us
        self.buffer += chunk
        while True:
            if len(self.buffer) < 4:
                return True
            length = struct.unpack(">I", self.buffer[:4])[0]
            if len(self.buffer) < 4 + length:
                return True
            header = json.loads(bytes(self.buffer[4 : 4 + length]))
            size = header.get("size", 0)
            if len(self.buffer) < 4 + length + size:
                return True
            payload = bytes(self.buffer[4 + length : 4 + length + size])
            del self.buffer[: 4 + length + size]
            self.on_message(header, payload)


def main():
    home = os.environ["HOME"]
    sandbox = os.environ.get("RENDERER_SANDBOX") == "1"
    display = start_display(os.environ["RENDERER_XVFB"], home, socket_file=sandbox)

    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    gi.require_version("Soup", "3.0")
    from gi.repository import Gio, GLib, Gtk, Soup, WebKit2

    Gtk.init(None)
    if os.environ.get("RENDERER_DARK") == "1":
        # prefers-color-scheme follows the toolkit's preference (as MiniBrowser --dark-mode).
        Gtk.Settings.get_default().props.gtk_application_prefer_dark_theme = True

    context = WebKit2.WebContext.new()
    context.set_sandbox_enabled(sandbox)
    context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
    security = context.get_security_manager()
    security.register_uri_scheme_as_cors_enabled(COPY_SCHEME)
    security.register_uri_scheme_as_secure(COPY_SCHEME)

    views = {}

    def serve_copy(request):
        entry = views.get(getattr(request.get_web_view(), "capture_id", None))
        found = entry.copies.get(request.get_path()) if entry else None
        if found is None:
            if entry:
                entry.blocked.append(request.get_uri())
            request.finish_error(GLib.Error.new_literal(Gio.io_error_quark(), "refused", 14))
            return
        content_type, data = found
        response = WebKit2.URISchemeResponse.new(
            Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(data)), len(data)
        )
        response.set_content_type(content_type)
        headers = Soup.MessageHeaders.new(Soup.MessageHeadersType.RESPONSE)
        headers.append("Access-Control-Allow-Origin", "*")
        response.set_http_headers(headers)
        request.finish_with_response(response)

    context.register_uri_scheme(COPY_SCHEME, serve_copy)

    watch = WebKit2.UserScript.new_for_world(
        WATCH_REFUSALS,
        WebKit2.UserContentInjectedFrames.ALL_FRAMES,
        WebKit2.UserScriptInjectionTime.START,
        WORLD,
        None,
        None,
    )
    proxy = WebKit2.NetworkProxySettings.new(CLOSED_PROXY, None)

    class Capture:
        """One web view, its window, its email's copies, and the requests it refused."""

        def __init__(self, capture_id, width, height):
            self.id = capture_id
            self.copies = {}
            self.blocked = []
            self.on_load = None
            self.expect_document = False
            self.crashed = None
            manager = WebKit2.UserContentManager()
            manager.add_script(watch)
            policies = WebKit2.WebsitePolicies(autoplay=WebKit2.AutoplayPolicy.DENY)
            self.view = WebKit2.WebView(
                web_context=context,
                is_ephemeral=True,
                user_content_manager=manager,
                website_policies=policies,
                default_content_security_policy=POLICY,
            )
            data = self.view.get_website_data_manager()
            data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
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

    def reply(seq, **fields):
        channel.send({"seq": seq, **fields})

    def fail(seq, capture, message):
        crash = capture is not None and capture.crashed is not None
        reply(seq, error=message, crash=crash)

    def handle(header, payload):
        seq = header["seq"]
        op = header["op"]
        capture = views.get(header.get("id"))
        try:
            if op == "open":
                capture = Capture(header["id"], header["width"], header["height"])
                views[capture.id] = capture
                opened = capture

                def marked(_marker):
                    if not header.get("warm"):
                        return reply(seq, ok=True)
                    # Its web process started now, at the email's address (same site: the
                    # email's own document will stay in this process).
                    opened.load("", {}, lambda error: fail(seq, opened, error) if error
                                else reply(seq, ok=True))

                capture.mark(marked)
            elif capture is None:
                reply(seq, error=f"no capture {header.get('id')}", crash=False)
            elif op == "load":
                copies, offset = {}, 0
                for copy in header["copies"]:
                    data = payload[offset : offset + copy["size"]]
                    offset += copy["size"]
                    copies[copy["path"]] = (copy["type"], data)
                html = payload[offset:].decode("utf-8")

                def loaded(error):
                    if error:
                        fail(seq, capture, error)
                    else:
                        reply(seq, ok=True)

                capture.load(html, copies, loaded)
            elif op == "call":
                arguments = GLib.Variant("a{sv}", {"input": GLib.Variant("s", header["input"])})

                def called(view, result):
                    try:
                        value = view.call_async_javascript_function_finish(result)
                        reply(seq, ok=True, value=value.to_string())
                    except GLib.Error as error:
                        fail(seq, capture, error.message)

                capture.view.call_async_javascript_function(
                    header["body"], -1, arguments, WORLD, None, None, called
                )
            elif op == "resize":
                capture.resize(header["width"], header["height"], lambda: reply(seq, ok=True))
            elif op == "snapshot":
                region = (
                    WebKit2.SnapshotRegion.VISIBLE
                    if header.get("visible")
                    else WebKit2.SnapshotRegion.FULL_DOCUMENT
                )

                def snapped(view, result):
                    try:
                        surface = view.get_snapshot_finish(result)
                    except GLib.Error as error:
                        fail(seq, capture, error.message)
                        return
                    surface.flush()
                    width, height, data = pixels.rgb(surface, header["width"], header["height"])
                    try:
                        write_snapshot(os.path.join(home, os.path.basename(header["file"])), data)
                    except OSError as error:
                        fail(seq, capture, f"the snapshot could not be written: {error}")
                        return
                    reply(seq, ok=True, width=width, height=height, blocked=capture.blocked,
                          bytes=len(data))

                capture.view.get_snapshot(region, WebKit2.SnapshotOptions.NONE, None, snapped)
            elif op == "close":
                views.pop(capture.id, None)
                capture.close()
                reply(seq, ok=True)
            else:
                reply(seq, error=f"unknown op {op}", crash=False)
        except Exception as error:  # noqa: BLE001 - a bad request fails that request only
            fail(seq, capture, f"{type(error).__name__}: {error}")

    pixels = Pixels()
    channel = Channel(3, 4, handle)

    GLib.unix_fd_add_full(
        GLib.PRIORITY_DEFAULT, 3, GLib.IOCondition.IN | GLib.IOCondition.HUP, channel.readable
    )
    channel.send(
        {"ready": True, "display": os.environ["DISPLAY"], "pid": os.getpid(), "xvfb": display.pid}
    )

    def display_gone():
        if display.poll() is not None:
            log(f"the display went away ({display.returncode})")
            os._exit(3)
        return True

    GLib.timeout_add(500, display_gone)
    Gtk.main()


if __name__ == "__main__":
    main()
