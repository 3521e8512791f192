package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.msg.PropertyPath;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What Node-RED's json, xml, yaml and html nodes share: they work on one msg property (config "property", default
 * payload), and a message without that property passes on untouched.
 */
abstract class PropertyParserNode extends Node {
    static final Field PROPERTY = Field.str("property", "payload");

    protected final PropertyPath property;

    PropertyParserNode(NodeConfig c) {
        super(c);
        this.property = c.msgPath(PROPERTY);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value = property.get(msg, msg); // a missing parent throws, which the runtime reports
        if (value == null && !property.exists(msg, msg)) {
            send(msg);
            done.done();
            return;
        }
        convert(msg, value, done);
    }

    /** Handles a message whose property is present ({@code value}, possibly null). */
    protected abstract void convert(Map<String, Object> msg, Object value, Done done);

    /** The property set to {@code result}, the message sent, done. */
    protected final void sendWith(Map<String, Object> msg, Object result, Done done) {
        property.set(msg, result, true, msg);
        send(msg);
        done.done();
    }

    /** Text as Node-RED's parsers read it: a Buffer as UTF-8, a string as is. */
    static String text(Object stringOrBytes) {
        return stringOrBytes instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : (String) stringOrBytes;
    }
}
