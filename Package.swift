// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sprout",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "sprout", targets: ["sprout"]),
        .library(name: "SproutAPI", targets: ["SproutAPI"]),
        .library(name: "SproutKit", targets: ["SproutKit"]),
        .library(name: "SproutFeatures", targets: ["SproutFeatures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/jwt.git", from: "5.2.0"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // Wire types of every contract, Foundation only: the server encodes them, SproutKit decodes them.
        .target(name: "SproutAPI"),

        // libvips, from Debian's libvips-dev, and the small C surface Sprout calls it through.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "SproutImaging", dependencies: ["CVips"]),

        // Accounts, tokens, API keys, files, rate limits, config, database, web shell pieces.
        .target(
            name: "Platform",
            dependencies: [
                "SproutAPI",
                "SproutImaging",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "JWT", package: "jwt"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Web/Assets"), .copy("Places/Data")]
        ),

        // All For Lesson: the LSLP contract under /v1 and its pages.
        .target(name: "Lessons", dependencies: ["Platform", "SproutAPI"], resources: [.copy("Assets")]),

        // SeSAC Study: phone sign-in, the queue and chat under /v1/user, /v1/queue, /v1/chat.
        .target(name: "Study", dependencies: ["Platform", "SproutAPI"], resources: [.copy("Assets")]),

        // Dotori Market: the open-market contract, vendors, product images, likes, and its pages.
        .target(name: "Market", dependencies: ["Platform", "SproutAPI"], resources: [.copy("Assets")]),

        // ReadingHaracoon: the library, the server-held reading timer and statistics under /api/reading.
        .target(name: "Reading", dependencies: ["Platform", "SproutAPI", .product(name: "CSV", package: "CSV.swift")], resources: [.copy("Assets"), .copy("Seed")]),

        // The operator console at /admin: reports in context, moderation actions, the audit log.
        .target(name: "Console", dependencies: [
            "Platform", "SproutAPI",
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "FluentSQL", package: "fluent-kit"),
            .product(name: "Plot", package: "Plot"),
        ], resources: [.copy("Assets")]),

        // Assembles the application from the platform, the app modules and the console.
        .target(name: "SproutServer", dependencies: [
            "Platform", "Lessons", "Study", "Market", "Reading", "Console",
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
        ]),

        .executableTarget(name: "sprout", dependencies: ["SproutServer", "Platform"]),

        // The bench's framework ceiling: Vapor with nothing of Sprout's on it (bench/run.sh, bench/study_sockets.sh).
        .executableTarget(name: "bare-vapor", dependencies: [.product(name: "Vapor", package: "vapor")], path: "bench/BareVapor"),

        // Client SDK: Foundation and URLSession only.
        .target(name: "SproutKit", dependencies: ["SproutAPI"]),

        // Platform-neutral app logic: a view model per screen, inputs in, observable outputs out.
        .target(name: "SproutFeatures", dependencies: ["SproutKit", "SproutAPI"]),

        .target(
            name: "SproutTestSupport",
            dependencies: [
                "SproutServer",
                "Platform",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
            ],
            path: "Tests/SproutTestSupport"
        ),
        .testTarget(
            name: "PlatformTests",
            dependencies: [
                "Platform", "SproutTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "Plot", package: "Plot"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "XCTFluent", package: "fluent-kit"),
            ]
        ),
        .testTarget(name: "LessonsTests", dependencies: ["Lessons", "Platform", "SproutAPI", "SproutTestSupport"]),
        .testTarget(name: "StudyTests", dependencies: ["Study", "Platform", "SproutAPI", "SproutTestSupport"]),
        .testTarget(name: "MarketTests", dependencies: ["Market", "Platform", "SproutAPI", "SproutTestSupport"]),
        .testTarget(
            name: "ReadingTests",
            dependencies: ["Reading", "Platform", "SproutAPI", "SproutTestSupport", .product(name: "CSV", package: "CSV.swift"), .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SproutServerTests",
            dependencies: ["SproutServer", "Platform", "SproutAPI", "SproutTestSupport", .product(name: "OpenAPIKit", package: "OpenAPIKit")]
        ),
        // The SDK and the view models alone: no Vapor, no libvips.
        .testTarget(name: "SproutKitTests", dependencies: ["SproutKit", "SproutAPI"]),
        .testTarget(name: "SproutFeaturesTests", dependencies: ["SproutFeatures", "SproutKit", "SproutAPI"]),
        // The SDK and the view models against the real server over real sockets.
        .testTarget(name: "SproutLiveTests", dependencies: ["SproutFeatures", "SproutKit", "SproutAPI", "Platform", "SproutTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
