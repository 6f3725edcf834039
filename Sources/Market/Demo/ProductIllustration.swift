import Foundation
import Media
import Platform

/// The demo market's product photos: a flat illustration of the product's category, drawn at
/// seed time, so a newcomer's first look is a market of things rather than of colour swatches.
/// `variant` turns the object and changes its colours, as a listing's second and third photos would.
enum ProductIllustration {
    /// Pastel backgrounds and strong object colours that read well together.
    static let backgrounds: [UInt32] = [0xF3E9DC, 0xE3F0E8, 0xE6ECF5, 0xF6E4E6, 0xF1EEDC, 0xE9E4F2]
    static let colors: [UInt32] = [0xC8553D, 0x2E6F95, 0x3C8D5A, 0xE0A23B, 0x7A5C99, 0x5B4636, 0xD46A8C, 0x35858B]

    static func jpeg(_ category: ProductCategory, seed: Int, variant: Int) throws -> Data {
        let pick = abs(seed &* 31 &+ variant &* 17)
        let background = Canvas.Color(hex: backgrounds[pick % backgrounds.count])
        var canvas = Canvas(size: 480, background: background)
        let main = Canvas.Color(hex: colors[pick % colors.count])
        // A soft floor shadow under every object.
        canvas.ellipse(cx: 50, cy: 84, rx: 30, ry: 5, background.shaded(-0.12))
        // Later photos step the object sideways and shrink it a little: another angle.
        let shift = Double(variant % 3) * 4 - 4
        let colours = (main: main, accent: main.shaded(0.55), dark: main.shaded(-0.45))
        if category == .living, seed % 3 != 0 {
            // Home goods are most of any market: a plant or a lamp between the mugs.
            seed % 3 == 1 ? drawPlant(on: &canvas, pot: colours.main, shift: shift) : drawLamp(on: &canvas, shade: colours.main, dark: colours.dark, shift: shift)
        } else {
            draw(category, on: &canvas, background: background, main: colours.main, accent: colours.accent, dark: colours.dark, shift: shift)
        }
        return try canvas.jpeg()
    }

