import Foundation
import Media
import Platform
import Testing

@Suite struct CanvasTests {
    static let cream = Canvas.Color(hex: 0xF3E9DC), red = Canvas.Color(hex: 0xC8553D)

    func color(_ canvas: Canvas, x: Int, y: Int) -> Canvas.Color {
        let pixels = canvas.rgb(), offset = (y * canvas.size + x) * 3
        return Canvas.Color(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    @Test func shapesCoverTheirAreaInUnitsOfAHundredAndNothingElse() {
        var canvas = Canvas(size: 100, background: Self.cream)
        canvas.rect(x: 10, y: 10, width: 20, height: 20, Self.red)
        canvas.ellipse(cx: 70, cy: 70, rx: 10, ry: 10, Self.red)
        canvas.polygon([(50, 5), (60, 25), (40, 25)], Self.red)
        #expect(color(canvas, x: 20, y: 20) == Self.red && color(canvas, x: 9, y: 20) == Self.cream && color(canvas, x: 30, y: 20) == Self.cream)
        #expect(color(canvas, x: 70, y: 70) == Self.red && color(canvas, x: 70, y: 62) == Self.red && color(canvas, x: 62, y: 62) == Self.cream,
                "an ellipse leaves its bounding box's corners")
        #expect(color(canvas, x: 50, y: 20) == Self.red && color(canvas, x: 42, y: 8) == Self.cream)
    }

    @Test func edgesAreSmoothedByDrawingAtTwiceTheSize() {
        var canvas = Canvas(size: 10, background: Canvas.Color(0, 0, 0))
        canvas.rect(x: 0, y: 0, width: 15, height: 100, Canvas.Color(200, 200, 200))
        #expect(color(canvas, x: 0, y: 5) == Canvas.Color(200, 200, 200))
        #expect(color(canvas, x: 1, y: 5) == Canvas.Color(100, 100, 100), "a pixel half covered is half way")
    }

    @Test func shapesOffTheCanvasOrAtAbsurdPlacesDrawNothingAndNeverTrap() throws {
        var canvas = Canvas(size: 20, background: Self.cream)
        canvas.rect(x: -1e300, y: .nan, width: .infinity, height: 1e300, Self.red)
        canvas.ellipse(cx: .infinity, cy: -.infinity, rx: 1e308, ry: .nan, Self.red)
        canvas.polygon([(.nan, 0), (1e308, -1e308), (0, .infinity)], Self.red)
        let jpeg = try canvas.jpeg()
        #expect(ImagePipelineTests.dimensions(of: jpeg).map { [$0.width, $0.height] } == [20, 20])

        var untouched = Canvas(size: 20, background: Self.cream)
        untouched.rect(x: 200, y: 200, width: 10, height: 10, Self.red)
        untouched.ellipse(cx: -50, cy: 50, rx: 10, ry: 10, Self.red)
        untouched.line(from: (10, 10), to: (10, 10), width: 5, Self.red)
        #expect(untouched.rgb() == Canvas(size: 20, background: Self.cream).rgb(), "shapes outside the square, or of no length, draw nothing")
    }

    @Test func shadingMixesTowardsWhiteOrBlack() {
        #expect(Canvas.Color(100, 0, 200).shaded(0.5) == Canvas.Color(178, 128, 228))
        #expect(Canvas.Color(100, 0, 200).shaded(-0.5) == Canvas.Color(50, 0, 100))
        #expect(Canvas.Color(100, 0, 200).shaded(7) == Canvas.Color(255, 255, 255))
    }
}
