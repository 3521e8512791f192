package io.redwire.nodes.thrift.codec;

import io.vertx.core.Future;

/** A Thrift server on a port of its own: over sockets ({@link ThriftServer}) or HTTP ({@link ThriftHttpServer}). */
public interface ThriftListener {
    Future<Void> listen(String host, int port);

    /** The bound port (useful when 0 was requested), or 0 before listening. */
    int port();

    /** Stops listening and ends every connection or waiting call. */
    Future<Void> close();
}
