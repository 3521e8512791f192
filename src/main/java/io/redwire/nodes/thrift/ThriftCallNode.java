package io.redwire.nodes.thrift;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;
import io.redwire.net.CallMeters;
import io.redwire.nodes.thrift.codec.MethodDef;
import io.redwire.nodes.thrift.codec.ThriftFailure;
import io.redwire.nodes.thrift.codec.ValueException;

import java.util.Map;

/**
 * thrift-call: calls a method on the thrift-server target with msg.payload as the arguments object. The result
 * goes out in msg.payload (msg.error = null). A declared exception, TApplicationException or connection failure
 * goes out in msg.error ({name, message, code, fields}) and is also reported to catch nodes. All thrift-call nodes
 * of one target share its connection; calls queue on it in order.
 */
public final class ThriftCallNode extends Node {
    static final Field SERVER = Field.config("server", "thrift-server").asRequired();
    static final Field SERVICE = Field.str("service", "").label("service (blank: msg.service)")
            .idlService("server");
    static final Field METHOD = Field.str("method", "").label("method (blank: msg.method)").idlMethod("server");
    static final Field TIMEOUT = Field.num("timeout", 10000).atLeast(0).label("timeout in ms (0: none)");

    public static final NodeType TYPE = NodeType.builder("thrift-call", "thrift").icon("thrift").color("#A6BBCF").ports(1, 1)
            .help("Calls a function of a Thrift service with `msg.payload` as its arguments and sends the result on.")
            .label(Label.computed())
            .fields(SERVER, SERVICE, METHOD, TIMEOUT)
            .factory(ThriftCallNode::new);

    private final ThriftServerNode server;
    private final MethodDef fixedMethod;
    private final long timeoutMs;

    ThriftCallNode(NodeConfig c) {
        super(c);
        this.server = serverOf(c);
        String service = c.str(SERVICE).trim();
        String method = c.str(METHOD).trim();
        this.fixedMethod = service.isEmpty() || method.isEmpty() ? null : resolve(c, server, service, method);
        this.timeoutMs = (long) c.num(TIMEOUT); // declared: 0 (none) or more

    }

    static ThriftServerNode serverOf(NodeConfig c) {
        ThriftServerNode s = c.configNode(SERVER, ThriftServerNode.class);
        if (s == null) {
            throw c.error(SERVER, "choose a thrift-server");
        }
        return s;
    }

    static MethodDef resolve(NodeConfig c, ThriftServerNode server, String service, String method) {
        try {
            return server.model().service(service).method(method);
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage().startsWith("the IDL has no service") ? SERVICE : METHOD,
                    e.getMessage());
        }
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        MethodDef method;
        try {
            method = fixedMethod != null ? fixedMethod : server.model()
                    .service(JsValues.toJsString(msg.get("service"))).method(JsValues.toJsString(msg.get("method")));
        } catch (IllegalArgumentException e) {
            done.done(new NodeError("Error: " + e.getMessage()));
            return;
        }
        Object args = msg.get("payload");
        if (args == null || args == Undefined.VALUE) {
            args = Map.of();
        } else if (!(args instanceof Map)) {
            done.done(new NodeError("Error: msg.payload must be an object of arguments for "
                    + method.qualifiedName() + ", got " + JsValues.typeOf(args)));
            return;
        }
        long startNanos = System.nanoTime();
        MethodDef called = method;
        server.client().call(method, args, timeoutMs).onComplete(ar -> {
            if (!(ar.cause() instanceof ValueException)) { // not sent: the arguments did not fit the IDL
                CallMeters.of(engine()).tagged("thrift", "transport", server.transportName(), "client",
                        called.service(), called.name(), ar.succeeded() ? "OK" : ar.cause() instanceof ThriftFailure f ? f.code() : "ERROR", startNanos);
            }
            if (ar.succeeded()) {
                msg.put("payload", ar.result());
                msg.put("error", null);
                send(msg);
                done.done();
            } else if (ar.cause() instanceof ThriftFailure f) {
                msg.remove("payload");
                msg.put("error", f.toMessageValue());
                error(new NodeError(f.getMessage(), f.code(), null), msg);
                send(msg);
                done.done();
            } else if (ar.cause() instanceof ValueException e) {
                done.done(new NodeError("Error: invalid arguments for " + method.qualifiedName() + ": "
                        + e.getMessage()));
            } else {
                done.done(ar.cause());
            }
        });
    }
}
