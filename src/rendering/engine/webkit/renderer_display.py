"""The renderer's private X display: an Xvfb of its own that only this process can open."""

import ctypes
import os
import secrets
import signal
import struct
import subprocess
import time


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
