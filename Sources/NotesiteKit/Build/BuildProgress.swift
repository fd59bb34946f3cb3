import Foundation

/// How far a long run has got: `done` of `total` notes through `stage`.
public struct BuildProgress: Sendable {
    public enum Stage: String, Sendable {
        case parsing = "Parsing"
        case rendering = "Rendering"
        /// Parsing notes and rendering their pages in one pass (a build or check that runs once).
        case building = "Building"
    }

    public var stage: Stage
    public var done: Int
    public var total: Int
}

/// Each stage's wall time, for `--verbose`.
struct StageClock {
    private let start = DispatchTime.now()
    private var stageStart = DispatchTime.now()
    private(set) var stages: [StageTime] = []

    /// Ends the stage running since the last lap, named `name`.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now()
        stages.append(StageTime(name: name, seconds: Double(now.uptimeNanoseconds - stageStart.uptimeNanoseconds) / 1e9))
        stageStart = now
    }

    /// Seconds since the clock was made.
    var seconds: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
