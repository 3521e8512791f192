package io.redwire.admin;

import java.util.List;

/** A refused admin request: HTTP status, Node-RED error code, message, and (for deploys) every problem found. */
public final class AdminException extends RuntimeException {
    private final int status;
    private final String code;
    private final List<String> details;

    public AdminException(int status, String code, String message) {
        this(status, code, message, List.of());
    }

    public AdminException(int status, String code, String message, List<String> details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
    }

    /** Keeps the underlying problem (e.g. the engine's FlowException) for callers outside HTTP. */
    public AdminException causedBy(Throwable cause) {
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
