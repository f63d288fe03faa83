/* FFmpeg's functions as this project uses them, each forwarding to the library opened on
   first use (see CSystem.h). A function missing here is a link error: add its line. */
#include "CFFmpeg.h"

#include "CSystem.h"

static const char *const avformat = XYLO_LIBRARY_NAME("avformat", LIBAVFORMAT_VERSION_MAJOR);
static const char *const avcodec = XYLO_LIBRARY_NAME("avcodec", LIBAVCODEC_VERSION_MAJOR);
static const char *const avutil = XYLO_LIBRARY_NAME("avutil", LIBAVUTIL_VERSION_MAJOR);
static const char *const swscale = XYLO_LIBRARY_NAME("swscale", LIBSWSCALE_VERSION_MAJOR);

int xylo_ffmpeg_open(char *reason, size_t size) {
  const char *const libraries[] = {avutil, swscale, avcodec, avformat};
  for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {
    if (xylo_library_open(libraries[index], reason, size) != 0) return -1;
  }
  return 0;
}

XYLO_FORWARD(avutil, int, av_channel_layout_copy, (AVChannelLayout *dst, const AVChannelLayout *src), (dst, src))
XYLO_FORWARD_VOID(avutil, av_channel_layout_default, (AVChannelLayout *ch_layout, int nb_channels), (ch_layout, nb_channels))
XYLO_FORWARD(avutil, int, av_dict_count, (const AVDictionary *m), (m))
XYLO_FORWARD_VOID(avutil, av_dict_free, (AVDictionary **m), (m))
XYLO_FORWARD(avutil, AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), (m, key, prev, flags))
XYLO_FORWARD(avutil, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags))
XYLO_FORWARD(avformat, int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, const AVCodec **decoder_ret, int flags), (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags))
XYLO_FORWARD(avutil, AVFrame *, av_frame_alloc, (), ())
XYLO_FORWARD(avutil, int, av_frame_apply_cropping, (AVFrame *frame, int flags), (frame, flags))
XYLO_FORWARD_VOID(avutil, av_frame_free, (AVFrame **frame), (frame))
XYLO_FORWARD(avutil, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align))
XYLO_FORWARD(avutil, AVFrameSideData *, av_frame_get_side_data, (const AVFrame *frame, enum AVFrameSideDataType type), (frame, type))
XYLO_FORWARD(avutil, int, av_frame_make_writable, (AVFrame *frame), (frame))
XYLO_FORWARD(avutil, int, av_frame_ref, (AVFrame *dst, const AVFrame *src), (dst, src))
XYLO_FORWARD_VOID(avutil, av_frame_unref, (AVFrame *frame), (frame))
XYLO_FORWARD(avutil, const char *, av_get_sample_fmt_name, (enum AVSampleFormat sample_fmt), (sample_fmt))
XYLO_FORWARD(avformat, int, av_interleaved_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt))
XYLO_FORWARD_VOID(avutil, av_log_set_level, (int level), (level))
XYLO_FORWARD(avutil, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), (obj, name, val, search_flags))
XYLO_FORWARD(avcodec, AVPacket *, av_packet_alloc, (), ())
XYLO_FORWARD(avcodec, int, av_new_packet, (AVPacket *pkt, int size), (pkt, size))
XYLO_FORWARD_VOID(avcodec, av_packet_free, (AVPacket **pkt), (pkt))
XYLO_FORWARD_VOID(avcodec, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst))
XYLO_FORWARD_VOID(avcodec, av_packet_unref, (AVPacket *pkt), (pkt))
XYLO_FORWARD(avformat, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt))
XYLO_FORWARD(avutil, int64_t, av_rescale_q, (int64_t a, AVRational bq, AVRational cq), (a, bq, cq))
XYLO_FORWARD(avutil, int, av_sample_fmt_is_planar, (enum AVSampleFormat sample_fmt), (sample_fmt))
XYLO_FORWARD(avutil, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size))
XYLO_FORWARD(avutil, const char *, av_version_info, (void), ())
XYLO_FORWARD(avformat, int, av_write_trailer, (AVFormatContext *s), (s))
XYLO_FORWARD(avcodec, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))
XYLO_FORWARD(avcodec, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id))
XYLO_FORWARD(avcodec, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name))
XYLO_FORWARD_VOID(avcodec, avcodec_free_context, (AVCodecContext **avctx), (avctx))
XYLO_FORWARD(avcodec, const char *, avcodec_get_name, (enum AVCodecID id), (id))
XYLO_FORWARD(avcodec, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options))
XYLO_FORWARD(avcodec, int, avcodec_parameters_from_context, (AVCodecParameters *par, const AVCodecContext *codec), (par, codec))
XYLO_FORWARD(avcodec, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par))
XYLO_FORWARD(avcodec, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame))
XYLO_FORWARD(avcodec, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt))
XYLO_FORWARD(avcodec, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame))
XYLO_FORWARD(avcodec, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt))
XYLO_FORWARD(avcodec, unsigned, avcodec_version, (void), ())
XYLO_FORWARD(avformat, int, avformat_alloc_output_context2, (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename), (ctx, oformat, format_name, filename))
XYLO_FORWARD_VOID(avformat, avformat_close_input, (AVFormatContext **s), (s))
XYLO_FORWARD(avformat, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options))
XYLO_FORWARD_VOID(avformat, avformat_free_context, (AVFormatContext *s), (s))
XYLO_FORWARD(avformat, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c))
XYLO_FORWARD(avformat, int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options))
XYLO_FORWARD(avformat, unsigned, avformat_version, (void), ())
XYLO_FORWARD(avformat, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options))
XYLO_FORWARD(avformat, int, avio_closep, (AVIOContext **s), (s))
XYLO_FORWARD(avformat, int, avio_open, (AVIOContext **s, const char *url, int flags), (s, url, flags))
XYLO_FORWARD(avutil, unsigned, avutil_version, (void), ())
XYLO_FORWARD_VOID(swscale, sws_freeContext, (struct SwsContext *swsContext), (swsContext))
XYLO_FORWARD(swscale, const int *, sws_getCoefficients, (int colorspace), (colorspace))
XYLO_FORWARD(swscale, struct SwsContext *, sws_getContext, (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param))
XYLO_FORWARD(swscale, int, sws_scale, (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]), (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride))
XYLO_FORWARD(swscale, int, sws_setColorspaceDetails, (struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4], int dstRange, int brightness, int contrast, int saturation), (c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation))
XYLO_FORWARD(swscale, unsigned, swscale_version, (void), ())
