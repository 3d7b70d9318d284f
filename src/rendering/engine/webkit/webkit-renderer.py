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

import os
import sys

# The renderer's own modules sit beside it (`python3 -I` puts no script folder on the path);
# nothing is written there: the folder is the service's, not the engine's.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from renderer_display import start_display  # noqa: E402 - after the path is set
from renderer_io import Channel, Pixels, write_snapshot  # noqa: E402


def main():
    home = os.environ["HOME"]
    sandbox = os.environ.get("RENDERER_SANDBOX") == "1"
    display = start_display(os.environ["RENDERER_XVFB"], home, socket_file=sandbox)

    # After the display is up, and renderer_capture first: it asks gi for GTK 3 and WebKit2 4.1.
    from renderer_capture import (
        CLOSED_PROXY, COPY_SCHEME, WATCH_REFUSALS, WORLD, Capture, Web, log,
    )
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
    web = Web(context, watch, WebKit2.NetworkProxySettings.new(CLOSED_PROXY, None))

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
                capture = Capture(web, header["id"], header["width"], header["height"])
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
