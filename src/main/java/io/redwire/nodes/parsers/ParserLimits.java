package io.redwire.nodes.parsers;

import io.redwire.msg.NodeError;

/**
 * How much output the csv and xml nodes build from one input (README "Limits and faults" lists them; the yaml
 * node's is {@link io.redwire.yaml.JsYaml#MAX_ALIAS_VALUES}). Node-RED
 * has no such bounds; without them a 1 kB YAML alias bomb or a 5 MB CSV line fills the heap and a 100 000-deep XML
 * document gives a value nothing downstream can copy or write.
 */
final class ParserLimits {
    /** csvMaxFieldsPerLine: fields in one CSV line. */
    static final int CSV_MAX_FIELDS_PER_LINE = 100_000;
    /**
     * xmlMaxDepth: how deep elements may nest. Each element is two levels of the object (itself and its array), so
     * 500 keeps the result within what a message copy (2000 levels) and JSON (4000) take.
     */
    static final int XML_MAX_DEPTH = 500;

    private ParserLimits() {
    }

    /** The node error for input past a limit, naming the setting that raises it. */
    static NodeError exceeded(String what, String key) {
        return new NodeError("Error: " + what + " (setting " + key + ")");
    }

    /** The error of a CSV line with more fields than {@code max}. */
    static NodeError tooManyFields(int max) {
        return exceeded("a CSV line has more than " + max + " fields", "csvMaxFieldsPerLine");
    }
}
