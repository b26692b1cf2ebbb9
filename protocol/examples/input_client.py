#!/usr/bin/env python3
"""Input from a client written from protocol/README.md ("Input") and spec.json alone (no SDK), version 4.

It creates a 100 x 100 layer centred on the scene's origin, subscribes to touch, injects a tap at (10, 20)
(InputInject: run it as the server's user), and prints the TouchEvents the server routes back to it and the
InputInjected answer. Usage: input_client.py SOCKET_PATH
"""
import socket
import struct
import sys

from client import Reader, f64, frame, receive, string


def main():
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    sock.connect(sys.argv[1])

    # Hello {minVersion 4, maxVersion 4}: input came with version 4.
    sock.send(frame(1, struct.pack("<HH", 4, 4) + string("input_client.py")))
    opcode, r = receive(sock)
    assert opcode == 128, f"expected Welcome, got opcode {opcode}"
    print(f"welcome: version {r.take('H')}")

    # Commit: createLayer {layer 1, layerClass layer}, setProperty bounds (0, 0, 100, 100); position stays (0, 0).
    create = struct.pack("<BIB", 0, 1, 0)
    set_bounds = struct.pack("<BI", 2, 1) + string("bounds") + struct.pack("<B", 3) + f64(0) * 2 + f64(100) * 2
    sock.send(frame(2, struct.pack("<Q", 1) + struct.pack("<I", 0) + struct.pack("<I", 2) + create + set_bounds))

    # InputSubscribe {kinds u32 (touch 1), watchAll bool}.
    sock.send(frame(13, struct.pack("<IB", 1, 0)))

    # InputInject {request u32, events [WireInjectedInput {offset f64, action WireInjectedAction}]}:
    # touchDown {slot u32, point WirePoint} is case 0, touchUp (slot u32) case 2.
    down = f64(0) + struct.pack("<BI", 0, 0) + f64(10) + f64(20)
    up = f64(0) + struct.pack("<BI", 2, 0)
    sock.send(frame(14, struct.pack("<I", 9) + struct.pack("<I", 2) + down + up))

    phases = ["down", "motion", "up", "cancel"]
    while True:
        opcode, r = receive(sock)
        if opcode == 140:  # TouchEvent {phase, sequence, time, layer?, scenePoint, layerPoint}
            phase, sequence, _time = phases[r.take("B")], r.take("I"), r.take("d")
            layer = r.optional(lambda: r.take("I"))
            scene, local = r.take("2d"), r.take("2d")
            print(f"touch {phase} sequence {sequence} layer {layer} scene {scene} local {local}")
        elif opcode == 144:  # InputInjected {request u32, time f64}
            print(f"injected {r.take('I')}")
            return
        elif opcode == 130:  # ErrorReport
            code, op, request = r.take("H"), r.take("H"), r.take("Q")
            sys.exit(f"error {code}: {r.string()} {r.string()} {r.string()}")


if __name__ == "__main__":
    main()
