// CIPC: what Glibc does not expose to Swift (filled in by the transport work).
#pragma once
#define _GNU_SOURCE 1
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
