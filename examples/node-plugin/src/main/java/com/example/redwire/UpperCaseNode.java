package com.example.redwire;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.api.Setting;
import io.redwire.msg.PropertyPath;

import java.util.Locale;
import java.util.Map;

/** Upper-cases a text property of each message (msg.payload unless configured). */
public final class UpperCaseNode extends Node {
    static final Field PROPERTY = Field.str("property", "payload").label("Property")
            .help("The message property to upper-case; blank: payload.");

    /** A setting of the plugin's own: ExampleNodes declares it, so a settings file may hold it without a warning. */
    static final Setting<String> LOCALE = Setting.text("upperCaseLocale", "")
            .help("language tag whose rules upper-case the text (\"tr\": i becomes İ); blank: no language's");

    public static final NodeType TYPE = NodeType.builder("upper-case", "function")
            .color("#E2D96E").icon("font-awesome/fa-font").paletteLabel("upper case")
            .help("Upper-cases the text in a message property; other values pass unchanged.")
            .label(NodeType.Label.firstOf("name", "property").or("upper case"))
            .field(PROPERTY)
            .factory(UpperCaseNode::new);

    private final PropertyPath property;
    private final Locale locale;

    private UpperCaseNode(NodeConfig config) {
        super(config);
        this.property = config.msgPath(PROPERTY);
        String tag = LOCALE.read(config.services().settings());
        this.locale = tag.isBlank() ? Locale.ROOT : Locale.forLanguageTag(tag);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        Object value;
        try {
            value = property.get(msg, msg);
        } catch (PropertyPath.PropertyException e) { // a parent of the property is missing
            value = null;
        }
        if (value instanceof String text) {
            property.set(msg, text.toUpperCase(locale), true, msg);
        }
        send(msg);
        done.done();
    }
}
