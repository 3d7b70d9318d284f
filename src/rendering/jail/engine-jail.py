"""The engine jail: every engine process the service starts runs under one of these.

It is the parent of one engine (a browser, or the WebKit renderer) and:
- dies with the service however the service dies (the kernel's parent-death signal), and
  takes every process below it along: it is their subreaper (Linux PR_SET_CHILD_SUBREAPER),
  so an orphaned renderer, web process or display server is re-parented here, never to init;
- gives the engine a network namespace of its own where the kernel allows (only a loopback
  that nothing else shares): no port an engine opens is reachable from outside it;
- where the service runs as root, runs the engine as a dedicated unprivileged user;
- forwards an inherited socket to a loopback port inside that namespace (Firefox's remote
  agent listens on TCP only): the service reaches it through a descriptor nobody else has;
- counts every process below it: what they used is in this process's reaped-children CPU
  once they end, so the service's accounting misses none.

Written in Python with the standard library only (Debian's python3), not in Node: a jail has
to call prctl, unshare and setuid between fork and exec, which Node's child_process cannot.
Configured by environment variables (JAIL_*), so that a launcher that only takes an
executable and its arguments (Playwright) can start an engine through it.
"""

import ctypes
import errno
import fcntl
import os
import signal
import socket
import struct
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NAME = 15
CLONE_NEWNET = 0x40000000
CLONE_NEWUSER = 0x10000000
SIOCSIFFLAGS = 0x8914
IFF_UP, IFF_LOOPBACK, IFF_RUNNING = 0x1, 0x8, 0x40

libc = ctypes.CDLL(None, use_errno=True)


def fail(message, code=97):
    sys.stderr.write(f"engine-jail: {message}\n")
    sys.stderr.flush()
    os._exit(code)


def call(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def private_network():
    """A network namespace of its own, its loopback up; a user namespace too when not root."""
    uid, gid = os.getuid(), os.getgid()
    if uid == 0:
        call(libc.unshare(CLONE_NEWNET), "unshare(CLONE_NEWNET)")
    else:
        call(libc.unshare(CLONE_NEWUSER | CLONE_NEWNET), "unshare(CLONE_NEWUSER|CLONE_NEWNET)")
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny")
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"{gid} {gid} 1")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        flags = IFF_UP | IFF_LOOPBACK | IFF_RUNNING
        fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sH14s", b"lo", flags, b""))


def chown_tree(path, uid, gid):
    """Gives a folder the service made to the engine's user, following no link: a link is
    refused at the top, and below it a link itself changes owner, never what it points to."""
    if os.path.islink(path) or not os.path.isdir(path):
        fail(f"refusing to give {path} to the engine: not a folder of the service's")
    for root, dirs, files in os.walk(path):
        os.lchown(root, uid, gid)
        for name in dirs + files:
            os.lchown(os.path.join(root, name), uid, gid)


