package io.redwire.admin;

import io.vertx.core.Vertx;
import io.vertx.core.http.ServerWebSocket;

import java.util.ArrayDeque;

/**
 * One editor websocket. Published messages are queued here (from any thread) and flushed every 50 ms as JSON arrays
 * of at most 50 {topic, data} objects, like Node-RED's comms. A client that does not read fast enough never makes
 * the runtime wait or buffer without bound: past {@link #MAX_PENDING} queued messages the oldest are dropped.
 * A socket opened with an adminAuth token lasts no longer than the token's session: it is closed when the session
 * expires ({@link #endsAt}) or is revoked ({@link #endIfOpenedWith}).
 */
final class CommsConnection {
    static final int MAX_PENDING = 2000;
    private static final int FRAME_SIZE = 50;
    private static final long FLUSH_MS = 50;
    private static final long HEARTBEAT_MS = 15_000;

    static final short SESSION_ENDED = 1008; // policy violation: the token it was opened with is no longer valid

    private final Vertx vertx;
    private final ServerWebSocket ws;
    private final ArrayDeque<String> pending = new ArrayDeque<>();
    private final long flushTimer;
    private final long heartbeatTimer;
    private String token; // the session it belongs to; null: none (adminAuth off, or the anonymous default user)
    private long expiryTimer = -1;

    CommsConnection(Vertx vertx, ServerWebSocket ws, long startedAt, Runnable onClose) {
        this.vertx = vertx;
        this.ws = ws;
        this.flushTimer = vertx.setPeriodic(FLUSH_MS, t -> flush());
        this.heartbeatTimer = vertx.setPeriodic(HEARTBEAT_MS,
                t -> offer("{\"topic\":\"hb\",\"data\":" + startedAt + "}"));
        ws.closeHandler(v -> {
            vertx.cancelTimer(flushTimer);
            vertx.cancelTimer(heartbeatTimer);
            endsAt(null, 0);
            onClose.run();
        });
    }

    /**
     * Ties the socket to a token's session ending at {@code expiresAt} (epoch ms; 0: already ended, so it closes
     * now), in place of any earlier one; a null token unties it.
     */
    synchronized void endsAt(String token, long expiresAt) {
        if (expiryTimer >= 0) {
            vertx.cancelTimer(expiryTimer);
            expiryTimer = -1;
        }
        this.token = token;
        if (token != null) {
            long left = expiresAt - System.currentTimeMillis();
            if (left <= 0) {
                ws.close(SESSION_ENDED, "session ended");
            } else {
                expiryTimer = vertx.setTimer(left, t -> ws.close(SESSION_ENDED, "session expired"));
            }
        }
    }

    /** Closes the socket if it was opened with this (just revoked) token. */
    synchronized void endIfOpenedWith(String revoked) {
        if (revoked.equals(token)) {
            ws.close(SESSION_ENDED, "session revoked");
        }
    }

    ServerWebSocket socket() {
        return ws;
    }

    /** Queues one encoded {topic, data} element. */
    void offer(String element) {
        synchronized (pending) {
            if (pending.size() >= MAX_PENDING) {
                pending.pollFirst();
            }
            pending.addLast(element);
        }
    }

    /** Writes whole frames while the socket's write queue has room; the rest waits for the next tick. */
    private void flush() {
        while (!ws.isClosed() && !ws.writeQueueFull()) {
            StringBuilder frame = new StringBuilder("[");
            synchronized (pending) {
                if (pending.isEmpty()) {
                    return;
                }
                for (int i = 0; i < FRAME_SIZE && !pending.isEmpty(); i++) {
                    if (i > 0) {
                        frame.append(',');
                    }
                    frame.append(pending.pollFirst());
                }
            }
            ws.writeTextMessage(frame.append(']').toString());
        }
    }

    /** A bare (unframed) reply such as {"auth":"ok"}. */
    void reply(String json) {
        if (!ws.isClosed()) {
            ws.writeTextMessage(json);
        }
    }
}
