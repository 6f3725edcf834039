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
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // Wire types of every contract, Foundation only: the server encodes them, SproutKit decodes them.
        .target(name: "SproutAPI"),

        // libvips, from Debian's libvips-dev, and the small C surface Sprout calls it through.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "SproutImaging", dependencies: ["CVips"]),

        // What every capability stands on: the database and its read counters, HTTP plumbing,
        // metrics, the data directory and environment, clocks and ids.
        .target(
            name: "PlatformCore",
            dependencies: [
                "SproutAPI",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                // And for its C module, VaporCSQLite, which is no product: SQLiteHandle.swift alone calls
                // the SQLite copy SQLiteNIO links (two copies would break each other's locks).
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Uploaded files and photos: kept on disk or in an S3 bucket, images decoded, checked and
        // re-encoded through libvips.
        .target(
            name: "Media",
            dependencies: [
                "PlatformCore",
                "SproutAPI",
                "SproutImaging",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Routes registered with their OpenAPI operation, and the documents built from them and
        // from the wire types' schemas.
        .target(
            name: "OpenAPIDocuments",
            dependencies: [
                "PlatformCore",
                "SproutAPI",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ]
        ),

        // Accounts, tokens, API keys, messaging, places, the web shell: the capabilities the app
        // modules share.
        .target(
            name: "Platform",
            dependencies: [
                "PlatformCore",
                "Media",
                "OpenAPIDocuments",
                "SproutAPI",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "JWT", package: "jwt"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Web/Assets"), .copy("Places/Data")]
        ),

        // All For Lesson: the LSLP contract under /v1 and its pages.
        .target(name: "Lessons", dependencies: [
            "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "SproutAPI",
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "FluentSQL", package: "fluent-kit"),
            .product(name: "SQLKit", package: "sql-kit"), .product(name: "Plot", package: "Plot"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        ], resources: [.copy("Assets")]),

        // SeSAC Study: phone sign-in, the queue and chat under /v1/user, /v1/queue, /v1/chat.
        .target(name: "Study", dependencies: [
            "Platform", "PlatformCore", "OpenAPIDocuments", "SproutAPI",
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "SQLKit", package: "sql-kit"),
            .product(name: "Plot", package: "Plot"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Assets")]),

        // Dotori Market: the open-market contract, vendors, product images, likes, and its pages.
        .target(name: "Market", dependencies: [
            "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "SproutAPI",
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "FluentSQL", package: "fluent-kit"),
            .product(name: "SQLKit", package: "sql-kit"), .product(name: "Plot", package: "Plot"),
        ], resources: [.copy("Assets")]),

        // ReadingHaracoon: the library, the server-held reading timer and statistics under /api/reading.
        .target(name: "Reading", dependencies: [
            "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "SproutAPI", .product(name: "CSV", package: "CSV.swift"),
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "SQLKit", package: "sql-kit"),
            .product(name: "Plot", package: "Plot"),
        ], resources: [.copy("Assets"), .copy("Seed")]),

        // The operator console at /admin: reports in context, moderation actions, the audit log.
        .target(name: "Console", dependencies: [
            "Platform", "PlatformCore", "SproutAPI",
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "FluentSQL", package: "fluent-kit"),
            .product(name: "Plot", package: "Plot"),
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Assets")]),

        // Assembles the application from the platform, the app modules and the console.
        .target(name: "SproutServer", dependencies: [
            "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "Lessons", "Study", "Market", "Reading", "Console", "SproutAPI",
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Vapor", package: "vapor"), .product(name: "Fluent", package: "fluent"), .product(name: "Plot", package: "Plot"),
            .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
        ]),

        .executableTarget(name: "sprout", dependencies: [
            "SproutServer", "Platform", "PlatformCore",
            .product(name: "Vapor", package: "vapor"), .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        ]),

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
                "PlatformCore",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/SproutTestSupport"
        ),
        .testTarget(
            name: "PlatformTests",
            dependencies: [
                "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "SproutTestSupport", "SproutAPI",
                .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "Plot", package: "Plot"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "XCTFluent", package: "fluent-kit"),
                .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"), .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentKit", package: "fluent-kit"), .product(name: "FluentSQL", package: "fluent-kit"), .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .testTarget(name: "LessonsTests", dependencies: [
            "Lessons", "Platform", "PlatformCore", "Media", "SproutAPI", "SproutTestSupport",
            .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"), .product(name: "Fluent", package: "fluent"),
        ]),
        .testTarget(name: "StudyTests", dependencies: [
            "Study", "Platform", "PlatformCore", "SproutAPI", "SproutTestSupport",
            .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"), .product(name: "Fluent", package: "fluent"),
            .product(name: "FluentSQL", package: "fluent-kit"),
        ]),
        .testTarget(name: "MarketTests", dependencies: [
            "Market", "Platform", "PlatformCore", "Media", "SproutAPI", "SproutTestSupport",
            .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"), .product(name: "Fluent", package: "fluent"),
            .product(name: "FluentSQL", package: "fluent-kit"),
        ]),
        .testTarget(
            name: "ReadingTests",
            dependencies: [
                "Reading", "Platform", "PlatformCore", "Media", "OpenAPIDocuments", "SproutAPI", "SproutTestSupport", .product(name: "CSV", package: "CSV.swift"), .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"),
                .product(name: "FluentSQL", package: "fluent-kit"), .product(name: "SQLKit", package: "sql-kit"),
            ]
        ),
        .testTarget(
            name: "SproutServerTests",
            dependencies: [
                "SproutServer", "Platform", "PlatformCore", "OpenAPIDocuments", "SproutAPI", "SproutTestSupport", .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "Vapor", package: "vapor"), .product(name: "VaporTesting", package: "vapor"), .product(name: "Fluent", package: "fluent"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The SDK and the view models alone: no Vapor, no libvips.
        .testTarget(name: "SproutKitTests", dependencies: ["SproutKit", "SproutAPI"]),
        .testTarget(name: "SproutFeaturesTests", dependencies: ["SproutFeatures", "SproutKit", "SproutAPI"]),
        // The SDK and the view models against the real server over real sockets.
        .testTarget(name: "SproutLiveTests", dependencies: [
            "SproutFeatures", "SproutKit", "SproutAPI", "Platform", "PlatformCore", "SproutTestSupport",
            .product(name: "Vapor", package: "vapor"), .product(name: "SQLKit", package: "sql-kit"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
