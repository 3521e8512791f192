package io.redwire.nodes.thrift.codec;

/** The IDL could not be read or compiled; the message names the file and line of each problem. */
public final class IdlException extends RuntimeException {
    public IdlException(String message) {
        super(message, null, false, false);
    }
}
