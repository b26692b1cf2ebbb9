import AnimTransport
import Glibc
import Testing

@Suite struct SocketPathTests {
    @Test func explicitSocketWins() throws {
        let path = try SocketPath.resolve(environment: [
            "ANIMSERVER_SOCKET": "/srv/anim.sock", "XDG_RUNTIME_DIR": "/run/user/1000",
        ])
        #expect(path == "/srv/anim.sock")
    }

    @Test func runtimeDirectoryGivesTheDefaultName() throws {
        #expect(
            try SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/animserver-0")
        #expect(try SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/7/"]) == "/run/user/7/animserver-0")
        #expect(
            try SocketPath.resolve(environment: ["ANIMSERVER_SOCKET": "", "XDG_RUNTIME_DIR": "/run/x"])
                == "/run/x/animserver-0")
    }

    @Test func neitherVariableIsAnError() throws {
        let error = #expect(throws: TransportError.self) {
            try SocketPath.resolve(environment: ["HOME": "/root", "XDG_RUNTIME_DIR": ""])
        }
        #expect(error?.code == ENOENT)
        #expect(error?.description.contains("neither ANIMSERVER_SOCKET nor XDG_RUNTIME_DIR is set") == true)
    }

    @Test func relativeRuntimeDirectoryIsAnError() throws {
        let error = #expect(throws: TransportError.self) {
            try SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "run/user"])
        }
        #expect(error?.code == EINVAL)
        #expect(error?.target == "XDG_RUNTIME_DIR=run/user")
    }
}

@Suite(.serialized) struct SystemdTests {
    @Test func nothingPassedOutsideSystemd() {
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_PID")
        unsetenv("WATCHDOG_USEC")
        #expect(Systemd.listenFDs().isEmpty)
        #expect(Systemd.watchdogInterval() == nil)
        // Without NOTIFY_SOCKET this must do nothing (and not fail).
        Systemd.notify("READY=1")
    }

    @Test func watchdogIntervalIsReadForThisProcess() {
        setenv("WATCHDOG_USEC", "2500000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        defer {
            unsetenv("WATCHDOG_USEC")
            unsetenv("WATCHDOG_PID")
        }
        #expect(Systemd.watchdogInterval() == 2.5)
        setenv("WATCHDOG_PID", "\(getpid() + 1)", 1)
        #expect(Systemd.watchdogInterval() == nil)
    }

    @Test func adoptedListenerMustBeAListeningSeqPacketSocket() throws {
        let path = temporarySocketPath("adopt")
        defer { unlink(path) }
        let original = try SeqPacketSocket.listen(path: path)
        let passed = try FileDescriptor.duplicate(original.fd)
        let adopted = try SeqPacketSocket.adoptingListener(fd: passed)
        _ = try SeqPacketSocket.connect(path: path)
        #expect(try adopted.accept() != nil)

        let (a, _) = try SeqPacketSocket.pair()
        let error = #expect(throws: TransportError.self) { try SeqPacketSocket.adoptingListener(fd: a.fd) }
        #expect(error?.detail == "the socket is not listening")

        let stream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { FileDescriptor.close(stream) }
        let wrongType = #expect(throws: TransportError.self) { try SeqPacketSocket.adoptingListener(fd: stream) }
        #expect(wrongType?.detail == "the socket is not SOCK_SEQPACKET")
    }
}
