/* libebur128's functions as this project uses them, each forwarding to the library opened on
   first use (see CSystem.h). A function missing here is a link error: add its line. */
#include "CEBUR128.h"

#include "CSystem.h"

static const char *const ebur128 = XYLO_LIBRARY_NAME("ebur128", EBUR128_VERSION_MAJOR);

int xylo_ebur128_open(char *reason, size_t size) { return xylo_library_open(ebur128, reason, size); }

XYLO_FORWARD(ebur128, int, ebur128_add_frames_double, (ebur128_state* st, const double* src, size_t frames), (st, src, frames))
XYLO_FORWARD(ebur128, int, ebur128_add_frames_float, (ebur128_state* st, const float* src, size_t frames), (st, src, frames))
XYLO_FORWARD_VOID(ebur128, ebur128_destroy, (ebur128_state** st), (st))
XYLO_FORWARD_VOID(ebur128, ebur128_get_version, (int *major, int *minor, int *patch), (major, minor, patch))
XYLO_FORWARD(ebur128, ebur128_state*, ebur128_init, (unsigned int channels, unsigned long samplerate, int mode), (channels, samplerate, mode))
XYLO_FORWARD(ebur128, int, ebur128_loudness_global, (ebur128_state* st, double* out), (st, out))
XYLO_FORWARD(ebur128, int, ebur128_loudness_range, (ebur128_state* st, double* out), (st, out))
XYLO_FORWARD(ebur128, int, ebur128_sample_peak, (ebur128_state* st, unsigned int channel_number, double* out), (st, channel_number, out))
XYLO_FORWARD(ebur128, int, ebur128_true_peak, (ebur128_state* st, unsigned int channel_number, double* out), (st, channel_number, out))
