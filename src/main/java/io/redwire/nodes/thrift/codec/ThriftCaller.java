package io.redwire.nodes.thrift.codec;

import io.vertx.core.Future;

/** A client of one Thrift target, over a socket ({@link ThriftClient}) or HTTP ({@link ThriftHttpClient}). */
public interface ThriftCaller {
    /**
     * Calls a method with arguments keyed by parameter name. The future fails with ValueException when the
     * arguments do not fit the IDL (nothing is sent) and with {@link ThriftFailure} for everything remote. A oneway
     * call completes with null once sent. timeoutMs 0 waits forever.
     */
    Future<Object> call(MethodDef method, Object args, long timeoutMs);

    /** Fails what is pending and lets go of the connection(s). */
    Future<Void> close();

    /** The target, for messages. */
    String target();
}
