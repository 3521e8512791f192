package io.redwire.deploy;

import java.util.List;

/** A refused admin request: HTTP status, Node-RED error code, message, and (for deploys) every problem found. */
public final class DeployException extends RuntimeException {
    private final int status;
    private final String code;
    private final List<String> details;

    public DeployException(int status, String code, String message) {
        this(status, code, message, List.of());
    }

    public DeployException(int status, String code, String message, List<String> details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
    }

    /** Keeps the underlying problem (e.g. the engine's FlowException) for callers outside HTTP. */
    public DeployException causedBy(Throwable cause) {
        initCause(cause);
        return this;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<String> details() {
        return details;
    }
}
