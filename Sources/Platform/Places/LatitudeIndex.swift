import Foundation

/// Points sorted by latitude, to find the one nearest another point without measuring them all:
/// the walk goes outwards from the point's latitude and stops once the latitude alone puts every
/// point left farther than the best found (a great-circle distance is never shorter than the
/// meridian arc between the two latitudes). Over Korea's 동 centres that measures a few dozen.
struct LatitudeIndex: Sendable {
    private let points: [GeoPoint]
    /// Indices into `points`, southmost first.
    private let order: [Int]
    /// `points[order[i]].lat`, for the binary search.
    private let latitudes: [Double]

    /// Metres along a meridian per degree of latitude.
    private static let metresPerDegree = GeoPoint.earthRadius * .pi / 180

    init(_ points: [GeoPoint]) {
        self.points = points
        order = points.indices.sorted { (points[$0].lat, $0) < (points[$1].lat, $1) }
        latitudes = order.map { points[$0].lat }
    }

    /// The index of the point nearest `target` no farther than `limit` metres, and its distance;
    /// among equally near points the first. Nil when none is that near.
    func nearest(to target: GeoPoint, within limit: Double) -> (index: Int, distance: Double)? {
        var up = firstPosition(atOrNorthOf: target.lat)
        var down = up - 1
        var best: (index: Int, distance: Double)?
        while down >= 0 || up < latitudes.count {
            let gapUp = up < latitudes.count ? latitudes[up] - target.lat : .infinity
            let gapDown = down >= 0 ? target.lat - latitudes[down] : .infinity
            let goingUp = gapUp <= gapDown
            if min(gapUp, gapDown) * Self.metresPerDegree > (best?.distance ?? limit) { break }
            let index = order[goingUp ? up : down]
            if goingUp { up += 1 } else { down -= 1 }
            let distance = target.distance(to: points[index])
            guard distance <= limit else { continue }
            if let found = best, (found.distance, found.index) <= (distance, index) { continue }
            best = (index, distance)
        }
        return best
    }

    /// The first position in `latitudes` not south of `latitude` (the count when all are).
    private func firstPosition(atOrNorthOf latitude: Double) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = low + (high - low) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Neighbourhoods {
    /// The 동 whose centre is nearest `point`, and how far that centre is in metres; nil when no
    /// centre is within `limit` metres (a point out at sea or abroad is in no 동). What names a
    /// place a person was found at without showing where exactly.
    public func nearest(to point: GeoPoint, within limit: Double = .infinity) -> (place: Place, distance: Double)? {
        byLatitude.nearest(to: point, within: limit).map { (place: places[$0.index], distance: $0.distance) }
    }
}
