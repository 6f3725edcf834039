import NIOCore
import NIOPosix
import Vapor

/// The threads bcrypt runs on, apart from the application's pool: SQLite queries and file I/O run
/// on that one, and with hashes in its queue every page waited behind a burst of logins (bench:
/// the lesson page fell to a twentieth of its speed). One core is always left to everything else.
public enum HashingThreadPool {
    public static let threads = max(1, System.coreCount - 1)

    public static func start(on app: Application) -> NIOThreadPool {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        app.lifecycle.use(Shutdown(pool: pool))
        return pool
    }

    struct Shutdown: LifecycleHandler {
        let pool: NIOThreadPool

        func shutdownAsync(_ application: Application) async {
            try? await pool.shutdownGracefully()
        }
    }
}
