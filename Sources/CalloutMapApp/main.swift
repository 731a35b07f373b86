import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

cm_return_large_blocks_to_the_system()

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch is HelpRequested {
    print(Options.usage)
    exit(0)
} catch let error as UsageError {
    FileHandle.standardError.write("calloutmap: \(error.message)\n\(Options.usage)\n".data(using: .utf8)!)
    exit(2)
}

let status = MainActor.assumeIsolated { () -> Int32 in
    let basemap: Basemap
    let dataDirectory: URL
    do {
        guard let data = DataDirectory.locate() else {
            throw BasemapError(file: "data/basemap", reason: "not found; set CALLOUTMAP_DATA_DIR to the folder that holds it")
        }
        basemap = try Basemap(directory: data.appendingPathComponent("basemap"))
        dataDirectory = data
    } catch {
        FileHandle.standardError.write("calloutmap: \(error)\n".data(using: .utf8)!)
        return 1
    }
    let files = AnnotationFiles.urls(options: options, dataDirectory: dataDirectory)
    switch options.command {
    case .render:
        return RenderCommand(options: options, basemap: basemap, annotationFiles: files).run()
    case .window:
        return CalloutMapApplication(options: options, basemap: basemap, annotationFiles: files).run()
    }
}
exit(status)
