import Foundation

/// Photos for demo content, drawn rather than shipped: a soft two-colour gradient from the seed with
/// a lighter disc in the middle, so every demo item looks different without bundling image files.
public enum DemoPhoto {
    /// A 480 × 480 JPEG.
    public static func jpeg(seed: Int) throws -> Data {
        let size = 480
        let hue = Double(seed * 47 % 360) / 360
        let (r1, g1, b1) = rgb(hue: hue, lightness: 0.55)
        let (r2, g2, b2) = rgb(hue: (hue + 0.12).truncatingRemainder(dividingBy: 1), lightness: 0.35)
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        let centre = Double(size) / 2, radius = Double(size) * 0.28
        for y in 0..<size {
            for x in 0..<size {
                let t = Double(x + y) / Double(2 * size)
                var pixel = (r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t)
                let distance = ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre)).squareRoot()
                if distance < radius { pixel = (pixel.0 * 0.4 + 0.6, pixel.1 * 0.4 + 0.6, pixel.2 * 0.4 + 0.6) }
                let offset = (y * size + x) * 3
                pixels[offset] = UInt8(pixel.0 * 255)
                pixels[offset + 1] = UInt8(pixel.1 * 255)
                pixels[offset + 2] = UInt8(pixel.2 * 255)
            }
        }
        return try ImagePipeline.jpeg(rgb: pixels, width: size, height: size)
    }

    private static func rgb(hue: Double, lightness: Double) -> (Double, Double, Double) {
        let saturation = 0.55
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let h = hue * 6
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = lightness - c / 2
        return (r + m, g + m, b + m)
    }
}
