#include "cdrmshim.h"

#include <errno.h>
#include <linux/kd.h>
#include <string.h>
#include <sys/ioctl.h>
#include <xf86drm.h>
#include <drm_fourcc.h>

uint32_t cdrm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
uint32_t cdrm_format_argb8888(void) { return DRM_FORMAT_ARGB8888; }

struct flip_sink {
    struct cdrm_flip *flips;
    int capacity;
    int count;
};

/* drmHandleEvent passes each flip the commit's user_data, not ours: the sink of the read in progress on this
 * thread travels here instead. */
static __thread struct flip_sink *current_sink = NULL;

static void on_flip(int fd, unsigned int sequence, unsigned int tv_sec, unsigned int tv_usec, unsigned int crtc_id,
                    void *user_data) {
    (void)fd;
    (void)user_data;
    struct flip_sink *sink = current_sink;
    if (sink == NULL || sink->count >= sink->capacity) return;
    sink->flips[sink->count].crtc_id = crtc_id;
    sink->flips[sink->count].sequence = sequence;
    sink->flips[sink->count].tv_sec = tv_sec;
    sink->flips[sink->count].tv_usec = tv_usec;
    sink->count += 1;
}

int cdrm_read_flips(int fd, struct cdrm_flip *flips, int capacity) {
    struct flip_sink sink = {flips, capacity, 0};
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 3;
    context.page_flip_handler2 = on_flip;
    current_sink = &sink;
    int result = drmHandleEvent(fd, &context);
    current_sink = NULL;
    if (result != 0) {
        if (errno == 0) errno = EIO;
        return -1;
    }
    return sink.count;
}

int cdrm_kd_get_mode(int fd, int *mode) {
    long value = 0;
    if (ioctl(fd, KDGETMODE, &value) != 0) return -1;
    *mode = (int)value;
    return 0;
}

int cdrm_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }

int cdrm_kd_text(void) { return KD_TEXT; }
int cdrm_kd_graphics(void) { return KD_GRAPHICS; }
