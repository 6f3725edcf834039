import NIOCore
import NIOPosix
import Vapor

/// The threads bcrypt runs on, apart from the application's pool: SQLite queries and file I/O run
/// on that one, and with hashes in its queue every page waited behind a burst of logins (bench:
/// the lesson page fell to a twentieth of its speed). There is one per core, each yielding to
/// requests (`yieldToRequests`): logins use every core the requests leave idle, and a core the
/// requests want goes mostly to them.
public enum HashingThreadPool {
    public static let threads = System.coreCount

    /// The nice value of a hashing thread: the kernel gives it about a tenth of what a request
    /// thread competing for the same core gets, so requests keep the cores under a burst of
    /// logins, and a login still finishes within seconds on a machine busy with anything else.
    /// `SCHED_IDLE` left requests more (bench/RESULTS.md) but starved logins outright whenever any
    /// process kept every core busy: black-box servers beside a compile had every join time out
    /// after 15 seconds.
    public static let niceness: Int32 = 10

    /// Lowers the calling thread's priority; `PRIO_PROCESS` with id 0 names the calling thread on
    /// Linux, not the process. Called at the start of every job, one system call next to a hash.
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
