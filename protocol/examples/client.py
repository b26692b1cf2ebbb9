#!/usr/bin/env python3
"""A minimal animserver client, written from protocol/README.md and spec.json alone (no SDK).

It says Hello, commits one transaction that creates a layer and animates its opacity from 0 to 1 over 2 s
(linear), asks the server for the layer's presentation opacity at 1 s after the commit, syncs, and prints
what it learned. Usage: client.py SOCKET_PATH
"""
import socket
import struct
import sys


def frame(opcode, payload):
    return struct.pack("<IHH", 8 + len(payload), opcode, 0) + payload


def string(text):
    data = text.encode("utf-8")
    return struct.pack("<I", len(data)) + data


def f64(x):
    return struct.pack("<d", x)


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, fmt):
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values[0] if len(values) == 1 else values

    def string(self):
        n = self.take("I")
        text = self.data[self.at : self.at + n].decode("utf-8")
        self.at += n
        return text

    def optional(self, read):
        return read() if self.take("B") == 1 else None

    def array(self, read):
        return [read() for _ in range(self.take("I"))]

    def value(self):
        """A WireValue: the union tag is the case's index in spec.json; numbers are returned, the rest skipped."""
        tag = self.take("B")
        if tag == 0:
            return self.take("d")  # number
        sizes = {1: 16, 2: 16, 3: 32, 4: 128, 6: 1}  # point, size, rect, transform, bool
        if tag in sizes:
            self.at += sizes[tag]
        elif tag == 5:
            self.optional(lambda: self.take("4d"))  # color?
        elif tag == 7:  # path?: [WirePathElement]
            self.optional(self.path)
        elif tag == 8:
            self.optional(lambda: self.array(lambda: self.take("d")))  # numbers?
        elif tag == 9:
            self.optional(lambda: self.array(lambda: self.take("4d")))  # colors?
        elif tag == 10:
            self.optional(self.string)  # string?
        elif tag == 11:
            self.optional(lambda: self.array(self.string))  # strings?
        elif tag in (12, 13):
            self.optional(lambda: self.take("I"))  # image?, layer?
        else:
            raise ValueError(f"unknown WireValue tag {tag}")
        return None

    def path(self):
        points = {0: 16, 1: 16, 2: 32, 3: 48, 4: 0}  # move, line, quad, cubic, close
        for _ in range(self.take("I")):
            self.at += points[self.take("B")]


def receive(sock):
    record = sock.recv(2 << 20)
    if not record:
        sys.exit("the server closed the connection")
    length, opcode, _flags = struct.unpack_from("<IHH", record)
    assert length == len(record), "a frame's length is the record's size"
    return opcode, Reader(record[8:])


def main():
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    sock.connect(sys.argv[1])
    # Records above about 212 KB need a larger send buffer (README, "Socket buffers"); the kernel doubles
    # the value and caps it at net.core.wmem_max.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2 << 20)

    # Hello {minVersion u16, maxVersion u16, clientName string} -> Welcome (opcode 128).
    sock.send(frame(1, struct.pack("<HH", 1, 1) + string("client.py")))
    opcode, r = receive(sock)
    assert opcode == 128, f"expected Welcome, got opcode {opcode}"
    version, session, server_time, clock_mode = r.take("H"), r.take("I"), r.take("d"), r.take("B")
    print(f"welcome: version {version}, session {session}, clock {['monotonic', 'manual'][clock_mode]}")

    # Commit {transaction u64, completions [u64], operations [WireOperation]}.
    create = struct.pack("<BIB", 0, 1, 0)  # createLayer {layer 1, layerClass layer}
    set_bounds = struct.pack("<BI", 2, 1) + string("bounds") + struct.pack("<B", 3) + f64(0) * 2 + f64(100) * 2
    timing = f64(0) + f64(2) + f64(1) + f64(0) + f64(0) + f64(0) + struct.pack("<BB", 0, 0)
    linear = struct.pack("<BBB", 1, 0, 0)  # WireTimingFunction? present, named, linear
    basic = string("opacity") + struct.pack("<BB", 1, 0) + f64(0) + struct.pack("<BB", 1, 0) + f64(1)
    basic += struct.pack("<BBBB", 0, 0, 0, 0)  # byValue absent, additive, cumulative, valueFunction absent
    animation = timing + linear + struct.pack("<B", 1) + struct.pack("<B", 0) + basic
    add = struct.pack("<BIQ", 5, 1, 1) + struct.pack("<B", 1) + string("fade") + struct.pack("<Q", 0) + f64(0.25)
    add += animation
    operations = struct.pack("<I", 3) + create + set_bounds + add
    sock.send(frame(2, struct.pack("<Q", 42) + struct.pack("<I", 0) + operations))

    applied_at = None
    while applied_at is None:
        opcode, r = receive(sock)
        if opcode == 129:  # CommitApplied {transaction u64, time f64}
            transaction, applied_at = r.take("Q"), r.take("d")
            print(f"commit {transaction} applied at {applied_at}")
        elif opcode == 130:  # ErrorReport
            code, op, request = r.take("H"), r.take("H"), r.take("Q")
            sys.exit(f"error {code}: {r.string()} {r.string()} {r.string()}")

    # PresentationQuery {request u32, layer u32, time f64?} -> PresentationReply (opcode 134).
    sock.send(frame(5, struct.pack("<II", 7, 1) + struct.pack("<B", 1) + f64(applied_at + 1)))
    while True:
        opcode, r = receive(sock)
        if opcode == 134:
            break
    request, layer, time = r.take("I"), r.take("I"), r.take("d")
    properties = dict(r.array(lambda: (r.string(), r.value())))
    print(f"layer {layer} opacity at {time - applied_at} s after the commit: {properties['opacity']}")

    # Sync {request u32} -> SyncReply (opcode 136) once everything before it was handled.
    sock.send(frame(7, struct.pack("<I", 8)))
    while True:
        opcode, r = receive(sock)
        if opcode == 136:
            print(f"sync {r.take('I')} done")
            return


if __name__ == "__main__":
    main()
