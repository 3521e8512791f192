package io.redwire.nodes.common;

import io.redwire.api.DebugEvent;
import io.redwire.api.DebugTarget;
import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.CircularMarkers;
import io.redwire.msg.Json;
import io.redwire.msg.JsonataExpression;
import io.redwire.msg.PropertyPath;

import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.Map;

/** debug: publishes msg.payload, the whole msg, a property or an expression to the sidebar/stdout/status. */
public final class DebugNode extends Node implements DebugTarget {
    static final Field ACTIVE = Field.bool("active", true);
    static final Field TOSIDEBAR = Field.bool("tosidebar", true);
    static final Field CONSOLE = Field.bool("console", false);
    static final Field TOSTATUS = Field.bool("tostatus", false);
    static final Field COMPLETE = Field.str("complete", "false").label("output (false = payload, true = whole msg)");
    static final Field TARGET_TYPE = Field.select("targetType", "msg", "msg", "full", "jsonata");
    static final Field STATUS_VAL = Field.str("statusVal", "");
    static final Field STATUS_TYPE = Field.select("statusType", "auto", "auto", "msg", "jsonata", "counter");

    public static final NodeType TYPE = NodeType.builder("debug", "common").icon("debug")
            .label(Label.computed())
            .help("Shows messages in the debug sidebar.\n\n- Output `msg.payload`, another property, the whole message, or a JSONata expression of it.\n- Can also write to the runtime log and show the value as the node's status.\n- The button on the node switches its output off and on without a deploy.")
            .color("#87a980").ports(1, 0)
            .button(NodeType.Button.toggle("debug", ACTIVE, "debug output"))
            .fields(ACTIVE, TOSIDEBAR, CONSOLE, TOSTATUS, COMPLETE, TARGET_TYPE, STATUS_VAL, STATUS_TYPE)
            .factory(DebugNode::new);
    private static final int STATUS_LENGTH = 32;

    private volatile boolean active;
    private final boolean sidebar;
    private final boolean console;
    private final boolean toStatus;
    private final boolean wholeMsg;
    private final PropertyPath property;
    private final JsonataExpression expression;
    private final String statusType;
    private final PropertyPath statusProperty;
    private final JsonataExpression statusExpression;
    private int counter;
    private String lastStatus;

    DebugNode(NodeConfig c) {
        super(c);
        this.active = c.bool(ACTIVE);
        this.sidebar = c.bool(TOSIDEBAR);
        this.console = c.bool(CONSOLE);
        this.toStatus = c.bool(TOSTATUS);
        String complete = c.str(COMPLETE);
        boolean jsonata = "jsonata".equals(c.str(TARGET_TYPE));
        this.wholeMsg = "true".equals(complete);
        this.expression = jsonata ? JsonataExpression.compile(complete) : null;
        this.property = wholeMsg || jsonata ? null : PropertyPath.ofMsg(complete.isEmpty() || "false".equals(complete)
                ? "payload" : complete);
        this.statusType = c.str(STATUS_TYPE);
        this.statusProperty = "msg".equals(statusType) && !c.str(STATUS_VAL).isEmpty()
                ? PropertyPath.ofMsg(c.str(STATUS_VAL)) : null;
        this.statusExpression = "jsonata".equals(statusType) ? JsonataExpression.compile(c.str(STATUS_VAL)) : null;
    }

    public void setActive(boolean on) {
        this.active = on;
    }

    public boolean isActive() {
        return active;
    }

    /** Node-RED's debug node at start: a grey ring when it shows status, then the counter at 0 or a blank status. */
    @Override
    public Future<Void> start() {
        if (toStatus) {
            status(statusOf("grey", "ring", null));
        }
        status("counter".equals(statusType) ? statusOf("blue", "ring", "0") : statusOf("", "", ""));
        return Future.succeededFuture();
    }

    private static Map<String, Object> statusOf(String fill, String shape, String text) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("fill", fill);
        s.put("shape", shape);
        if (text != null) {
            s.put("text", text);
        }
        return s;
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (isOwnStatus(msg)) {
            done.done();
            return;
        }
        Object value = wholeMsg ? msg : expression != null ? expression.evaluate(msg, this)
                : property.getOrUndefined(msg, msg);
        if (toStatus) {
            updateStatus(msg, value); // before the sidebar message, as in Node-RED
        }
        if (console) {
            log(value instanceof String s ? (s.contains("\n") ? "\n" + s : s)
                    : value == Undefined.VALUE ? "undefined" : "\n" + CircularMarkers.json(value, true));
        }
        if (active && sidebar) {
            engine().publishDebug(new DebugEvent(id(), z(), name(), z(), msg.get("topic"),
                    wholeMsg || expression != null ? null : property.text(), value, null));
        }
        done.done();
    }

    private boolean isOwnStatus(Map<String, Object> msg) {
        return msg.get("status") instanceof Map<?, ?> s && s.get("source") instanceof Map<?, ?> src
                && id().equals(src.get("id"));
    }

    private void updateStatus(Map<String, Object> msg, Object shown) {
        Map<String, Object> s;
        if ("counter".equals(statusType)) {
            s = statusOf("blue", "ring", String.valueOf(++counter));
        } else {
            Object v = statusProperty != null ? statusProperty.getOrNull(msg, msg)
                    : statusExpression != null ? statusExpression.evaluate(msg, this)
                    : wholeMsg ? msg.get("payload") : shown;
            if ("auto".equals(statusType) && msg.get("error") instanceof Map<?, ?> err) {
                s = statusOf("red", "dot", JsValues.toJsString(err.get("message")));
            } else {
                String text = v instanceof String str ? str : v == Undefined.VALUE ? "undefined"
                        : v instanceof Map || v instanceof java.util.List ? CircularMarkers.json(v, false) : JsValues.toJsString(v);
                if (text.length() > STATUS_LENGTH) {
                    text = text.substring(0, STATUS_LENGTH) + "...";
                }
                s = statusOf("grey", "dot", text);
            }
        }
        String key = Json.stringify(s);
        if (!key.equals(lastStatus)) {
            lastStatus = key;
            status(s);
        }
    }
}
