#ifndef XYLO_CFFMPEG_H
#define XYLO_CFFMPEG_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/* Opens libavformat, libavcodec, libavutil and libswscale (the versions these headers
   describe); returns 0, or -1 with the reason in `reason`. Call before any FFmpeg function. */
int xylo_ffmpeg_open(char *reason, size_t size);

#endif
