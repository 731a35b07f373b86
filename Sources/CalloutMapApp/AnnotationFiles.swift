import CalloutMapCore
import Foundation

/// The files the app shows — GeoJSON, GPX or KML: the demo set (unless `--no-demo`) and every `--data` file.
enum AnnotationFiles {
    static func urls(options: Options, dataDirectory: URL) -> [URL] {
        var urls: [URL] = []
        if options.demo {
            urls += ["san-francisco", "bay-area-places", "helsinki"].map {
                dataDirectory.appendingPathComponent("demo/\($0).geojson")
            }
        }
        urls += options.dataFiles.map { URL(fileURLWithPath: $0) }
        return urls
    }

    /// Loads each file, stopping one whose cancellation is set; problems are reported on standard
    /// error (and returned for the window to show). `progress` (on the calling thread) counts
    /// features across all the files.
    static func load(_ files: [(url: URL, cancellation: Cancellation?)], options: GeoJSONLoader.Options,
                     progress: GeoJSONLoader.Progress? = nil) -> [LoadedPlaces] {
        var results: [LoadedPlaces] = []
        var before = 0
        for (n, file) in files.enumerated() {
            let result = PlaceFileLoader.load(contentsOf: file.url, options: options, cancellation: file.cancellation) { [before] count, fraction in
                progress?(before + count, (Double(n) + fraction) / Double(files.count))
            }
            before += result.annotations.count + result.problems.count
            for p in result.problems {
                FileHandle.standardError.write(Data("calloutmap: \(p)\n".utf8))
            }
            results.append(result)
        }
        return results
    }

    static func load(_ urls: [URL], options: GeoJSONLoader.Options) -> [LoadedPlaces] {
        load(urls.map { ($0, nil) }, options: options)
    }
}
