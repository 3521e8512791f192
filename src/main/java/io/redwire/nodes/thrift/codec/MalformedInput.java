package io.redwire.nodes.thrift.codec;

/** Bytes on a connection that are not a Thrift message; the connection cannot be trusted any more and is closed. */
public final class MalformedInput extends Exception {
    public MalformedInput(String message) {
        super(message, null, false, false);
    }
}
