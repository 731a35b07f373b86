import Foundation

/// What GTK is told before it starts, for how the map is drawn.
public enum RenderingEnvironment {
    /// When `GSK_RENDERER=cairo` asks GTK to draw without OpenGL, also tells GDK not to set up
    /// OpenGL (`GDK_DEBUG=gl-disable`): otherwise opening an X11 display loads Mesa only to
    /// pick a visual — about 49 MB resident under a software display (llvmpipe), which the
    /// cairo renderer never uses. Call it before GTK starts (before the application runs);
    /// it changes nothing when another renderer is asked for or none is.
    public static func prepare() {
        guard let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"], renderer == "cairo" else { return }
        let debug = ProcessInfo.processInfo.environment["GDK_DEBUG"] ?? ""
        let flags = debug.split(whereSeparator: { $0 == "," || $0 == ":" || $0 == " " }).map(String.init)
        guard !flags.contains("gl-disable") else { return }
        setenv("GDK_DEBUG", (flags + ["gl-disable"]).joined(separator: ","), 1)
    }
}
