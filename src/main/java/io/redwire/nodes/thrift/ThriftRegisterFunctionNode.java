package io.redwire.nodes.thrift;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Messages;
import io.redwire.nodes.thrift.codec.IncomingCall;
import io.redwire.nodes.thrift.codec.MethodDef;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * thrift-register-function: serves one method of a local thrift-server. Each call becomes a new message with
 * msg.payload = the arguments keyed by parameter name and msg.thrift = the handle a thrift-response answers with.
 */
public final class ThriftRegisterFunctionNode extends Node {
    static final Field SERVER = Field.config("server", "thrift-server").asRequired();
    static final Field SERVICE = Field.str("service", "").asRequired().idlService("server");
    static final Field METHOD = Field.str("method", "").asRequired().idlMethod("server");

    public static final NodeType TYPE = NodeType.builder("thrift-register-function", "thrift").icon("thrift").color("#A6BBCF")
            .help("Handles one function of a thrift-server's service: each call arrives as a msg with the arguments in `msg.payload`; a thrift-response node answers it.")
            .ports(0, 1)
            .label(Label.computed())
            .fields(SERVER, SERVICE, METHOD)
            .factory(ThriftRegisterFunctionNode::new);

    private final ThriftServerNode server;
    private final MethodDef method;
    private final Consumer<IncomingCall> handler = this::called; // one instance, so it can be removed again

    ThriftRegisterFunctionNode(NodeConfig c) {
        super(c);
        this.server = ThriftCallNode.serverOf(c);
        this.method = ThriftCallNode.resolve(c, server, c.str(SERVICE).trim(), c.str(METHOD).trim());
    }

    @Override
    public Future<Void> start() {
        if (!server.localServer()) {
            return Future.failedFuture("thrift-server " + server.id() + " does not run a local server "
                    + "(localServer is off), so " + method.qualifiedName() + " cannot be served");
        }
        try {
            server.routes().add(method, handler);
        } catch (IllegalStateException e) {
            return Future.failedFuture(e.getMessage());
        }
        status(Map.of("fill", "green", "shape", "dot", "text", "serving " + method.qualifiedName()));
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        server.routes().remove(method, handler);
        return Future.succeededFuture();
    }

    /** On a connection's event loop: hop to the flow loop before touching messages. */
    private void called(IncomingCall call) {
        engine().execute(() -> {
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("_msgid", Messages.newId());
            msg.put("payload", call.args());
            msg.put("thrift", call);
            send(msg);
        });
    }
}
