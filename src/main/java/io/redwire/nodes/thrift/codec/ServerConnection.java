package io.redwire.nodes.thrift.codec;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * One accepted connection, on its server's event loop: splits its bytes into call messages for {@link CallDispatch}.
 * Bytes that are not Thrift close this connection only.
 */
final class ServerConnection {
    private final NetSocket socket;
    private final ThriftWire wire;
    private final CallDispatch calls;
    private final Consumer<String> problems;
    private final MessageReader<CallDispatch.Incoming> reader;
    private final Vertx vertx;
    private final InputLimits limits;
    private long incompleteTimer = -1;

    ServerConnection(Vertx vertx, NetSocket socket, ThriftWire wire, CallRoutes routes, Consumer<String> problems,
                     InputLimits limits) {
        this.vertx = vertx;
        this.socket = socket;
        this.wire = wire;
        this.calls = new CallDispatch(routes, problems, wire.framing().name().toLowerCase(Locale.ROOT));
        this.problems = problems;
        this.limits = limits;
        this.reader = wire.reader(calls::decode, limits.buffers());
        socket.handler(this::received);
        socket.exceptionHandler(e -> { }); // a reset by the peer just closes the connection; nothing to report
    }

    void close() {
        socket.close();
    }

    /** The socket is closed: its buffer's memory goes back to the server's budget. */
    void closed() {
        reader.release();
        if (incompleteTimer >= 0) {
            vertx.cancelTimer(incompleteTimer);
        }
    }

    private void received(Buffer chunk) {
        try {
            reader.feed(chunk, this::dispatch);
        } catch (MalformedInput e) {
            problems.accept("closed the connection from " + socket.remoteAddress() + ": " + e.getMessage());
            socket.close();
            return;
        }
        watchIncomplete();
    }

    /** A message that stays half-sent closes its connection; the clock is not reset by more partial bytes. */
    private void watchIncomplete() {
        if (!reader.incomplete()) {
            if (incompleteTimer >= 0) {
                vertx.cancelTimer(incompleteTimer);
                incompleteTimer = -1;
            }
        } else if (incompleteTimer < 0 && limits.incompleteTimeoutMs() > 0) {
            incompleteTimer = vertx.setTimer(limits.incompleteTimeoutMs(), t -> {
                incompleteTimer = -1;
                problems.accept("closed the connection from " + socket.remoteAddress() + ": a message still "
                        + "incomplete after " + limits.incompleteTimeoutMs() + " ms");
                socket.close();
            });
        }
    }

    private void dispatch(CallDispatch.Incoming call) {
        calls.dispatch(call, wire, socket::write, socket.remoteAddress());
    }
}