    private static func draw(_ category: ProductCategory, on canvas: inout Canvas, background: Canvas.Color, main: Canvas.Color, accent: Canvas.Color, dark: Canvas.Color, shift x: Double) {
        let white = Canvas.Color(hex: 0xFAFAF7)
        switch category {
        case .digital:
            canvas.roundedRect(x: 28 + x, y: 18, width: 44, height: 66, radius: 6, dark)
            canvas.roundedRect(x: 31 + x, y: 22, width: 38, height: 54, radius: 2, accent)
            canvas.ellipse(cx: 50 + x, cy: 80, rx: 2, ry: 2, main)
            canvas.rect(x: 36 + x, y: 30, width: 28, height: 4, white)
            canvas.rect(x: 36 + x, y: 38, width: 18, height: 4, white)
        case .furniture:
            canvas.rect(x: 32 + x, y: 22, width: 6, height: 62, dark)
            canvas.roundedRect(x: 32 + x, y: 20, width: 36, height: 26, radius: 3, main)
            canvas.roundedRect(x: 28 + x, y: 52, width: 44, height: 9, radius: 3, main.shaded(0.15))
            canvas.rect(x: 31 + x, y: 61, width: 5, height: 23, dark)
            canvas.rect(x: 64 + x, y: 61, width: 5, height: 23, dark)
        case .living:
            canvas.ellipse(cx: 67 + x, cy: 54, rx: 11, ry: 13, main)
            canvas.ellipse(cx: 67 + x, cy: 54, rx: 6, ry: 8, background)
            canvas.roundedRect(x: 30 + x, y: 34, width: 38, height: 48, radius: 6, main)
            canvas.ellipse(cx: 49 + x, cy: 35, rx: 19, ry: 4, main.shaded(-0.25))
            canvas.rect(x: 30 + x, y: 52, width: 38, height: 6, accent)
            canvas.line(from: (44 + x, 28), to: (46 + x, 16), width: 2, white)
            canvas.line(from: (53 + x, 28), to: (55 + x, 14), width: 2, white)
        case .clothing:
            canvas.polygon([(36 + x, 20), (44 + x, 18), (50 + x, 24), (56 + x, 18), (64 + x, 20), (80 + x, 34), (72 + x, 44),
                            (66 + x, 39), (66 + x, 82), (34 + x, 82), (34 + x, 39), (28 + x, 44), (20 + x, 34)], main)
            canvas.polygon([(44 + x, 18), (50 + x, 24), (56 + x, 18), (53 + x, 17), (50 + x, 20), (47 + x, 17)], dark)
            canvas.rect(x: 34 + x, y: 60, width: 32, height: 5, accent)
        case .books:
            for (index, tone) in [main, dark, accent.shaded(-0.2)].enumerated() {
                let y = 66 - Double(index) * 15, skew = Double(index % 2) * 5 - 2
                canvas.roundedRect(x: 24 + x + skew, y: y, width: 52, height: 14, radius: 2, tone)
                canvas.rect(x: 70 + x + skew, y: y + 2, width: 4, height: 10, white)
                canvas.rect(x: 30 + x + skew, y: y + 5, width: 24, height: 3, tone.shaded(0.45))
            }
        case .hobby:
            canvas.roundedRect(x: 20 + x, y: 40, width: 60, height: 30, radius: 14, main)
            canvas.ellipse(cx: 28 + x, cy: 66, rx: 10, ry: 12, main)
            canvas.ellipse(cx: 72 + x, cy: 66, rx: 10, ry: 12, main)
            canvas.rect(x: 29 + x, y: 50, width: 12, height: 4, white)
            canvas.rect(x: 33 + x, y: 46, width: 4, height: 12, white)
            canvas.ellipse(cx: 64 + x, cy: 49, rx: 3, ry: 3, accent)
            canvas.ellipse(cx: 71 + x, cy: 55, rx: 3, ry: 3, dark)
        case .sports:
            canvas.ellipse(cx: 50 + x, cy: 52, rx: 28, ry: 28, white)
            canvas.polygon([(50 + x, 42), (59 + x, 49), (56 + x, 60), (44 + x, 60), (41 + x, 49)], dark)
            for (px, py) in [(50.0, 26.0), (75.0, 45.0), (66.0, 74.0), (34.0, 74.0), (25.0, 45.0)] {
                canvas.line(from: (50 + x + (px - 50) * 0.35, 52 + (py - 52) * 0.35), to: (px + x, py), width: 1.5, dark)
            }
            canvas.ellipse(cx: 50 + x, cy: 24, rx: 6, ry: 2.5, dark.shaded(0.3))
        case .beauty:
            canvas.roundedRect(x: 36 + x, y: 34, width: 28, height: 50, radius: 6, main)
            canvas.rect(x: 44 + x, y: 24, width: 12, height: 11, dark)
            canvas.rect(x: 47 + x, y: 16, width: 6, height: 9, dark.shaded(0.2))
            canvas.roundedRect(x: 40 + x, y: 50, width: 20, height: 18, radius: 2, white)
            canvas.rect(x: 43 + x, y: 56, width: 14, height: 2, main)
            canvas.rect(x: 43 + x, y: 61, width: 10, height: 2, main)
        case .kids:
            canvas.ellipse(cx: 33 + x, cy: 32, rx: 9, ry: 9, main)
            canvas.ellipse(cx: 67 + x, cy: 32, rx: 9, ry: 9, main)
            canvas.ellipse(cx: 50 + x, cy: 52, rx: 25, ry: 24, main)
            canvas.ellipse(cx: 33 + x, cy: 32, rx: 4, ry: 4, accent)
            canvas.ellipse(cx: 67 + x, cy: 32, rx: 4, ry: 4, accent)
            canvas.ellipse(cx: 50 + x, cy: 62, rx: 10, ry: 8, accent)
            canvas.ellipse(cx: 41 + x, cy: 47, rx: 2.5, ry: 3, dark)
            canvas.ellipse(cx: 59 + x, cy: 47, rx: 2.5, ry: 3, dark)
            canvas.ellipse(cx: 50 + x, cy: 59, rx: 3, ry: 2, dark)
        case .other:
            canvas.rect(x: 26 + x, y: 42, width: 48, height: 40, main)
            canvas.rect(x: 22 + x, y: 34, width: 56, height: 10, main.shaded(0.15))
            canvas.rect(x: 46 + x, y: 34, width: 8, height: 48, accent)
            canvas.ellipse(cx: 42 + x, cy: 29, rx: 8, ry: 5, accent)
            canvas.ellipse(cx: 58 + x, cy: 29, rx: 8, ry: 5, accent)
            canvas.ellipse(cx: 50 + x, cy: 31, rx: 3, ry: 3, dark)
        }
    }

    private static func drawPlant(on canvas: inout Canvas, pot: Canvas.Color, shift x: Double) {
        let leaf = Canvas.Color(hex: 0x3C8D5A), vein = Canvas.Color(hex: 0x2D6B44)
        canvas.polygon([(50 + x, 52), (30 + x, 30), (36 + x, 20), (50 + x, 40)], leaf)
        canvas.polygon([(50 + x, 52), (70 + x, 28), (64 + x, 18), (50 + x, 38)], leaf.shaded(0.15))
        canvas.polygon([(50 + x, 54), (46 + x, 22), (50 + x, 12), (54 + x, 22)], vein)
        canvas.polygon([(34 + x, 52), (66 + x, 52), (61 + x, 84), (39 + x, 84)], pot)
        canvas.rect(x: 32 + x, y: 50, width: 36, height: 7, pot.shaded(-0.2))
    }

    private static func drawLamp(on canvas: inout Canvas, shade: Canvas.Color, dark: Canvas.Color, shift x: Double) {
        canvas.polygon([(38 + x, 18), (62 + x, 18), (72 + x, 44), (28 + x, 44)], shade)
        canvas.ellipse(cx: 50 + x, cy: 46, rx: 10, ry: 3, Canvas.Color(hex: 0xFFF3C4))
        canvas.rect(x: 48 + x, y: 44, width: 4, height: 34, dark)
        canvas.roundedRect(x: 36 + x, y: 76, width: 28, height: 8, radius: 3, dark)
    }
}
