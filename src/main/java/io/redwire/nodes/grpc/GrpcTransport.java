package io.redwire.nodes.grpc;

import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;

/**
 * The HTTP/2 settings and limits of every gRPC server and client: Vert.x's HTTP/2 on the flow loop's event loop.
 * Limits are grpc-java's defaults where grpc-java has one, so flows moved from the previous transport behave alike.
 */
final class GrpcTransport {
    /** Largest message a server or client takes in (grpc-java's default); larger is RESOURCE_EXHAUSTED. */
    static final int MAX_MESSAGE_BYTES = 4 << 20;
    /**
     * Largest request header list (metadata and protocol headers, each entry counted as name + value + 32 bytes,
     * as HTTP/2 counts it) a server serves and a client sends; a call over it fails alone, RESOURCE_EXHAUSTED.
     * grpc C-core's hard limit, and Node's HTTP header limit.
     */
    static final int MAX_METADATA_BYTES = 16 << 10;
    /**
     * The header list size the server's HTTP/2 decoder takes (SETTINGS_MAX_HEADER_LIST_SIZE). Netty resets a stream
     * whose headers pass it, but closes the whole connection (GOAWAY) when a header block passes 1.25 times it,
     * and many clients (grpcio among them) send what the setting forbids. So it is far above
     * {@link #MAX_METADATA_BYTES}, which {@link MetadataLimit} enforces per call; at 1 MB a header block in
     * decoding holds no more than the connection's flow-control window lets DATA hold.
     */
    static final int MAX_HEADER_LIST_BYTES = 1 << 20;
    /** Streams a client may open at once on one connection; more are refused (REFUSED_STREAM). */
    static final long MAX_CONCURRENT_STREAMS = 100;
    /**
     * Resets a peer may send per {@link #RST_FLOOD_WINDOW_SECONDS} before the connection is closed with GOAWAY
     * ENHANCE_YOUR_CALM: the HTTP/2 rapid-reset attack (CVE-2023-44487) opens and cancels streams in a loop.
     */
    static final int RST_FLOOD_MAX_RESETS = 200;
    static final int RST_FLOOD_WINDOW_SECONDS = 30;
    /**
     * A stream's flow-control window. Large enough that a stream of small messages is not stalled by window
     * updates on loopback, small enough that a peer that stops reading holds little.
     */
    static final int STREAM_WINDOW = 1 << 20;
    static final int CONNECTION_WINDOW = 4 << 20;
    static final int CONNECT_TIMEOUT_MS = 10_000;

    private GrpcTransport() {
    }

    static HttpServerOptions server(String host, int port) {
        return new HttpServerOptions().setHost(host).setPort(port).setTcpNoDelay(true)
                .setHttp2ClearTextEnabled(true) // gRPC's plaintext is HTTP/2 with prior knowledge
                .setCompressionSupported(false)
                .setInitialSettings(new Http2Settings().setMaxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                        .setInitialWindowSize(STREAM_WINDOW).setMaxHeaderListSize(MAX_HEADER_LIST_BYTES))
                .setHttp2ConnectionWindowSize(CONNECTION_WINDOW)
                .setHttp2RstFloodMaxRstFramePerWindow(RST_FLOOD_MAX_RESETS)
                .setHttp2RstFloodWindowDuration(RST_FLOOD_WINDOW_SECONDS);
    }

    static HttpClientOptions client() {
        return new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false)
                .setTcpNoDelay(true).setConnectTimeout(CONNECT_TIMEOUT_MS)
                .setInitialSettings(new Http2Settings().setInitialWindowSize(STREAM_WINDOW))
                .setHttp2ConnectionWindowSize(CONNECTION_WINDOW);
    }
}
