package io.redwire.nodes.thrift;

import io.redwire.api.Done;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;
import io.redwire.net.CallMeters;
import io.redwire.nodes.thrift.codec.FieldDef;
import io.redwire.nodes.thrift.codec.IncomingCall;
import io.redwire.nodes.thrift.codec.ValueException;

import org.apache.thrift.TApplicationException;

import java.util.Map;

/**
 * thrift-response: answers the call in msg.thrift. msg.payload is the result; msg.err = {name: a declared
 * exception (type or throws-field name), fields: {...}} raises that exception; any other msg.err becomes a
 * TApplicationException INTERNAL_ERROR carrying the error's text. Without msg.err, a msg.error counts the same: it
 * is what thrift-call (same shape) and catch nodes set, so proxy and catch flows answer without extra nodes.
 */
public final class ThriftResponseNode extends Node {

    public static final NodeType TYPE = NodeType.builder("thrift-response", "thrift").icon("thrift").color("#A6BBCF").ports(1, 0)
            .help("Answers the Thrift call a msg came from with `msg.payload` (or an exception from `msg.error`).")
            .label(Label.firstOf("name").or("thrift response"))
            .factory(ThriftResponseNode::new);

    ThriftResponseNode(NodeConfig c) {
        super(c);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (!(msg.get("thrift") instanceof IncomingCall call)) {
            done.done(new NodeError("Error: msg.thrift holds no Thrift call to answer "
                    + "(this node answers messages from a thrift-register-function)"));
            return;
        }
        if (call.oneway()) {
            done.done(); // nobody waits for an answer
            return;
        }
        String what = call.method().qualifiedName();
        Object err = present(msg.get("err")) ? msg.get("err") : msg.get("error");
        try {
            if (present(err)) {
                answerWithError(call, err);
            } else {
                call.reply(msg.get("payload"));
            }
            done.done();
        } catch (ValueException e) {
            call.fail(TApplicationException.INTERNAL_ERROR, "the flow's answer to " + what
                    + " does not match the IDL: " + e.getMessage());
            done.done(new NodeError("Error: cannot answer " + what + ": " + e.getMessage()));
        } catch (IllegalStateException e) {
            done.done(new NodeError("Error: " + e.getMessage()));
        }
        if (call.status() != null) {
            CallMeters.of(engine()).tagged("thrift", "transport", call.transport(), "server",
                    call.method().service(), call.method().name(), call.status(), call.startNanos());
        }
    }

    private static boolean present(Object v) {
        return v != null && v != Undefined.VALUE;
    }

    private static void answerWithError(IncomingCall call, Object err) {
        FieldDef declared = err instanceof Map<?, ?> m && m.get("name") instanceof String name
                ? call.method().exception(name) : null;
        if (declared != null) {
            Object fields = ((Map<?, ?>) err).get("fields");
            call.raise(declared, fields == null || fields == Undefined.VALUE ? Map.of() : fields);
        } else {
            call.fail(TApplicationException.INTERNAL_ERROR, Node.errorText(err));
        }
    }
}
