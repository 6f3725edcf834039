// swift-tools-version:6.0
// Hummingbird with nothing on it, for bench/frameworks.sh only: its own package, so Sprout's
// build and CI never fetch or compile it.
import PackageDescription

let package = Package(
    name: "bare-hummingbird",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1")],
    targets: [
        .executableTarget(name: "bare-hummingbird", dependencies: [.product(name: "Hummingbird", package: "hummingbird")]),
    ]
)
