import CIPC

/// glibc's allocator, tuned once at start. Blocks of 256 KiB and more are mapped on their own and unmapped
/// when freed: glibc's dynamic threshold otherwise rises to 32 MiB after the first large block is freed, and
/// later ones (receive buffers, a frame's draw list, per-client arrays) stay in the heap after their client
/// leaves. The top of the heap is given back past 1 MiB free. Measured with `serverbench --memory-only`
/// (README.md, "Running the server").
enum DaemonAllocator {
    static func tune() {
        mallopt(M_MMAP_THRESHOLD, 256 << 10)
        mallopt(M_TRIM_THRESHOLD, 1 << 20)
    }
}
