package io.redwire.nodes.grpc;

import io.grpc.Status;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;

/**
 * {@link GrpcTransport#MAX_METADATA_BYTES} per call, so that metadata over it fails only its own call with
 * RESOURCE_EXHAUSTED and never the HTTP/2 connection the other calls share. A server answers such a call before
 * gRPC sees it; a client does not send it, also when the server advertises a lower SETTINGS_MAX_HEADER_LIST_SIZE
 * (a server that advertises none is taken at Netty's default, 8 KB, past which a Netty server sends GOAWAY).
 */
final class MetadataLimit {
    /** What Vert.x adds to a call's metadata besides its path: pseudo-headers, content-type, te, encodings, timeout. */
    private static final int PROTOCOL_HEADERS = 512;

    private MetadataLimit() {
    }

    /** The server's request handler: {@code grpc} for every call whose headers are within the limit. */
    static Handler<HttpServerRequest> guard(Handler<HttpServerRequest> grpc) {
        return request -> {
            long size = MetadataCodec.headerListSize(request.headers());
            if (size <= GrpcTransport.MAX_METADATA_BYTES) {
                grpc.handle(request);
                return;
            }
            // trailers-only: the status in the response headers, which end the stream (gRPC-Web reads them there too)
            String type = request.getHeader("content-type");
            request.response().putHeader("content-type", type != null && type.startsWith("application/grpc-web")
                            ? type : "application/grpc")
                    .putHeader("grpc-status", String.valueOf(Status.Code.RESOURCE_EXHAUSTED.value()))
                    .putHeader("grpc-message", "request metadata is " + size + " bytes, over the server's limit of "
                            + GrpcTransport.MAX_METADATA_BYTES)
                    .end();
        };
    }

    /** Why a call with these headers to {@code path} must not be sent on {@code connection}; null when it may. */
    static Status refusal(MultiMap headers, String path, HttpConnection connection) {
        long size = MetadataCodec.headerListSize(headers) + path.length() + PROTOCOL_HEADERS;
        long peer = connection.remoteSettings().getMaxHeaderListSize();
        long limit = Math.min(peer, GrpcTransport.MAX_METADATA_BYTES);
        if (size <= limit) {
            return null;
        }
        return Status.RESOURCE_EXHAUSTED.withDescription("request metadata is " + size + " bytes, over the limit of "
                + limit + (peer < GrpcTransport.MAX_METADATA_BYTES ? " the server allows" : "") + "; not sent");
    }
}
