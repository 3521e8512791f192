package io.redwire.nodes.thrift.codec;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;

import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TType;

import java.util.Map;
import java.util.function.Consumer;

/**
 * One accepted connection, on its server's event loop: decodes calls, answers what it can itself (unknown methods,
 * arguments that do not match the IDL) and hands the rest to the route's handler. Bytes that are not Thrift close
 * this connection only.
 */
final class ServerConnection {
    /** One decoded call message; route is null for a method nobody serves. */
    private record Incoming(TMessage header, CallRoutes.Route route, Map<String, Object> args, String problems) {
    }

    private final NetSocket socket;
    private final ThriftWire wire;
    private final CallRoutes routes;
    private final Consumer<String> problems;
    private final MessageReader<Incoming> reader;
    private final Vertx vertx;
    private final InputLimits limits;
    private long incompleteTimer = -1;

    ServerConnection(Vertx vertx, NetSocket socket, ThriftWire wire, CallRoutes routes, Consumer<String> problems,
                     InputLimits limits) {
        this.vertx = vertx;
        this.socket = socket;
        this.wire = wire;
        this.routes = routes;
        this.problems = problems;
        this.limits = limits;
        this.reader = wire.reader(this::decode, limits.buffers());
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

    private Incoming decode(TProtocol in) throws TException {
        TMessage header = in.readMessageBegin();
        if (header.type != TMessageType.CALL && header.type != TMessageType.ONEWAY) {
            throw new TProtocolException(TProtocolException.INVALID_DATA, "expected a call, got message type "
                    + header.type);
        }
        CallRoutes.Route route = routes.route(header.name);
        if (route == null) {
            TProtocolUtil.skip(in, TType.STRUCT);
            in.readMessageEnd();
            return new Incoming(header, null, null, null);
        }
        ReadProblems found = new ReadProblems();
        Map<String, Object> args = ValueReader.readStruct(in, route.method().args(), found);
        in.readMessageEnd();
        return new Incoming(header, route, args, found.text());
    }

    private void dispatch(Incoming call) {
        TMessage h = call.header();
        boolean oneway = h.type == TMessageType.ONEWAY || call.route() != null && call.route().method().oneway();
        if (call.route() == null) {
            answer(h, oneway, TApplicationException.UNKNOWN_METHOD, routes.unknownMethod(h.name));
        } else if (call.problems() != null) {
            answer(h, oneway, TApplicationException.PROTOCOL_ERROR, "arguments of "
                    + call.route().method().qualifiedName() + " do not match the IDL: " + call.problems());
        } else {
            call.route().handler().accept(new IncomingCall(call.route().method(), h.seqid, call.args(), wire,
                    socket::write));
        }
    }

    private void answer(TMessage h, boolean oneway, int type, String message) {
        problems.accept(message + " (from " + socket.remoteAddress() + ")");
        if (oneway) {
            return;
        }
        try {
            socket.write(wire.encode(out -> {
                out.writeMessageBegin(new TMessage(h.name, TMessageType.EXCEPTION, h.seqid));
                new TApplicationException(type, message).write(out);
                out.writeMessageEnd();
            }));
        } catch (TException e) {
            socket.close();
        }
    }
}
