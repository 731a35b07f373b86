import CalloutMapCore
import Foundation

/// The GeoJSON files the app shows: the demo set (unless `--no-demo`) and every `--data` file.
enum AnnotationFiles {
    static func urls(options: Options, dataDirectory: URL) -> [URL] {
        var urls: [URL] = []
        if options.demo {
            urls += ["san-francisco", "bay-area-places"].map {
                dataDirectory.appendingPathComponent("demo/\($0).geojson")
            }
        }
        urls += options.dataFiles.map { URL(fileURLWithPath: $0) }
        return urls
    }

    /// Loads every file; problems are reported on standard error (and returned for the window to show).
    /// `progress` (on the calling thread) counts features across all the files.
    static func load(_ urls: [URL], progress: GeoJSONLoader.Progress? = nil) -> (annotations: [PointAnnotation], problems: [GeoJSONProblem]) {
        var annotations: [PointAnnotation] = []
        var problems: [GeoJSONProblem] = []
        for (n, url) in urls.enumerated() {
            let before = annotations.count + problems.count
            let result = GeoJSONLoader.load(contentsOf: url) { count, fraction in
                progress?(before + count, (Double(n) + fraction) / Double(urls.count))
            }
            annotations += result.annotations
            problems += result.problems
        }
        for p in problems {
            FileHandle.standardError.write("calloutmap: \(p)\n".data(using: .utf8)!)
        }
        return (annotations, problems)
    }
}
