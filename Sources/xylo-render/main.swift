import Foundation

exit(XyloRender.run(Array(CommandLine.arguments.dropFirst())).rawValue)
