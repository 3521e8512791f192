package io.redwire.nodes.parsers;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.msg.NodeError;
import io.redwire.spi.NodeType;
import io.redwire.msg.PropertyPath;
import io.redwire.js.Undefined;
import io.redwire.yaml.JsYaml;

import java.util.Map;

/** yaml: YAML text to a value and a value to YAML text, as Node-RED's js-yaml does ({@link JsYaml}). */
public final class YamlNode extends Node {
    static final Field PROPERTY = Field.str("property", "payload");

    public static final NodeType TYPE = NodeType.builder("yaml", "parser").color("#DEBD5C").ports(1, 1)
            .help("Converts between YAML text and a JavaScript object.\n\n- A string in is parsed; an object out is written as YAML.")
            .field(PROPERTY)
            .factory(YamlNode::new);

    private final PropertyPath property;

    YamlNode(NodeConfig c) {
        super(c);
        this.property = c.msgPath(PROPERTY);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value = property.get(msg, msg);
        if (value == null && !property.exists(msg, msg)) {
            send(msg);
            done.done();
            return;
        }
        if (value instanceof String text) {
            Object parsed;
            try {
                parsed = JsYaml.load(text);
            } catch (NodeError e) {
                done.done(e); // js-yaml's message, passed on as a plain string like Node-RED's done(e.message)
                return;
            }
            property.set(msg, parsed, parsed != Undefined.VALUE, msg);
            send(msg);
            done.done();
        } else if (value instanceof byte[]) {
            warn("Ignored non-object payload");
            done.done();
        } else if (value == null || value instanceof Map || value instanceof java.util.List
                || value instanceof java.util.Date) {
            String text;
            try {
                text = JsYaml.dump(value);
            } catch (NodeError e) {
                done.done(new NodeError("Failed to convert payload"));
                return;
            }
            property.set(msg, text, true, msg);
            send(msg);
            done.done();
        } else {
            warn("Ignored unsupported payload type");
            done.done();
        }
    }
}
