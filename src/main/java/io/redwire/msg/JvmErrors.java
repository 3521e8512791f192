package io.redwire.msg;

import java.util.function.Consumer;

/**
 * Which of the JVM's own errors the process outlives. A StackOverflowError or OutOfMemoryError raised by a node's
 * code unwinds the stack that ran out (a node's recursion, a node's allocation, which then is garbage): it becomes
 * that node's error like any exception, and the process serves on. The other VirtualMachineErrors (InternalError,
 * UnknownError) leave the JVM in a state nothing should be trusted in: they are fatal, passed on to the thread's
 * uncaught-exception handler, which logs them and ends the process for its supervisor (ops/UncaughtErrors).
 */
public final class JvmErrors {
    private JvmErrors() {
    }

    /** True for an error after which the process must not go on. */
    public static boolean isFatal(Throwable t) {
        return t instanceof VirtualMachineError && !(t instanceof StackOverflowError)
                && !(t instanceof OutOfMemoryError);
    }

    /** For a {@code catch (Throwable e)} that handles everything the process outlives: passes a fatal error on. */
    public static void rethrowIfFatal(Throwable t) {
        if (isFatal(t)) {
            throw (VirtualMachineError) t;
        }
    }

    /**
     * {@code task} for a ScheduledExecutorService that a failure does not cancel: the executor silently drops a
     * periodic task whose run throws, which would end a watchdog unseen (an OutOfMemoryError met while another
     * thread fills the heap). Non-fatal failures go to {@code report}; fatal ones end the task's thread.
     */
    public static Runnable surviving(Runnable task, Consumer<Throwable> report) {
        return () -> {
            try {
                task.run();
            } catch (Throwable e) {
                if (isFatal(e)) {
                    Thread.currentThread().getUncaughtExceptionHandler().uncaughtException(Thread.currentThread(), e);
                    throw e;
                }
                try {
                    report.accept(e);
                } catch (Throwable ignored) {
                    // reporting needs memory too; the next run reports or succeeds
                }
            }
        };
    }
}
