package io.redwire.msg;

/** A flow that cannot be loaded or started; the message names the node and field at fault. */
public class FlowException extends RuntimeException {
    public FlowException(String message) {
        super(message);
    }

    public FlowException(String message, Throwable cause) {
        super(message, cause);
    }
}
