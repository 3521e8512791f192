package io.redwire.runtime;

import io.redwire.msg.FlowException;
import io.redwire.msg.NodeError;

/**
 * Which failures the engine reports and survives while building, starting or stopping flows: exceptions, a stack
 * overflow, a class missing from an optional dependency (LinkageError) and a library's internal assertion. Anything
 * else (out of memory, a VM error) is left to end the process.
 */
final class Failures {
    private Failures() {
    }

    static boolean isRecoverable(Throwable t) {
        return t instanceof RuntimeException || t instanceof StackOverflowError || t instanceof LinkageError
                || t instanceof AssertionError;
    }

    /** {@code t} as the FlowException a deploy fails with (a FlowException as it is, else with {@code prefix}). */
    static FlowException asFlowException(String prefix, Throwable t) {
        return t instanceof FlowException f ? f : new FlowException(prefix + NodeError.textOf(t), t);
    }
}
