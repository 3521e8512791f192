package io.redwire.nodes.parsers;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.JsonParse;
import io.redwire.msg.NodeError;
import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.NodeConfig;
import io.redwire.spi.NodeType;

import java.util.Map;

/** json: converts a property between a JSON string (or Buffer) and the value it encodes, either way or one way. */
public final class JsonNode extends PropertyParserNode {
    static final Field ACTION = Field.select("action", "", "", "str", "obj").label("action (\"\" = convert both ways)");
    static final Field PRETTY = Field.bool("pretty", false);

    public static final NodeType TYPE = NodeType.builder("json", "parser").icon("json")
            .help("Converts between a JSON string and the JavaScript object it describes.")
            .color("#DEBD5C").ports(1, 1)
            .fields(PROPERTY, ACTION, PRETTY)
            .factory(JsonNode::new);

    private final boolean toObject;
    private final boolean toString;
    private final boolean pretty;

    JsonNode(NodeConfig c) {
        super(c);
        String action = c.str(ACTION);
        this.toObject = action.isEmpty() || action.equals("obj");
        this.toString = action.isEmpty() || action.equals("str");
        this.pretty = c.bool(PRETTY);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (msg.get("schema") != null) {
            done.done(new NodeError("JSON Schema validation (msg.schema) is not supported by Redwire"));
            return;
        }
        super.onInput(msg, done);
    }

    @Override
    protected void convert(Map<String, Object> msg, Object value, Done done) {
        if (value instanceof String || value instanceof byte[]) {
            if (toObject) {
                String text = text(value);
                Object parsed;
                try {
                    parsed = JsonParse.parse(text);
                } catch (NodeError e) {
                    done.done(e); // msg keeps the original text
                    return;
                }
                property.set(msg, parsed, true, msg);
            }
            send(msg);
            done.done();
            return;
        }
        if (JsValues.typeOf(value).equals("object") || value instanceof Boolean || value instanceof Number) {
            if (toString) {
                String text;
                try {
                    text = pretty ? Json.pretty(value) : Json.stringify(value);
                } catch (IllegalArgumentException e) {
                    done.done(new NodeError("Failed to convert payload"));
                    return;
                }
                property.set(msg, text, true, msg);
            }
            send(msg);
            done.done();
            return;
        }
        warn("Ignored unsupported payload type");
        done.done();
    }
}
