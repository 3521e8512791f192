package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;
import io.redwire.msg.NodeError;

import java.util.List;
import java.util.Map;

/**
 * csv: converts between CSV text and objects. {@code spec: "rfc"} (what new nodes get) runs {@link RfcCsvCodec};
 * anything else is Node-RED's legacy parser, {@link LegacyCsvCodec}. Both keep state across messages (the header
 * sent once, rows collected from a split), as Node-RED's do.
 */
public final class CsvNode extends Node {
    static final Field SPEC = Field.select("spec", "rfc", "rfc", "")
            .runtimeDefault(""); // flows from before 4.0 have no spec: legacy mode
    static final Field TEMP = Field.str("temp", "");
    static final Field SEP = Field.str("sep", ",");
    static final Field HDRIN = Field.bool("hdrin", false);
    static final Field HDROUT = Field.select("hdrout", "none", "none", "all", "once");
    static final Field MULTI = Field.select("multi", "one", "one", "mult");
    static final Field RET = Field.str("ret", "\\n").runtimeDefault(null); // left out: the mode's own line end
    static final Field SKIP = Field.num("skip", 0);
    static final Field STRINGS = Field.bool("strings", true);
    static final Field INCLUDE_EMPTY_STRINGS = Field.bool("include_empty_strings", false);
    static final Field INCLUDE_NULL_VALUES = Field.bool("include_null_values", false);

    public static final NodeType TYPE = NodeType.builder("csv", "parser").color("#DEBD5C").ports(1, 1)
            .help("Converts between CSV text and objects.\n\n- A string in: one message per row (or one message with an array of rows), using the column names of the template or the first line.\n- An object or array out: CSV text, with a header line as configured.\n- RFC 4180 mode, or the legacy mode of flows from before Node-RED 4.")
            .fields(SPEC, TEMP, SEP, HDRIN, HDROUT, MULTI, RET, SKIP, STRINGS, INCLUDE_EMPTY_STRINGS,
                    INCLUDE_NULL_VALUES)
            .factory(CsvNode::new);

    /** The settings both modes read, decoded as Node-RED decodes them, and the runtime's csvMaxFieldsPerLine. */
    record Settings(String template, char sep, String ret, boolean multiOne, boolean hdrin, String hdrout, int skip,
                    boolean parseStrings, boolean includeEmptyStrings, boolean includeNullValues, int maxFields) {
        static Settings of(NodeConfig c, String defaultRet) {
            String sep = unescape(text(c.get(SEP), ","));
            String ret = unescape(text(c.get(RET), defaultRet));
            Object hdrout = c.get(HDROUT);
            String out = Boolean.TRUE.equals(hdrout) ? "all"
                    : hdrout == null || Boolean.FALSE.equals(hdrout) || "".equals(hdrout) ? "none" : String.valueOf(hdrout);
            Object strings = c.get(STRINGS);
            return new Settings(c.str(TEMP), sep.isEmpty() ? ',' : sep.charAt(0), ret,
                    !"mult".equals(c.str(MULTI)), Boolean.TRUE.equals(c.get(HDRIN)), out,
                    (int) Math.max(0, c.num(SKIP)), strings == null || Boolean.TRUE.equals(strings),
                    truthy(c.get(INCLUDE_EMPTY_STRINGS)), truthy(c.get(INCLUDE_NULL_VALUES)),
                    ParserSettings.CSV_MAX_FIELDS_PER_LINE.read(c.services().settings()));
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

    private final CsvCodec codec;

    CsvNode(NodeConfig c) {
        super(c);
        boolean rfc = "rfc".equals(c.get(SPEC));
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
