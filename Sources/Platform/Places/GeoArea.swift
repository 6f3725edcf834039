import Foundation

/// A point on Earth, validated: latitudes in [-90, 90], longitudes in [-180, 180], both finite.
public struct GeoPoint: Sendable, Hashable {
    public let lat: Double
    public let long: Double

    public init?(lat: Double, long: Double) {
        guard lat.isFinite, long.isFinite, (-90...90).contains(lat), (-180...180).contains(long) else { return nil }
        self.lat = lat
        self.long = long
    }

    /// The mean radius, in metres.
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres (haversine, stable for short distances).
    public func distance(to other: GeoPoint) -> Double {
        let φ1 = lat * .pi / 180, φ2 = other.lat * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.long - long) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }
}

/// The latitude/longitude boxes that together cover every point within `radius` metres of a
/// centre: the box a spatial index can answer. One box usually; two when the circle crosses the
/// antimeridian; one full-longitude band when it reaches a pole. Callers keep only the points whose
/// true distance is within the radius.
public struct GeoBox: Sendable, Equatable {
    public let minLat: Double, maxLat: Double, minLong: Double, maxLong: Double

    public static func covering(_ centre: GeoPoint, radius: Double) -> [GeoBox] {
        let angular = radius / GeoPoint.earthRadius
        let latSpan = angular * 180 / .pi
        let minLat = centre.lat - latSpan, maxLat = centre.lat + latSpan
        if minLat <= -90 || maxLat >= 90 || angular >= .pi / 2 {
            return [GeoBox(minLat: max(minLat, -90), maxLat: min(maxLat, 90), minLong: -180, maxLong: 180)]
        }
        // The widest longitude a circle of this angular radius spans at this latitude (exact on a sphere).
        let ratio = sin(angular) / cos(centre.lat * .pi / 180)
        guard ratio < 1 else { return [GeoBox(minLat: minLat, maxLat: maxLat, minLong: -180, maxLong: 180)] }
        let longSpan = asin(ratio) * 180 / .pi
        let west = centre.long - longSpan, east = centre.long + longSpan
        if west < -180 {
            return [GeoBox(minLat: minLat, maxLat: maxLat, minLong: west + 360, maxLong: 180),
                    GeoBox(minLat: minLat, maxLat: maxLat, minLong: -180, maxLong: east)]
        }
        if east > 180 {
            return [GeoBox(minLat: minLat, maxLat: maxLat, minLong: west, maxLong: 180),
                    GeoBox(minLat: minLat, maxLat: maxLat, minLong: -180, maxLong: east - 360)]
        }
        return [GeoBox(minLat: minLat, maxLat: maxLat, minLong: west, maxLong: east)]
    }
}
