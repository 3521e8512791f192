package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.JsonParse;
import io.redwire.msg.NodeError;

import java.util.List;
import java.util.Map;

/**
 * json: converts a property between a JSON string (or Buffer) and the value it encodes, either way or one way; with
 * msg.schema, the value is first validated against that JSON Schema ({@link JsonSchemas}, errors as ajv's).
 */
public final class JsonNode extends PropertyParserNode {
    static final Field ACTION = Field.select("action", "", "", "str", "obj").label("action (\"\" = convert both ways)");
    static final Field PRETTY = Field.bool("pretty", false);
    private static final String SCHEMA_ERROR = "JSON Schema error: ";

    public static final NodeType TYPE = NodeType.builder("json", "parser").icon("json")
            .help("Converts between a JSON string and the JavaScript object it describes.")
            .color("#DEBD5C").ports(1, 1)
            .fields(PROPERTY, ACTION, PRETTY)
            .factory(JsonNode::new);

    private final boolean toObject;
    private final boolean toString;
    private final boolean pretty;
    private final JsonSchemas schemas = new JsonSchemas();

    JsonNode(NodeConfig c) {
        super(c);
        String action = c.str(ACTION);
        this.toObject = action.isEmpty() || action.equals("obj");
        this.toString = action.isEmpty() || action.equals("str");
        this.pretty = c.bool(PRETTY);
    }

    @Override
    protected void convert(Map<String, Object> msg, Object value, Done done) {
        JsonSchemas.Compiled schema = null;
        if (JsValues.truthy(msg.get("schema"))) { // Node-RED validates against a truthy msg.schema only
            try {
                schema = schemas.compile(msg.get("schema"));
            } catch (JsonSchemas.CompileFailure e) {
                done.done(new NodeError(SCHEMA_ERROR + e.getMessage()));
                return;
            }
        }
        if (value instanceof String || value instanceof byte[]) {
            if (toObject || schema != null) {
                String text = text(value);
                Object parsed;
                try {
                    parsed = JsonParse.parse(text);
                } catch (NodeError e) {
                    done.done(e); // msg keeps the original text
                    return;
                }
                if (toObject) {
                    property.set(msg, parsed, true, msg);
                }
                if (schema != null && !valid(schema, parsed, msg, done)) {
                    return;
                }
            }
            send(msg);
            done.done();
            return;
        }
        if (JsValues.typeOf(value).equals("object") || value instanceof Boolean || value instanceof Number) {
            if (schema != null && !valid(schema, value, msg, done)) {
                return;
            }
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

    /**
     * Node-RED: a valid value loses msg.schema; an invalid one fails the message with ajv's errors text, keeping
     * msg.schema, and msg.schemaError lists the errors.
     */
    private static boolean valid(JsonSchemas.Compiled schema, Object value, Map<String, Object> msg, Done done) {
        List<Map<String, Object>> errors = schema.errors(value);
        if (errors.isEmpty()) {
            msg.remove("schema");
            return true;
        }
        msg.put("schemaError", errors);
        done.done(new NodeError(SCHEMA_ERROR + AjvErrors.text(errors)));
        return false;
    }
}
