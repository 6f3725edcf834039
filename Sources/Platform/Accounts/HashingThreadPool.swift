import NIOCore
import NIOPosix
import Vapor

/// The threads bcrypt runs on, apart from the application's pool: SQLite queries and file I/O run
/// on that one, and with hashes in its queue every page waited behind a burst of logins (bench:
/// the lesson page fell to a twentieth of its speed). There is one per core, each yielding to
/// requests (`yieldToRequests`): logins use every core the requests leave idle, and a core the
/// requests want goes to them.
public enum HashingThreadPool {
    public static let threads = System.coreCount

    /// Linux's `SCHED_IDLE`, which `<sched.h>` declares only for `_GNU_SOURCE` and Swift's Glibc
    /// module therefore leaves out.
    static let idlePolicy: Int32 = 5

    /// Where `SCHED_IDLE` is missing, the nice value instead: the kernel then weighs a hashing
    /// thread about a seventieth of a request thread.
    public static let niceness: Int32 = 19

    /// Moves the calling thread to `SCHED_IDLE`: it runs only on a core no ordinary thread wants,
    /// and a request thread that wakes takes the core from it at once. Niced to 15 instead, a
    /// hashing thread still woke into a busy core's turn: logins flat out left the lesson page 0.72
    /// to 0.92 of its speed from run to run (bench/RESULTS.md). An unprivileged thread may make
    /// this move, and `PRIO_PROCESS` with id 0 names the calling thread on Linux, not the process.
    /// Called at the start of every job, one system call next to a hash.
    static func yieldToRequests() {
        #if os(Linux)
        var parameters = sched_param()
        if sched_setscheduler(0, idlePolicy, &parameters) == 0 { return }
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
