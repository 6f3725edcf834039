import NIOCore
import NIOPosix
import Vapor

/// The threads bcrypt runs on, apart from the application's pool: SQLite queries and file I/O run
/// on that one, and with hashes in its queue every page waited behind a burst of logins (bench:
/// the lesson page fell to a twentieth of its speed). There is one per core, each at a lower
/// scheduling priority (`yieldToRequests`): logins use every core the requests leave idle, and a
/// core the requests want goes to them.
public enum HashingThreadPool {
    public static let threads = System.coreCount

    /// The niceness of a hashing thread. At 15 the kernel weighs it about a thirtieth of a request
    /// thread: logins running flat out keep progressing beside a busy server (about 6 a second in
    /// the bench) and leave its pages 0.8 of their speed; at 10 they left 0.69 (bench/RESULTS.md).
    public static let niceness: Int32 = 15

    /// Lowers the calling thread's priority to `niceness`. On Linux a nice value belongs to a
    /// thread, and `PRIO_PROCESS` with id 0 names the calling one; raising a nice value needs no
    /// privilege. Called at the start of every job, which costs one system call next to a hash.
    static func yieldToRequests() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #else
        _ = setpriority(PRIO_PROCESS, 0, niceness)
        #endif
    }

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
