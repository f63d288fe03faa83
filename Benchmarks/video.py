"""The video workload: `xylo-render video` of Twinkle (its own bank) at 1080p60 and 720p30,
against the FFmpeg floor: FFmpeg's libx264 and AAC encoders making an MP4 of as many black
pictures and the same audio, with the encoder settings of xylo-render's video
(Sources/MediaEncoding: VideoStreamEncoder, DeterministicSettings, AACWriter)."""
import os
import shutil
import subprocess
import wave

from measuring import measure_interleaved, ratio_text, summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The sizes and rates timed.
VIDEO_CASES = [(1920, 1080, 60), (1280, 720, 30)]
X264_PARAMETERS = "sliced-threads=1" + (":asm=SSE2" if os.uname().machine == "x86_64" else "")


def video(binary, work, runs):
    """`video` of Twinkle (its own bank) at each size of VIDEO_CASES, interleaved with the floor:
    FFmpeg's libx264 encoding as many black pictures with the same settings, and AAC encoding
    the same audio (rendered once to WAV), into an MP4 with its index first."""
    if shutil.which("ffmpeg") is None:
        print()
        print("video: skipped, no ffmpeg on the PATH")
        return
    score = os.path.join(ROOT, "Examples", "scores", "twinkle.xylo")
    audio = os.path.join(work, "twinkle.wav")
    subprocess.run([binary, "render", score, "-o", audio, "--quiet"], check=True)
    with wave.open(audio) as w:
        frames, rate = w.getnframes(), w.getframerate()
    seconds = frames / rate
    print()
    print("| video of twinkle.xylo | pictures | audio s | maker | wall s | CPU s | peak MB "
          "| x realtime | / FFmpeg, median (min–max) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for width, height, fps in VIDEO_CASES:
        pictures = -(-frames * fps // rate)  # the pictures that cover the audio, rounded up
        ours = os.path.join(work, "video.mp4")
        floor = os.path.join(work, "floor.mp4")
        floor_command = [
            "ffmpeg", "-nostdin", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", f"color=c=black:s={width}x{height}:r={fps}", "-i", audio,
            "-frames:v", str(pictures), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
            "-threads:v", "4", "-g", str(2 * fps), "-x264-params", X264_PARAMETERS,
            "-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709",
            "-colorspace", "bt709", "-color_range", "tv", "-flags:v", "+bitexact",
            "-c:a", "aac", "-b:a", "256k", "-threads:a", "1", "-flags:a", "+bitexact",
            "-fflags", "+bitexact", "-movflags", "+faststart", floor]
        command = [binary, "video", score, "-o", ours, "--size", f"{width}x{height}",
                   "--fps", str(fps), "--quiet"]
        subprocess.run(command, check=True)  # once to warm the caches
        results = measure_interleaved([(floor_command, floor), (command, ours)], runs)
        for label, result in zip(["FFmpeg floor: black pictures", "**xylo-render**"], results):
            wall, cpu, peak = summary(result)
            print(f"| {width}x{height} {fps} fps | {pictures} | {seconds:.1f} | {label} "
                  f"| {wall:.2f} | {cpu:.2f} | {peak:.0f} | {seconds / wall:.1f} "
                  f"| {ratio_text(result, results[0])} |")
