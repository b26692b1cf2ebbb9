#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "cipc.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

// CMSG_SPACE needs a constant expression for the control buffers; a static const int is not one in C.
#define MAX_FDS 253
_Static_assert(IPC_MAX_FDS == MAX_FDS, "IPC_MAX_FDS");
_Static_assert(IPC_MSG_TRUNC == MSG_TRUNC, "MSG_TRUNC");
_Static_assert(IPC_MSG_CTRUNC == MSG_CTRUNC, "MSG_CTRUNC");
_Static_assert(IPC_EPOLLIN == EPOLLIN && IPC_EPOLLOUT == EPOLLOUT, "EPOLLIN/OUT");
_Static_assert(IPC_POLLRDHUP == POLLRDHUP, "POLLRDHUP");
_Static_assert(IPC_EPOLLERR == EPOLLERR && IPC_EPOLLHUP == EPOLLHUP && IPC_EPOLLRDHUP == EPOLLRDHUP, "EPOLL*");
_Static_assert(IPC_EPOLLET == EPOLLET, "EPOLLET");
_Static_assert(IPC_EPOLL_CTL_ADD == EPOLL_CTL_ADD && IPC_EPOLL_CTL_DEL == EPOLL_CTL_DEL, "EPOLL_CTL");
_Static_assert(IPC_EPOLL_CTL_MOD == EPOLL_CTL_MOD && IPC_EPOLL_CLOEXEC == EPOLL_CLOEXEC, "EPOLL_CTL/CLOEXEC");
_Static_assert(IPC_EFD_CLOEXEC == EFD_CLOEXEC && IPC_EFD_NONBLOCK == EFD_NONBLOCK, "EFD");
_Static_assert(IPC_TFD_CLOEXEC == TFD_CLOEXEC && IPC_TFD_NONBLOCK == TFD_NONBLOCK, "TFD");
_Static_assert(IPC_TFD_TIMER_ABSTIME == TFD_TIMER_ABSTIME, "TFD_TIMER_ABSTIME");
_Static_assert(IPC_F_SEAL_SEAL == F_SEAL_SEAL && IPC_F_SEAL_SHRINK == F_SEAL_SHRINK, "F_SEAL");
_Static_assert(IPC_F_SEAL_GROW == F_SEAL_GROW && IPC_F_SEAL_WRITE == F_SEAL_WRITE, "F_SEAL");

int ipc_memfd_create(const char *name, size_t size, int seal) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0 || (seal && ipc_seal(fd) < 0)) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int ipc_seal(int fd) { return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL); }

int ipc_get_seals(int fd) { return fcntl(fd, F_GET_SEALS); }

ssize_t ipc_send_record(int sock, const void *buf, size_t len, const int *fds, int nfds) {
    if (nfds < 0 || nfds > MAX_FDS) {
        errno = EINVAL;
        return -1;
    }
    struct iovec iov = {.iov_base = (void *)buf, .iov_len = len};
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    union {
        char buf[CMSG_SPACE(sizeof(int) * MAX_FDS)];
        struct cmsghdr align;
    } control;
    if (nfds > 0) {
        memset(&control, 0, sizeof control);
        msg.msg_control = control.buf;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
        cmsg->cmsg_level = SOL_SOCKET;
        cmsg->cmsg_type = SCM_RIGHTS;
        cmsg->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * (size_t)nfds);
    }
    ssize_t n;
    do {
        n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
}

ssize_t ipc_recv_record(int sock, void *buf, size_t len, int *fds, int maxfds, int *nfds, int *flags_out) {
    *nfds = 0;
    *flags_out = 0;
    if (maxfds < 0 || maxfds > MAX_FDS) {
        errno = EINVAL;
        return -1;
    }
    struct iovec iov = {.iov_base = buf, .iov_len = len};
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    union {
        char buf[CMSG_SPACE(sizeof(int) * MAX_FDS)];
        struct cmsghdr align;
    } control;
    if (maxfds > 0) {
        msg.msg_control = control.buf;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)maxfds);
    }
    ssize_t n;
    do {
        n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return -1;
    *flags_out = msg.msg_flags;
    int count = 0;
    int overflow = 0;
    for (struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg); cmsg != NULL; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
        if (cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS) continue;
        size_t received = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        const unsigned char *data = CMSG_DATA(cmsg);
        for (size_t i = 0; i < received; i++) {
            int fd;
            memcpy(&fd, data + i * sizeof(int), sizeof(int));
            // CMSG_SPACE rounds up, so the kernel may deliver more than maxfds: those are refused like a CTRUNC.
            if (count < maxfds) {
                fds[count++] = fd;
            } else {
                close(fd);
                overflow = 1;
            }
        }
    }
    if (overflow) *flags_out |= MSG_CTRUNC;
    *nfds = count;
    return n;
}

int ipc_peercred(int sock, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct ucred cred;
    socklen_t size = sizeof cred;
    if (getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &cred, &size) < 0) return -1;
    *pid = cred.pid;
    *uid = cred.uid;
    *gid = cred.gid;
    return 0;
}

int ipc_accept(int listen_fd) {
    int fd;
    do {
        fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

int ipc_set_thread_name(const char *name) {
    char cut[16];
    strncpy(cut, name, sizeof cut - 1);
    cut[sizeof cut - 1] = '\0';
    int result = pthread_setname_np(pthread_self(), cut);
    if (result != 0) {
        errno = result;
        return -1;
    }
    return 0;
}

int ipc_count_open_fds(void) {
    // Opened once and kept: a process at its descriptor limit could not open the directory to count.
    static int directory = -1;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    if (directory < 0) directory = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0 || lseek(directory, 0, SEEK_SET) < 0) {
        int saved = errno;
        pthread_mutex_unlock(&lock);
        errno = saved;
        return -1;
    }
    int count = 0;
    char buffer[4096] __attribute__((aligned(8)));
    for (;;) {
        long n = syscall(SYS_getdents64, directory, buffer, sizeof buffer);
        if (n < 0) {
            int saved = errno;
            pthread_mutex_unlock(&lock);
            errno = saved;
            return -1;
        }
        if (n == 0) break;
        for (long offset = 0; offset < n;) {
            unsigned short length;
            memcpy(&length, buffer + offset + 16, sizeof length);
            const char *name = buffer + offset + 19;
            if (name[0] != '.') count++;
            offset += length;
        }
    }
    pthread_mutex_unlock(&lock);
    // The directory's own descriptor is listed too.
    return count - 1;
}
