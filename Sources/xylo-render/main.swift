import Platform

// An interrupted render leaves no temporary file behind.
TemporaryFiles.removeOnTerminatingSignals()
// Past a file-size limit (`ulimit -f`) a write fails with EFBIG and is reported, instead of
// SIGXFSZ killing the process before it can clean up; likewise a reader of `-o -` that goes
// away is a broken pipe to report, not SIGPIPE.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
exit(XyloRender.run(Array(CommandLine.arguments.dropFirst())).rawValue)
