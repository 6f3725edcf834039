import CoreMetrics
import Prometheus

/// The process's one metrics registry. swift-metrics takes one backend per process, so the first
/// Sprout configured in a process bootstraps it and every later one (the tests build many) shares it.
enum MetricsRegistry {
    static let shared: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Most answers take about a millisecond; the library's default buckets start at 5 ms.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2), .seconds(5), .seconds(10),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }()
}
