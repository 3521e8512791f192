package io.redwire.web;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpMessage;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Vert.x's HTTP/1 request decoder, refusing a request that carries both Content-Length and Transfer-Encoding as
 * Node.js does (400 Bad Request, connection closed: a proxy in front may have framed the body differently, so
 * nothing after it on that connection can be trusted). Netty's own decoder drops the Content-Length and keeps
 * the connection, and Vert.x offers no option for it, so each new connection gets this decoder in place of
 * Vert.x's; a failing decode becomes an invalid request that Vert.x answers 400 and closes.
 */
final class StrictRequestDecoder extends VertxHttpRequestDecoder {
    private static final String DECODER = "httpDecoder"; // the name Vert.x gives its decoder in the pipeline

    private StrictRequestDecoder(HttpServerOptions options) {
        super(options);
    }

    /** Puts the strict decoder in place on a connection that has not read anything yet. */
    static void install(HttpConnection conn, HttpServerOptions options) {
        if (conn instanceof ConnectionBase base) {
            ChannelPipeline pipeline = base.channel().pipeline();
            ChannelHandler current = pipeline.get(DECODER);
            if (current != null && current.getClass() == VertxHttpRequestDecoder.class) {
                pipeline.replace(DECODER, DECODER, new StrictRequestDecoder(options));
            }
        }
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new IllegalArgumentException("Content-Length can't be present with Transfer-Encoding");
    }
}
