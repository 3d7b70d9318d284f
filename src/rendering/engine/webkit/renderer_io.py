"""What the renderer exchanges with the service: framed messages over its pipes, and a
snapshot's pixels converted to packed RGB and written to a file of its folder."""

import ctypes
import json
import os
import queue
import struct
import threading


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
