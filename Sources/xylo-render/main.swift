import Platform

exit(XyloRender.run(Array(CommandLine.arguments.dropFirst())).rawValue)
