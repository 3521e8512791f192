package io.redwire.nodes.http;

import io.redwire.msg.NodeError;

import io.vertx.core.http.HttpClosedException;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;

import javax.net.ssl.SSLException;

/**
 * A failed request as got reports it: err.toString() (e.g. "RequestError: connect ECONNREFUSED 127.0.0.1:1") and
 * err.code ("ECONNREFUSED"), translated from the JVM/Netty exception.
 */
final class RequestFailure {
    static final String TIMEOUT_CODE = "ETIMEDOUT";

    private RequestFailure() {
    }

    /** got's TimeoutError for the per-request timeout. */
    static NodeError timeout(long ms) {
        return new NodeError("TimeoutError: Timeout awaiting 'request' for " + ms + "ms", TIMEOUT_CODE, null);
    }

    static NodeError tooManyRedirects(int max) {
        return new NodeError("MaxRedirectsError: Redirected " + max + " times. Aborting.", "ERR_TOO_MANY_REDIRECTS",
                null);
    }

    static NodeError from(Throwable t, TargetUrl url) {
        if (t instanceof NodeError ne) {
            return ne;
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root && !(root instanceof ConnectException)
                && !(root instanceof UnknownHostException)) {
            if (root instanceof SSLException && !(root.getCause() instanceof SSLException)) {
                break; // the innermost TLS error names the problem; its causes are JDK internals
            }
            root = root.getCause();
        }
        String msg = root.getMessage() == null ? "" : root.getMessage();
        if (root instanceof UnknownHostException) {
            return request("getaddrinfo ENOTFOUND " + url.connectHost(), "ENOTFOUND");
        }
        if (root instanceof NoRouteToHostException) {
            return request("connect EHOSTUNREACH " + address(msg, url), "EHOSTUNREACH");
        }
        if (root instanceof ConnectException) {
            if (msg.contains("Network is unreachable")) {
                return request("connect ENETUNREACH " + address(msg, url), "ENETUNREACH");
            }
            return request("connect ECONNREFUSED " + address(msg, url), "ECONNREFUSED");
        }
        if (root instanceof HttpClosedException) {
            return request("socket hang up", "ECONNRESET");
        }
        if (msg.contains("Connection reset")) {
            return request("read ECONNRESET", "ECONNRESET");
        }
        if (root instanceof SSLException) {
            if (msg.contains("PKIX") || msg.contains("certification path")) {
                // Java cannot tell Node's self-signed / unknown-issuer cases apart; this is the usual one
                return request("unable to verify the first certificate", "UNABLE_TO_VERIFY_LEAF_SIGNATURE");
            }
            return request(msg, "EPROTO");
        }
        return request(msg.isEmpty() ? root.getClass().getSimpleName() : msg, "ERR_GOT_REQUEST_ERROR");
    }

    private static NodeError request(String message, String code) {
        return new NodeError("RequestError: " + message, code, null);
    }

    /**
     * "ip:port" of the refused connection, from Netty's "Connection refused: host/127.0.0.1:1"; falls back to the
     * URL's host.
     */
    private static String address(String msg, TargetUrl url) {
        int slash = msg.lastIndexOf('/');
        if (slash >= 0 && slash < msg.length() - 1) {
            String addr = msg.substring(slash + 1);
            int colon = addr.lastIndexOf(':');
            if (colon > 0) {
                return compressIpv6(addr.substring(0, colon)) + addr.substring(colon);
            }
        }
        return url.connectHost() + ":" + url.port();
    }

    /** Java prints IPv6 uncompressed (0:0:0:0:0:0:0:1); Node prints ::1. */
    private static String compressIpv6(String ip) {
        if (!ip.contains(":")) {
            return ip;
        }
        String[] groups = ip.split(":");
        for (int i = 0; i < groups.length; i++) {
            groups[i] = groups[i].replaceFirst("^0+(?=.)", "");
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < groups.length; ) {
            if (!groups[i].equals("0")) {
                i++;
                continue;
            }
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        if (bestStart < 0) {
            return String.join(":", groups);
        }
        return String.join(":", java.util.Arrays.copyOfRange(groups, 0, bestStart)) + "::"
                + String.join(":", java.util.Arrays.copyOfRange(groups, bestStart + bestLen, groups.length));
    }
}
