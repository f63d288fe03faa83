/* libzip's functions as this project uses them, each forwarding to the library opened on first
   use (see CSystem.h). A function missing here is a link error: add its line. */
#include "CZip.h"

#include "CSystem.h"

static const char *const zip = XYLO_LIBRARY_NAME("zip", 4);

int xylo_zip_open(char *reason, size_t size) { return xylo_library_open(zip, reason, size); }

XYLO_FORWARD_VOID(zip, zip_discard, (zip_t *_Nonnull archive), (archive))
XYLO_FORWARD_VOID(zip, zip_error_fini, (zip_error_t *_Nonnull error), (error))
XYLO_FORWARD_VOID(zip, zip_error_init, (zip_error_t *_Nonnull error), (error))
XYLO_FORWARD(zip, const char *_Nonnull, zip_error_strerror, (zip_error_t *_Nonnull error), (error))
XYLO_FORWARD(zip, int, zip_fclose, (zip_file_t *_Nonnull file), (file))
XYLO_FORWARD(zip, zip_error_t *_Nonnull, zip_file_get_error, (zip_file_t *_Nonnull file), (file))
XYLO_FORWARD(zip, zip_file_t *_Nullable, zip_fopen_index, (zip_t *_Nonnull archive, zip_uint64_t index, zip_flags_t flags), (archive, index, flags))
XYLO_FORWARD(zip, zip_int64_t, zip_fread, (zip_file_t *_Nonnull file, void *_Nonnull buffer, zip_uint64_t length), (file, buffer, length))
XYLO_FORWARD(zip, zip_error_t *_Nonnull, zip_get_error, (zip_t *_Nonnull archive), (archive))
XYLO_FORWARD(zip, zip_int64_t, zip_get_num_entries, (zip_t *_Nonnull archive, zip_flags_t flags), (archive, flags))
XYLO_FORWARD(zip, zip_int64_t, zip_name_locate, (zip_t *_Nonnull archive, const char *_Nonnull name, zip_flags_t flags), (archive, name, flags))
XYLO_FORWARD(zip, zip_t *_Nullable, zip_open_from_source, (zip_source_t *_Nonnull source, int flags, zip_error_t *_Nullable error), (source, flags, error))
XYLO_FORWARD(zip, zip_source_t *_Nullable, zip_source_buffer_create, (const void *_Nullable data, zip_uint64_t length, int freep, zip_error_t *_Nullable error), (data, length, freep, error))
XYLO_FORWARD_VOID(zip, zip_source_free, (zip_source_t *_Nullable source), (source))
XYLO_FORWARD(zip, int, zip_stat_index, (zip_t *_Nonnull archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *_Nonnull stat), (archive, index, flags, stat))
XYLO_FORWARD_VOID(zip, zip_stat_init, (zip_stat_t *_Nonnull stat), (stat))
