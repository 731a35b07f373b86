import CalloutMapCore
import Foundation

/// `--log-events`: one JSON object per line on standard output, written at
/// once so scripts and tests can follow the app as it runs.
struct EventLog {
    let enabled: Bool

    func emit(_ fields: [String: Any]) {
        guard enabled, JSONSerialization.isValidJSONObject(fields),
              var data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }

    static func rect(_ r: Rect) -> [String: Any] {
        ["x": r.minX, "y": r.minY, "width": r.width, "height": r.height]
    }

    static func coordinate(_ c: Coordinate) -> [String: Any] {
        ["lat": c.latitude, "lon": c.longitude]
    }
}
