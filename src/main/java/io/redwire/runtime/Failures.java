package io.redwire.runtime;

import io.redwire.msg.FlowException;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;

/**
 * Which failures the engine reports and survives while building, starting or stopping flows: all but the errors
 * {@link JvmErrors#isFatal fatal} to the JVM, so a node's constructor or start that overflows the stack, runs out of
 * memory, misses a class of an optional dependency or trips a library's assertion fails the deploy naming it.
 */
final class Failures {
    private Failures() {
    }

    static boolean isRecoverable(Throwable t) {
        return !JvmErrors.isFatal(t);
    }

    /** {@code t} as the FlowException a deploy fails with (a FlowException as it is, else with {@code prefix}). */
    static FlowException asFlowException(String prefix, Throwable t) {
        return t instanceof FlowException f ? f : new FlowException(prefix + NodeError.textOf(t), t);
    }
}
