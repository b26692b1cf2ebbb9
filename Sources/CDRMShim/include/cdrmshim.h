#ifndef CDRMSHIM_H
#define CDRMSHIM_H

#include <stdint.h>

/* What Swift cannot import from libdrm, gbm and the kernel headers: the fourcc macros (function-like), the
 * variadic ioctl for the VT's mode, and drmHandleEvent's C callback. */

/* DRM_FORMAT_XRGB8888 and DRM_FORMAT_ARGB8888 (also GBM_FORMAT_*: the same codes). */
uint32_t cdrm_format_xrgb8888(void);
uint32_t cdrm_format_argb8888(void);

/* One completed page flip, as the kernel reported it. */
struct cdrm_flip {
    uint32_t crtc_id;
    uint32_t sequence;
    uint32_t tv_sec;
    uint32_t tv_usec;
};

/* Reads the events waiting on a DRM fd (drmHandleEvent) and stores up to `capacity` page-flip completions in
 * `flips`. Returns how many were stored, or -1 with errno set when the read failed. */
int cdrm_read_flips(int fd, struct cdrm_flip *flips, int capacity);

/* KDGETMODE / KDSETMODE on a tty: 0 or -1 with errno set. */
int cdrm_kd_get_mode(int fd, int *mode);
int cdrm_kd_set_mode(int fd, int mode);
/* KD_TEXT and KD_GRAPHICS. */
int cdrm_kd_text(void);
int cdrm_kd_graphics(void);

#endif
