package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;
import io.redwire.yaml.JsYaml;

import java.util.Map;

/** yaml: YAML text to a value and a value to YAML text, as Node-RED's js-yaml does ({@link JsYaml}). */
public final class YamlNode extends PropertyParserNode {

    public static final NodeType TYPE = NodeType.builder("yaml", "parser").color("#DEBD5C").ports(1, 1)
            .help("Converts between YAML text and a JavaScript object.\n\n- A string in is parsed; an object out is written as YAML.")
            .field(PROPERTY)
            .factory(YamlNode::new);

    private final int maxAliasValues;

    YamlNode(NodeConfig c) {
        super(c);
        this.maxAliasValues = RuntimeSettings.YAML_MAX_ALIAS_EXPANSION.read(c.services().settings());
    }

    @Override
    protected void convert(Map<String, Object> msg, Object value, Done done) {
        if (value instanceof String text) {
            Object parsed;
            try {
                parsed = JsYaml.load(text, maxAliasValues);
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
            sendWith(msg, text, done);
        } else {
            warn("Ignored unsupported payload type");
            done.done();
        }
    }
}
