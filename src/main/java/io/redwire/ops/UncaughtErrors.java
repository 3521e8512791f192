package io.redwire.ops;

import io.redwire.logging.Log;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The process's default uncaught-exception handler (the CLI installs it; an embedding application keeps its own):
 * a thread that dies of an exception is logged with its name and where it was, so no thread of Redwire's, Vert.x's
 * or a library's ends unseen. A thread that dies of a VirtualMachineError other than a stack overflow (out of
 * memory included: node code's own is caught at the node, so this one killed a thread of the runtime, such as
 * Vert.x's blocked-thread checker, which nothing can start again) leaves the process short of something it needs:
 * the process ends with status {@value #EXIT_STATUS}, as the flow-loop watchdog's "exit", for its supervisor to
 * start a fresh one.
 */
public final class UncaughtErrors implements Thread.UncaughtExceptionHandler {
    /** The exit status of a process ended by an error the JVM cannot go on after (EX_SOFTWARE). */
    public static final int EXIT_STATUS = FlowLoopWatchdog.EXIT_STATUS;
    private static final int FRAMES = 8;

    private final Log log;
    private final Runnable halt;

    public UncaughtErrors(Log log, Runnable halt) {
        this.log = log;
        this.halt = halt;
    }

    /** Installs the handler for every thread of the process; {@code halt} ends it with {@link #EXIT_STATUS}. */
    public static void install(Log log, Runnable halt) {
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtErrors(log, halt));
    }

    /** Whether a thread that died of {@code e} leaves the process unable to go on. */
    static boolean endsProcess(Throwable e) {
        return JvmErrors.isFatal(e) || e instanceof OutOfMemoryError;
    }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        boolean exit = endsProcess(e);
        try {
            log.error("thread " + t.getName() + " died of " + e.getClass().getName() + ": " + NodeError.textOf(e)
                    + Arrays.stream(e.getStackTrace()).limit(FRAMES).map(f -> "\n    at " + f)
                    .collect(Collectors.joining())
                    + (exit ? "\nthe JVM cannot go on without it: ending the process (status " + EXIT_STATUS + ")"
                    : ""));
        } catch (Throwable logging) {
            // out of memory again while logging: the status still tells the supervisor
        }
        if (exit) {
            halt.run();
        }
    }
}
