package io.redwire.web;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.net.BodySilence;
import io.redwire.net.LazyTimer;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps slow, idle or too many clients from holding the HTTP server, with Node.js http server's defaults where it
 * has one: a connection must send its first request's headers within httpHeadersTimeout (60 s; a slowloris
 * client sending a byte a second is cut then), an idle keep-alive connection is closed after
 * httpKeepAliveTimeout (5 s) — counted once its request's body has stopped arriving, which a refused upload may
 * still be sending after its answer — a request body must be all in within httpRequestTimeout (300 s, Node's
 * requestTimeout: 408 past it), at most httpMaxConnections are open at once (more are closed on accept), headers
 * are limited to httpMaxHeaderSize bytes (16 KB, which also bounds their count; Netty answers 431 past it).
 * A request with both Content-Length and Transfer-Encoding is answered 400 and its connection closed, as Node.js
 * does ({@link StrictRequestDecoder}). A timer that comes due closes only after the loop's next read of its sockets,
 * so a request sent while the process was frozen is answered ({@link #closeAfterNextPoll}).
 */
public final class ConnectionGuard {
    private static final long AFTER_NEXT_POLL_MS = 10;
    private final Vertx vertx;
    private final long headersTimeoutMs;
    private final long keepAliveTimeoutMs;
    private final long requestTimeoutMs;
    private final int maxConnections;
    private final int maxHeaderSize;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<HttpConnection, Watch> watched = new ConcurrentHashMap<>();
    private HttpServerOptions options = new HttpServerOptions();

    /**
     * One connection's clocks and requests in progress; touched on its event loop only. The idle clock runs from
     * accept to the first request's headers, and from the end of the last request in progress to the next one's
     * headers; the body clock times the one request body an HTTP/1 connection can be receiving at a time.
     */
    private final class Watch {
        final LazyTimer idle;
        final BodyClock body = new BodyClock();
        HttpServerRequest last;
        long bytesSeen;
        boolean closing;
        int inFlight;

        Watch(HttpConnection conn) {
            idle = new LazyTimer(vertx, () -> idleDue(conn, this));
        }
    }

    /** Node's requestTimeout for one request body at a time: answered 408 (or cut) when not all in by then. */
    private final class BodyClock {
        final LazyTimer timer = new LazyTimer(vertx, this::due);
        RoutingContext ctx;

        void time(RoutingContext ctx) {
            this.ctx = ctx;
            timer.start(requestTimeoutMs);
        }

        void ended(RoutingContext ended) {
            if (ctx == ended && ended.request().isEnded()) {
                timer.stop();
                ctx = null;
            }
        }

        private void due() {
            RoutingContext c = ctx;
            ctx = null;
            HttpServerRequest req = c.request();
            HttpServerResponse res = c.response();
            if (req.isEnded() || res.closed()) {
                return;
            }
            if (req.version() == HttpVersion.HTTP_2 || res.headWritten()) {
                BodySilence.cut(req);
            } else {
                res.setStatusCode(408).putHeader("connection", "close").end()
                        .onComplete(v -> req.connection().close());
            }
        }
    }

    ConnectionGuard(Vertx vertx, Settings settings) {
        this.vertx = vertx;
        this.headersTimeoutMs = RuntimeSettings.HTTP_HEADERS_TIMEOUT.read(settings);
        this.keepAliveTimeoutMs = RuntimeSettings.HTTP_KEEP_ALIVE_TIMEOUT.read(settings);
        this.requestTimeoutMs = RuntimeSettings.HTTP_REQUEST_TIMEOUT.read(settings);
        this.maxConnections = RuntimeSettings.HTTP_MAX_CONNECTIONS.read(settings);
        this.maxHeaderSize = RuntimeSettings.HTTP_MAX_HEADER_SIZE.read(settings);
    }

    HttpServerOptions apply(HttpServerOptions options) {
        this.options = options.setMaxHeaderSize(maxHeaderSize);
        return options;
    }

    /** A new connection: refused past the limit, else given until its first request's headers are in. */
    void accepted(HttpConnection conn) {
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            conn.close();
            return;
        }
        StrictRequestDecoder.install(conn, options);
        Watch w = new Watch(conn);
        watched.put(conn, w);
        if (headersTimeoutMs > 0) {
            w.idle.start(headersTimeoutMs);
        }
        conn.closeHandler(v -> {
            open.decrementAndGet();
            Watch gone = watched.remove(conn);
            if (gone != null) {
                gone.idle.close();
                gone.body.timer.close();
            }
        });
    }

    /** The first handler of every request: its headers are in, so the connection's clock stops until it ends. */
    void requestStarted(RoutingContext ctx) {
        HttpConnection conn = ctx.request().connection();
        Watch w = watched.get(conn);
        if (w != null) {
            w.idle.stop();
            w.closing = false;
            w.inFlight++;
            BodyClock body = timeBody(ctx, w);
            ctx.addEndHandler(v -> {
                if (body != null) {
                    body.ended(ctx);
                }
                if (--w.inFlight == 0 && watched.get(conn) == w && keepAliveTimeoutMs > 0) {
                    w.last = ctx.request();
                    w.bytesSeen = w.last.bytesRead();
                    w.idle.start(keepAliveTimeoutMs);
                }
            });
        }
        ctx.next();
    }

    /**
     * Node's requestTimeout: a body not all in within httpRequestTimeout (300 s) is answered 408 and its connection
     * closed. A client trickling a byte now and then is never silent, so only a bound on the whole request stops
     * it. Requests without a body are not timed, so a GET costs no clock. An HTTP/1 connection receives one body
     * at a time, so its own clock serves each request in turn; HTTP/2 streams get one each.
     */
    private BodyClock timeBody(RoutingContext ctx, Watch w) {
        HttpServerRequest req = ctx.request();
        if (requestTimeoutMs <= 0 || req.isEnded() || !mayHaveBody(req)) {
            return null;
        }
        BodyClock clock = req.version() == HttpVersion.HTTP_2 ? new BodyClock() : w.body;
        clock.time(ctx);
        return clock;
    }

    /** Whether a request declares a body (HTTP/2 streams may always have one). */
    public static boolean mayHaveBody(HttpServerRequest req) {
        if (req.version() == HttpVersion.HTTP_2) {
            return true;
        }
        String length = req.getHeader("content-length");
        return length != null ? !length.equals("0") : req.headers().contains("transfer-encoding");
    }

    /**
     * The idle clock came due: the connection is closed after the loop's next poll, unless the last request's body
     * is still arriving (a refused upload being drained after its answer is not idle: it is looked at again a
     * period later).
     */
    private void idleDue(HttpConnection conn, Watch w) {
        if (w.closing) {
            conn.close();
            return;
        }
        HttpServerRequest last = w.last;
        if (last != null && !last.isEnded() && last.bytesRead() != w.bytesSeen) {
            w.bytesSeen = last.bytesRead();
            w.idle.start(keepAliveTimeoutMs);
            return;
        }
        closeAfterNextPoll(w);
    }

    /**
     * An idle clock that has come due closes its connection only after the event loop has polled its sockets once
     * more. A due timer cannot tell an idle connection from one whose request is waiting unread: when the process
     * was frozen (SIGSTOP, a VM pause) or the loop stalled past the due time, the loop runs every overdue timer
     * before it reads again (the poll that a SIGCONT interrupts returns no sockets), so the requests clients sent
     * meanwhile would be cut unanswered. A timer set now is run only after the next poll, in
     * which a waiting request is read and {@link #requestStarted} stops this close.
     */
    private void closeAfterNextPoll(Watch w) {
        w.closing = true;
        w.idle.start(AFTER_NEXT_POLL_MS);
    }

    int openConnections() {
        return open.get();
    }
}
