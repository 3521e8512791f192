package io.redwire.nodes.grpc;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * CORS on a grpc-server's port, so that web pages of the allowed origins can call it with gRPC-Web and Connect:
 * the grpc-server's corsOrigins ("*" or a list), corsHeaders (metadata keys pages may send and read besides the
 * protocols' own), corsCredentials and corsMaxAge. A preflight (OPTIONS with Access-Control-Request-Method) is
 * answered 204 here; other requests get the allow-origin and expose headers and go on to their protocol.
 */
final class GrpcCors {
    /** Request headers gRPC-Web and Connect clients send (connect-es' and grpc-web's lists). */
    private static final String PROTOCOL_REQUEST_HEADERS = "content-type, connect-protocol-version, connect-timeout-ms, "
            + "connect-accept-encoding, connect-content-encoding, grpc-timeout, x-grpc-web, x-user-agent";
    /** Response headers their clients read. */
    private static final String PROTOCOL_RESPONSE_HEADERS = "grpc-status, grpc-message, grpc-status-details-bin, "
            + "connect-content-encoding, content-encoding";

    private final boolean anyOrigin;
    private final Set<String> origins;
    private final String requestHeaders;
    private final String responseHeaders;
    private final boolean credentials;
    private final String maxAge;

    private GrpcCors(String origins, String headers, boolean credentials, int maxAgeSeconds) {
        this.origins = split(origins);
        this.anyOrigin = this.origins.contains("*");
        String extra = String.join(", ", split(headers));
        this.requestHeaders = extra.isEmpty() ? PROTOCOL_REQUEST_HEADERS : PROTOCOL_REQUEST_HEADERS + ", " + extra;
        this.responseHeaders = extra.isEmpty() ? PROTOCOL_RESPONSE_HEADERS : PROTOCOL_RESPONSE_HEADERS + ", " + extra;
        this.credentials = credentials;
        this.maxAge = String.valueOf(maxAgeSeconds);
    }

    /** The policy, or null when no origin is allowed (CORS off: browsers may call from the same origin only). */
    static GrpcCors of(String origins, String headers, boolean credentials, int maxAgeSeconds) {
        return split(origins).isEmpty() ? null : new GrpcCors(origins, headers, credentials, maxAgeSeconds);
    }

    private static Set<String> split(String list) {
        return Arrays.stream(list.split("[,\\s]+")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    /** Sets the CORS headers of the response; true when the request was a preflight, answered here. */
    boolean answered(HttpServerRequest request) {
        HttpServerResponse response = request.response();
        boolean preflight = request.method() == HttpMethod.OPTIONS
                && request.getHeader("access-control-request-method") != null;
        String origin = request.getHeader("origin");
        boolean allowed = origin != null && (anyOrigin || origins.contains(origin));
        if (allowed) {
            boolean echo = !anyOrigin || credentials; // a credentialed answer may not say "*"
            response.putHeader("access-control-allow-origin", echo ? origin : "*");
            if (echo) {
                response.putHeader("vary", "Origin");
            }
            if (credentials) {
                response.putHeader("access-control-allow-credentials", "true");
            }
        }
        if (!preflight) {
            if (allowed) {
                response.putHeader("access-control-expose-headers", responseHeaders);
            }
            return false;
        }
        if (allowed) {
            response.putHeader("access-control-allow-methods", "POST, GET")
                    .putHeader("access-control-allow-headers", requestHeaders)
                    .putHeader("access-control-max-age", maxAge);
        }
        response.setStatusCode(204).end();
        return true;
    }
}
