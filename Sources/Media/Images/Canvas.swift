import Foundation

/// A small raster canvas for drawing demo pictures in code, so a new install shows illustrated
/// content without shipping image files. Shapes are given in units of a 100 × 100 square and
/// drawn at twice the output size, then averaged down, which smooths their edges.
public struct Canvas {
    public struct Color: Sendable, Equatable {
        public let r: UInt8, g: UInt8, b: UInt8

        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }

        /// `0xRRGGBB`.
        public init(hex: UInt32) {
            self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
        }

        /// This colour mixed towards white (positive) or black (negative) by `amount` in -1...1.
        public func shaded(_ amount: Double) -> Color {
            let amount = min(max(amount, -1), 1)
            func mix(_ channel: UInt8) -> UInt8 {
                let value = Double(channel)
                return UInt8((amount >= 0 ? value + (255 - value) * amount : value * (1 + amount)).rounded())
            }
            return Color(mix(r), mix(g), mix(b))
        }
    }

    /// The output's width and height in pixels.
    public let size: Int
    private let drawn: Int
    private var pixels: [UInt8]

    public init(size: Int, background: Color) {
        self.size = max(size, 1)
        drawn = self.size * 2
        pixels = [UInt8](repeating: 0, count: drawn * drawn * 3)
        rect(x: 0, y: 0, width: 100, height: 100, background)
    }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, _ color: Color) {
        fillRows(from: y, to: y + height, color) { _ in [(x, x + width)] }
    }

    public mutating func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: Color) {
        let radius = min(radius, width / 2, height / 2)
        fillRows(from: y, to: y + height, color) { row in
            let dy = max(y + radius - row, row - (y + height - radius), 0)
            let inset = radius - (max(radius * radius - dy * dy, 0)).squareRoot()
            return [(x + inset, x + width - inset)]
        }
    }

    public mutating func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, _ color: Color) {
        guard rx > 0, ry > 0 else { return }
        fillRows(from: cy - ry, to: cy + ry, color) { row in
            let t = (row - cy) / ry
            let half = rx * (max(1 - t * t, 0)).squareRoot()
            return [(cx - half, cx + half)]
        }
    }

    /// Any simple polygon, filled by the even-odd rule.
    public mutating func polygon(_ points: [(Double, Double)], _ color: Color) {
        guard points.count >= 3, let top = points.map(\.1).min(), let bottom = points.map(\.1).max() else { return }
        fillRows(from: top, to: bottom, color) { row in
            var crossings: [Double] = []
            for (index, start) in points.enumerated() {
                let end = points[(index + 1) % points.count]
                guard (start.1 <= row && end.1 > row) || (end.1 <= row && start.1 > row) else { continue }
                crossings.append(start.0 + (row - start.1) / (end.1 - start.1) * (end.0 - start.0))
            }
            crossings.sort()
            return stride(from: 0, to: crossings.count - 1, by: 2).map { (crossings[$0], crossings[$0 + 1]) }
        }
    }

    /// A straight stroke `width` units thick between two points.
    public mutating func line(from start: (Double, Double), to end: (Double, Double), width: Double, _ color: Color) {
        let (dx, dy) = (end.0 - start.0, end.1 - start.1)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let (nx, ny) = (-dy / length * width / 2, dx / length * width / 2)
        polygon([(start.0 + nx, start.1 + ny), (end.0 + nx, end.1 + ny), (end.0 - nx, end.1 - ny), (start.0 - nx, start.1 - ny)], color)
    }

    /// The picture as a JPEG.
    public func jpeg() throws -> Data {
        try ImagePipeline.jpeg(rgb: rgb(), width: size, height: size)
    }

    /// The picture's RGB bytes, row by row, each pixel the mean of the four drawn under it.
    public func rgb() -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size * size * 3)
        pixels.withUnsafeBufferPointer { drawn in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<size {
                    for x in 0..<size {
                        for channel in 0..<3 {
                            let a = ((2 * y) * self.drawn + 2 * x) * 3 + channel, b = a + self.drawn * 3
                            let sum = Int(drawn[a]) + Int(drawn[a + 3]) + Int(drawn[b]) + Int(drawn[b + 3])
                            out[(y * size + x) * 3 + channel] = UInt8(sum / 4)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Fills, on each drawn row between `top` and `bottom` (units), the spans `spans` gives for
    /// that row's centre. Everything is clamped to the canvas, so no shape can write outside it.
    private mutating func fillRows(from top: Double, to bottom: Double, _ color: Color, spans: (Double) -> [(Double, Double)]) {
        let scale = Double(drawn) / 100
        let width = drawn
        // Clamped before converting: `Int(_:)` of a Double outside Int's range traps.
        func index(_ units: Double) -> Int { units.isNaN ? 0 : Int(min(max((units * scale).rounded(), 0), Double(width))) }
        let first = index(top), last = index(bottom)
        guard first < last else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in first..<last {
                for (left, right) in spans((Double(row) + 0.5) / scale) {
                    let from = index(left), to = index(right)
                    guard from < to else { continue }
                    for x in from..<to {
                        let offset = (row * width + x) * 3
                        buffer[offset] = color.r
                        buffer[offset + 1] = color.g
                        buffer[offset + 2] = color.b
                    }
                }
            }
        }
    }
}
