package io.redwire.net;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;

/**
 * Waits until a closed server's TCP port can be bound again. On Java's NIO a listening channel registered with a
 * selector keeps its socket until that selector next runs, which is after Vert.x has completed the close: a redeploy
 * that binds the same port at once finds it "already in use" on a busy machine. A node's close completes only once
 * its port is free (bounded: a port held by someone else is the next start's error to report).
 */
public final class PortRelease {
    private static final long LIMIT_MS = 2_000;
    private static final long POLL_MS = 5;

    private PortRelease() {
    }

    /** Completes once {@code port} on {@code host} can be bound, or after a bounded wait; port 0 at once. */
    public static Future<Void> awaitFree(Vertx vertx, String host, int port) {
        if (port == 0 || free(host, port)) {
            return Future.succeededFuture();
        }
        Promise<Void> released = Promise.promise();
        long giveUpAt = System.nanoTime() + LIMIT_MS * 1_000_000;
        vertx.setPeriodic(POLL_MS, id -> {
            if (free(host, port) || System.nanoTime() > giveUpAt) {
                vertx.cancelTimer(id);
                released.tryComplete();
            }
        });
        return released.future();
    }

    /**
     * A server's {@code close}, then, when it had its port ({@code held}), the wait until the port is free again; a
     * port it never got (another program holds it) is not waited for.
     */
    public static Future<Void> afterClose(Future<Void> close, boolean held, Vertx vertx, String host, int port) {
        return close.compose(v -> held ? awaitFree(vertx, host, port) : Future.succeededFuture());
    }

    /**
     * Whether the port can be bound right now, found by binding it once: Vert.x shares a port between servers of
     * one process instead of refusing a second bind, so only a bind of our own tells.
     */
    public static boolean free(String host, int port) {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.bind(new InetSocketAddress(host, port));
            return true;
        } catch (IOException e) {
            return !(e instanceof BindException && String.valueOf(e.getMessage()).contains("in use"));
        }
    }
}
