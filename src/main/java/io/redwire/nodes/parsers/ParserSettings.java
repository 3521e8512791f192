package io.redwire.nodes.parsers;

import io.redwire.api.Setting;
import io.redwire.msg.NodeError;

import java.util.List;

/**
 * How much output the csv and xml nodes build from one input (docs/settings.md lists them; the yaml node's bound,
 * yamlMaxAliasExpansion, is the runtime's, shared with the template node). Node-RED has no such bounds; without
 * them a 5 MB CSV line fills the heap and a 100 000-deep XML document gives a value nothing downstream can copy.
 */
final class ParserSettings {
    static final Setting<Integer> CSV_MAX_FIELDS_PER_LINE = Setting.integer("csvMaxFieldsPerLine", 100_000, null)
            .help("fields in one CSV line, header lines too (Redwire-only)");
    /**
     * Each element is two levels of the object (itself and its array), so 500 keeps the result within what a
     * message copy (2000 levels) and JSON (4000) take.
     */
    static final Setting<Integer> XML_MAX_DEPTH = Setting.integer("xmlMaxDepth", 500, null)
            .help("how deep XML elements may nest in the xml node (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(CSV_MAX_FIELDS_PER_LINE, XML_MAX_DEPTH);

    private ParserSettings() {
    }

    /** The node error for input past a limit, naming the setting that raises it. */
    static NodeError exceeded(String what, Setting<?> limit) {
        return new NodeError("Error: " + what + " (setting " + limit.key() + ")");
    }

    /** The error of a CSV line with more fields than {@code max}. */
    static NodeError tooManyFields(int max) {
        return exceeded("a CSV line has more than " + max + " fields", CSV_MAX_FIELDS_PER_LINE);
    }
}
