import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

cm_return_large_blocks_to_the_system()
RenderingEnvironment.prepare()

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch is HelpRequested {
    print(Options.usage)
    exit(0)
} catch is VersionRequested {
    print("calloutmap \(CalloutMapApplication.version)")
    exit(0)
} catch let error as UsageError {
    FileHandle.standardError.write("calloutmap: \(error.message)\n\(Options.usage)\n".data(using: .utf8)!)
    exit(2)
}

let status = MainActor.assumeIsolated { () -> Int32 in
    guard let dataDirectory = DataDirectory.locate() else {
        let error = BasemapError(file: "data/basemap", reason: "not found; set CALLOUTMAP_DATA_DIR to the folder that holds it")
        FileHandle.standardError.write("calloutmap: \(error)\n".data(using: .utf8)!)
        return 1
    }
    Localization.setUp(dataDirectory: dataDirectory)
    switch options.command {
    case .render:
        let basemap: Basemap
        do {
            basemap = try Basemap(directory: dataDirectory.appendingPathComponent("basemap"))
        } catch {
            FileHandle.standardError.write("calloutmap: \(error)\n".data(using: .utf8)!)
            return 1
        }
        var o = options
        o.dataFiles += o.files  // render draws the named files' points like --data's
        return RenderCommand(options: o, basemap: basemap, annotationFiles: AnnotationFiles.urls(options: o, dataDirectory: dataDirectory)).run()
    case .window:
        return CalloutMapApplication(options: options, dataDirectory: dataDirectory).run()
    }
}
exit(status)
