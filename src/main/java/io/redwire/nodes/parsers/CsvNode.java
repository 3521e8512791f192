package io.redwire.nodes.parsers;

import io.redwire.spi.Done;
import io.redwire.spi.Field;
import io.redwire.spi.Node;
import io.redwire.spi.NodeConfig;
import io.redwire.msg.NodeError;
import io.redwire.spi.NodeType;

import java.util.List;
import java.util.Map;

/**
 * csv: converts between CSV text and objects. {@code spec: "rfc"} (what new nodes get) runs {@link RfcCsvCodec};
 * anything else is Node-RED's legacy parser, {@link LegacyCsvCodec}. Both keep state across messages (the header
 * sent once, rows collected from a split), as Node-RED's do.
 */
public final class CsvNode extends Node {
    public static final NodeType TYPE = NodeType.builder("csv", "parser")
            .help("Converts between CSV text and objects or arrays, in both directions.")
            .color("#DEBD5C").ports(1, 1)
            .field(Field.select("spec", "rfc", "rfc", ""))
            .field(Field.str("temp", ""))
            .field(Field.str("sep", ","))
            .field(Field.bool("hdrin", false))
            .field(Field.select("hdrout", "none", "none", "all", "once"))
            .field(Field.select("multi", "one", "one", "mult"))
            .field(Field.str("ret", "\\n"))
            .field(Field.num("skip", 0))
            .field(Field.bool("strings", true))
            .field(Field.bool("include_empty_strings", false))
            .field(Field.bool("include_null_values", false))
            .factory(CsvNode::new);

    /** The settings both modes read, decoded as Node-RED decodes them. */
    record Settings(String template, char sep, String ret, boolean multiOne, boolean hdrin, String hdrout, int skip,
                    boolean parseStrings, boolean includeEmptyStrings, boolean includeNullValues) {
        static Settings of(NodeConfig c, String defaultRet) {
            String sep = unescape(text(c.raw().get("sep"), ","));
            String ret = unescape(text(c.raw().get("ret"), defaultRet));
            Object hdrout = c.get("hdrout");
            String out = Boolean.TRUE.equals(hdrout) ? "all"
                    : hdrout == null || Boolean.FALSE.equals(hdrout) || "".equals(hdrout) ? "none" : String.valueOf(hdrout);
            Object strings = c.raw().get("strings");
            return new Settings(c.str("temp"), sep.isEmpty() ? ',' : sep.charAt(0), ret,
                    !"mult".equals(c.str("multi")), Boolean.TRUE.equals(c.raw().get("hdrin")), out,
                    (int) Math.max(0, c.num("skip")), strings == null || Boolean.TRUE.equals(strings),
                    truthy(c.raw().get("include_empty_strings")), truthy(c.raw().get("include_null_values")));
        }

        /** JavaScript's {@code n.x || dflt} for a text setting. */
        private static String text(Object v, String dflt) {
            return v == null || "".equals(v) || Boolean.FALSE.equals(v) ? dflt : String.valueOf(v);
        }

        private static boolean truthy(Object v) {
            return v != null && !Boolean.FALSE.equals(v) && !"".equals(v);
        }

        private static String unescape(String s) {
            return s.replace("\\t", "\t").replace("\\n", "\n").replace("\\r", "\r");
        }
    }

    /** One of the two conversions; each calls done once it has sent what it sends. */
    interface Codec {
        /** False when the node takes no input at all (it has already called done). */
        boolean accepts(Done done);

        /** msg.reset: the next object -> CSV message gets the header again. */
        void resetHeader();

        void fromCsv(Map<String, Object> msg, String text, Done done);

        void toCsv(Map<String, Object> msg, Done done);

        void unsupported(Done done);
    }

    private final Codec codec;

    CsvNode(NodeConfig c) {
        super(c);
        boolean rfc = "rfc".equals(c.raw().get("spec")); // flows from before 4.0 have no spec: legacy
        Settings s = Settings.of(c, rfc ? "\r\n" : "\n");
        this.codec = rfc ? new RfcCsvCodec(this, s) : new LegacyCsvCodec(this, s);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (!codec.accepts(done)) {
            return;
        }
        if (msg.containsKey("reset")) {
            codec.resetHeader();
        }
        if (!msg.containsKey("payload")) {
            if (!msg.containsKey("reset")) {
                send(msg); // no payload and no reset: passed on
            }
            done.done();
            return;
        }
        Object payload = msg.get("payload");
        try {
            if (payload instanceof String text) {
                codec.fromCsv(msg, text, done);
            } else if (payload == null || payload instanceof Map || payload instanceof List || payload instanceof byte[]) {
                codec.toCsv(msg, done);
            } else {
                codec.unsupported(done);
            }
        } catch (NodeError e) {
            done.done(e);
        }
    }
}
