package io.redwire.nodes.thrift.codec;

import io.vertx.core.buffer.Buffer;

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
 * What a server does with one call message, whatever carried it (a socket, an HTTP request): decodes it, answers
 * what it can itself (unknown methods, arguments that do not match the IDL) and hands the rest to the route's
 * handler.
 */
final class CallDispatch {
    /** One decoded call message; route is null for a method nobody serves. */
    record Incoming(TMessage header, CallRoutes.Route route, Map<String, Object> args, String problems) {
        boolean oneway() {
            return header.type == TMessageType.ONEWAY || route != null && route.method().oneway();
        }
    }

    private final CallRoutes routes;
    private final Consumer<String> problems;
    private final String transport;

    /** {@code transport} names the carrier in the calls' metrics ("buffered", "framed", "http"). */
    CallDispatch(CallRoutes routes, Consumer<String> problems, String transport) {
        this.routes = routes;
        this.problems = problems;
        this.transport = transport;
    }

    /** Reads one call; side-effect free, so a decode that runs out of bytes can be repeated. */
    Incoming decode(TProtocol in) throws TException {
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

    /**
     * Answers the call on {@code out} (encoded with {@code wire}) or hands it to its handler, which answers later.
     * Oneway calls are never answered. {@code peer} names the caller in problem reports.
     */
    void dispatch(Incoming call, ThriftWire wire, Consumer<Buffer> out, Object peer) {
        TMessage h = call.header();
        if (call.route() == null) {
            answer(h, call.oneway(), wire, out, peer, TApplicationException.UNKNOWN_METHOD,
                    routes.unknownMethod(h.name));
        } else if (call.problems() != null) {
            answer(h, call.oneway(), wire, out, peer, TApplicationException.PROTOCOL_ERROR, "arguments of "
                    + call.route().method().qualifiedName() + " do not match the IDL: " + call.problems());
        } else {
            call.route().handler().accept(new IncomingCall(call.route().method(), h.seqid, call.args(), wire, out,
                    transport));
        }
    }

    private void answer(TMessage h, boolean oneway, ThriftWire wire, Consumer<Buffer> out, Object peer, int type,
                        String message) {
        problems.accept(message + " (from " + peer + ")");
        if (oneway) {
            return;
        }
        try {
            out.accept(wire.encode(o -> {
                o.writeMessageBegin(new TMessage(h.name, TMessageType.EXCEPTION, h.seqid));
                new TApplicationException(type, message).write(o);
                o.writeMessageEnd();
            }));
        } catch (TException e) {
            throw new IllegalStateException("encoding a TApplicationException failed: " + e.getMessage(), e);
        }
    }
}
