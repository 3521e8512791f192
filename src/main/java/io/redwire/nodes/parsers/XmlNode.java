package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.NodeError;

import java.util.LinkedHashMap;
import java.util.Map;

/** xml: XML text to an object in xml2js's shapes ({@link XmlToObject}), an object to XML text ({@link ObjectToXml}). */
public final class XmlNode extends PropertyParserNode {
    static final Field ATTR = Field.str("attr", "").label("attribute key (\"\" = $)");
    static final Field CHR = Field.str("chr", "").label("text key (\"\" = _)");

    public static final NodeType TYPE = NodeType.builder("xml", "parser").color("#DEBD5C").ports(1, 1)
            .help("Converts between XML text and a JavaScript object.\n\n- Attributes go under `$` (or the chosen key), text under `_` when an element also has attributes or children.")
            .fields(PROPERTY, ATTR, CHR)
            .factory(XmlNode::new);

    private final String attrkey;
    private final String charkey;
    private final int maxDepth;

    XmlNode(NodeConfig c) {
        super(c);
        this.attrkey = c.str(ATTR);
        this.charkey = c.str(CHR);
        this.maxDepth = ParserSettings.XML_MAX_DEPTH.read(c.services().settings());
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void convert(Map<String, Object> msg, Object value, Done done) {
        Map<String, Object> options = msg.get("options") instanceof Map<?, ?> o ? (Map<String, Object>) o : null;
        if (value instanceof String || value instanceof byte[]) {
            String text = text(value);
            // like Node-RED, the options object of the message is completed in place
            Map<String, Object> opts = options != null ? options : new LinkedHashMap<>();
            opts.put("async", true);
            opts.put("attrkey", firstNonEmpty(attrkey, opts.get("attrkey"), "$"));
            opts.put("charkey", firstNonEmpty(charkey, opts.get("charkey"), "_"));
            Object parsed;
            try {
                parsed = XmlToObject.parse(text, opts, maxDepth);
            } catch (NodeError e) {
                done.done(e);
                return;
            }
            sendWith(msg, parsed, done);
        } else if (value instanceof Map || value instanceof java.util.List || value == null) {
            Map<String, Object> opts;
            if (options != null) {
                opts = options;
            } else {
                opts = new LinkedHashMap<>();
                opts.put("renderOpts", new LinkedHashMap<>(Map.of("pretty", false)));
            }
            opts.put("async", false);
            sendWith(msg, ObjectToXml.build(value, opts), done);
        } else {
            warn("This node only handles xml strings or js objects.");
            done.done();
        }
    }

    private static Object firstNonEmpty(String node, Object fromMsg, String dflt) {
        if (!node.isEmpty()) {
            return node;
        }
        return fromMsg != null && !"".equals(fromMsg) && !Boolean.FALSE.equals(fromMsg) ? fromMsg : dflt;
    }
}
