/* libsoxr's functions as this project uses them, each forwarding to the library opened on
   first use (see CSystem.h). A function missing here is a link error: add its line. */
#include "CSoxr.h"

#include "CSystem.h"

/* libsoxr.so.0: soxr.h names the release (0.1.3), not the library's major version. */
static const char *const soxr = XYLO_LIBRARY_NAME("soxr", 0);

int xylo_soxr_open(char *reason, size_t size) { return xylo_library_open(soxr, reason, size); }

XYLO_FORWARD(soxr, soxr_io_spec_t, soxr_io_spec, (soxr_datatype_t itype, soxr_datatype_t otype), (itype, otype))
XYLO_FORWARD(soxr, soxr_t, soxr_create, (double input_rate, double output_rate, unsigned num_channels, soxr_error_t * error, soxr_io_spec_t const * io, soxr_quality_spec_t const * quality, soxr_runtime_spec_t const * runtime), (input_rate, output_rate, num_channels, error, io, quality, runtime))
XYLO_FORWARD_VOID(soxr, soxr_delete, (soxr_t resampler), (resampler))
XYLO_FORWARD(soxr, soxr_error_t, soxr_oneshot, (double input_rate, double output_rate, unsigned num_channels, soxr_in_t in, size_t ilen, size_t * idone, soxr_out_t out, size_t olen, size_t * odone, soxr_io_spec_t const * a9, soxr_quality_spec_t const * a10, soxr_runtime_spec_t const * a11), (input_rate, output_rate, num_channels, in, ilen, idone, out, olen, odone, a9, a10, a11))
XYLO_FORWARD(soxr, soxr_error_t, soxr_process, (soxr_t resampler, soxr_in_t in, size_t ilen, size_t * idone, soxr_out_t out, size_t olen, size_t * odone), (resampler, in, ilen, idone, out, olen, odone))
XYLO_FORWARD(soxr, soxr_quality_spec_t, soxr_quality_spec, (unsigned long recipe, unsigned long flags), (recipe, flags))
XYLO_FORWARD(soxr, soxr_runtime_spec_t, soxr_runtime_spec, (unsigned num_threads), (num_threads))
XYLO_FORWARD(soxr, const char *, soxr_version, (void), ())