def descendants(ancestor):
    """Every process below `ancestor` now, read from /proc (no children file on every kernel)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        parents.setdefault(int(fields[1]), []).append(int(entry))
    found, queue = [], [ancestor]
    while queue:
        for child in parents.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def end_everything():
    """Kills every process below this one and reaps them (they are all ours: subreaper)."""
    for _ in range(50):
        below = descendants(os.getpid())
        if not below:
            return
        for pid in below:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        deadline = time.monotonic() + 0.1
        while time.monotonic() < deadline:
            try:
                if os.waitpid(-1, os.WNOHANG) == (0, 0):
                    time.sleep(0.005)
            except ChildProcessError:
                break


def forward(fd, port):
    """Pumps the inherited socket to 127.0.0.1:port inside the namespace, both ways."""
    outside = socket.socket(fileno=fd)
    inside = None
    deadline = time.monotonic() + 60
    while inside is None:
        try:
            inside = socket.create_connection(("127.0.0.1", port))
        except OSError:
            if time.monotonic() > deadline:
                outside.close()
                return
            time.sleep(0.05)

    def pump(source, target):
        try:
            while True:
                data = source.recv(262144)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        for s in (source, target):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    threading.Thread(target=pump, args=(outside, inside), daemon=True).start()
    threading.Thread(target=pump, args=(inside, outside), daemon=True).start()


def main():
    env = dict(os.environ)
    config = {key: env.pop(key) for key in list(env) if key.startswith("JAIL_")}
    program = config.get("JAIL_PROGRAM") or fail("JAIL_PROGRAM is not set")
    args = sys.argv[1:]

    # Dies with the service: the signal comes when the thread that forked us ends, so check
    # the parent is still the one that started us (it may have gone before prctl took hold).
    call(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM), "prctl(PR_SET_PDEATHSIG)")
    if str(os.getppid()) != config.get("JAIL_PARENT", str(os.getppid())):
        os._exit(0)
    call(libc.prctl(PR_SET_CHILD_SUBREAPER, 1), "prctl(PR_SET_CHILD_SUBREAPER)")
    # Named after its engine ("jail-webkit"): the service's CPU accounting files every process
    # below a jail under the jail's name, whatever the engine's processes call themselves.
    engine = config.get("JAIL_ENGINE", "engine")
    libc.prctl(PR_SET_NAME, ctypes.c_char_p(f"jail-{engine}"[:15].encode()))

    if config.get("JAIL_NETWORK") == "private":
        try:
            private_network()
        except OSError as error:
            fail(f"no private network namespace here: {error}")

    user = config.get("JAIL_USER")
    if user and os.getuid() == 0:
        uid, gid = (int(part) for part in user.split(":"))
        owned = [path for path in config.get("JAIL_OWN", "").split(":") if path]
        for path in owned:
            chown_tree(path, uid, gid)
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        # A change of credentials clears the parent-death signal: set it again.
        call(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM), "prctl(PR_SET_PDEATHSIG)")
        if str(os.getppid()) != config.get("JAIL_PARENT", str(os.getppid())):
            os._exit(0)

    # A launcher that makes the engine's profile folder itself (Playwright, in its own temporary
    # folder, which the engine's user may not reach) has it replaced by one in the engine's home.
    flag, profile = config.get("JAIL_PROFILE_ARG"), config.get("JAIL_PROFILE")
    if flag and profile:
        args = [f"{flag}={profile}" if arg.startswith(flag + "=") else arg for arg in args]

    forwarded = config.get("JAIL_FORWARD")
    passed = [int(fd) for fd in config.get("JAIL_PASS_FDS", "").split(",") if fd]

    def on_signal(number, _frame):
        end_everything()
        os._exit(128 + number)

    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, on_signal)

    jail = os.getpid()
    child = os.fork()
    if child == 0:
        try:
            for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(number, signal.SIG_DFL)
            # The engine dies with its jail, even when the jail is killed outright; if the jail
            # died before this took hold, the engine is not started at all.
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != jail:
                os._exit(127)
            keep = {0, 1, 2, *passed}
            for fd in os.listdir("/proc/self/fd"):
                if int(fd) not in keep:
                    try:
                        os.close(int(fd))
                    except OSError:
                        pass
            for fd in passed:
                os.set_inheritable(fd, True)
            os.execve(program, [program, *args], env)
        except BaseException as error:  # noqa: BLE001 - the child must never return
            sys.stderr.write(f"engine-jail: cannot start {program}: {error}\n")
        os._exit(127)

    if forwarded:
        fd, port = (int(part) for part in forwarded.split(":"))
        threading.Thread(target=forward, args=(fd, port), daemon=True).start()

    status = 0
    while True:
        try:
            pid, code = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == child:
            status = os.waitstatus_to_exitcode(code)
            end_everything()
            break
    os._exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    try:
        main()
    except OSError as error:
        if error.errno == errno.EPERM:
            fail(f"not permitted: {error}")
        fail(str(error))
