// CIPC: the parts of Linux IPC that Glibc does not expose to Swift: cmsg/SCM_RIGHTS packing, memfd and seals,
// SO_PEERCRED, accept4, and the epoll/eventfd/timerfd headers (sys/epoll.h is not in the Glibc module).
// Every function returns -1 on failure and leaves errno as the failing call set it.
// The header itself must not define _GNU_SOURCE: it would change glibc types (fd_set's field names) against
// Swift's Glibc module and the two definitions would clash. The GNU-only calls live in cipc.c.
#pragma once
#include <stddef.h>
#include <sys/types.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

// Macros that do not import into Swift (they are enum cases, multi-token expressions or function-like).
static const int IPC_MSG_TRUNC = 0x20;
static const int IPC_MSG_CTRUNC = 0x08;
static const unsigned int IPC_EPOLLIN = 0x001;
static const unsigned int IPC_EPOLLOUT = 0x004;
static const unsigned int IPC_EPOLLERR = 0x008;
static const unsigned int IPC_EPOLLHUP = 0x010;
static const unsigned int IPC_EPOLLRDHUP = 0x2000;
static const unsigned int IPC_EPOLLET = 0x80000000u;
static const short IPC_POLLRDHUP = 0x2000;
static const int IPC_EPOLL_CTL_ADD = 1;
static const int IPC_EPOLL_CTL_DEL = 2;
static const int IPC_EPOLL_CTL_MOD = 3;
static const int IPC_EPOLL_CLOEXEC = 02000000;
static const int IPC_EFD_CLOEXEC = 02000000;
static const int IPC_EFD_NONBLOCK = 04000;
static const int IPC_TFD_CLOEXEC = 02000000;
static const int IPC_TFD_NONBLOCK = 04000;
static const int IPC_TFD_TIMER_ABSTIME = 1;
static const int IPC_F_SEAL_SEAL = 0x0001;
static const int IPC_F_SEAL_SHRINK = 0x0002;
static const int IPC_F_SEAL_GROW = 0x0004;
static const int IPC_F_SEAL_WRITE = 0x0008;
// The largest number of descriptors one record may carry (the kernel's SCM_MAX_FD is 253).
static const int IPC_MAX_FDS = 253;

// memfd_create(MFD_CLOEXEC | MFD_ALLOW_SEALING) then ftruncate(size); when `seal` is non-zero it also adds
// F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL. Returns the fd.
int ipc_memfd_create(const char *name, size_t size, int seal);
// F_ADD_SEALS with F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL.
int ipc_seal(int fd);
// F_GET_SEALS.
int ipc_get_seals(int fd);
// One record with `nfds` descriptors as SCM_RIGHTS, sendmsg(MSG_NOSIGNAL). Retries EINTR.
ssize_t ipc_send_record(int sock, const void *buf, size_t len, const int *fds, int nfds);
// One record with up to `maxfds` descriptors (MSG_CMSG_CLOEXEC). `*flags_out` gets msg_flags (MSG_TRUNC,
// MSG_CTRUNC). More descriptors than `maxfds` (or a truncated control buffer) sets MSG_CTRUNC, and so does a
// process that could not install them all (out of descriptors); `*nfds` then counts those that did arrive (the
// caller closes them), which tells the two apart: fewer than `maxfds` means the kernel stopped installing.
// Retries EINTR.
ssize_t ipc_recv_record(int sock, void *buf, size_t len, int *fds, int maxfds, int *nfds, int *flags_out);
// SO_PEERCRED.
int ipc_peercred(int sock, pid_t *pid, uid_t *uid, gid_t *gid);
// accept4(SOCK_CLOEXEC | SOCK_NONBLOCK). Retries EINTR.
int ipc_accept(int listen_fd);
// Open descriptors of this process (the entries of /proc/self/fd), read through a directory descriptor opened
// on the first call and kept, so the count works when the process is at its descriptor limit.
int ipc_count_open_fds(void);
// Names the calling thread (pthread_setname_np; the kernel keeps 15 bytes, longer names are cut).
int ipc_set_thread_name(const char *name);
