#include <libudev.h>
// The udev monitor's descriptor and the DRM card's are watched together through one epoll set; Glibc's module
// does not export epoll.
#include <sys/epoll.h>
