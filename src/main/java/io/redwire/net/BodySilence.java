package io.redwire.net;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;

/**
 * Tells a client still sending a request body from one that went quiet: a body may take long when many uploads
 * share the link (a refused one too, read and dropped after its answer — closing under a client still writing
 * would reset the connection and lose the answer), so a connection is cut only after a whole period in which no
 * byte of the body arrived, never after a fixed time.
 */
public final class BodySilence {
    private BodySilence() {
    }

    /**
     * Checks the request every {@code periodMs}; at the first check that finds its body ended, or no byte read
     * since the check before, runs {@code onSilent} once and stops.
     *
     * @return the periodic timer's id, to cancel the watch
     */
    public static long watch(Vertx vertx, HttpServerRequest request, long periodMs, Runnable onSilent) {
        long[] seen = {request.bytesRead()};
        return vertx.setPeriodic(periodMs, id -> {
            long read = request.bytesRead();
            if (request.isEnded() || read == seen[0]) {
                vertx.cancelTimer(id);
                onSilent.run();
            }
            seen[0] = read;
        });
    }

    /**
     * Gives up on a request whose body will not be read: on HTTP/2 its stream alone is reset, as other requests
     * share the connection; on HTTP/1 the connection is closed, the only way to stop the client's bytes.
     */
    public static void cut(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_2) {
            request.response().reset();
        } else {
            request.connection().close();
        }
    }
}
