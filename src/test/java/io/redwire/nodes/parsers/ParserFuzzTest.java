package io.redwire.nodes.parsers;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.msg.Json;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.testing.Fuzz;
import io.redwire.yaml.JsYaml;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Mutated YAML, CSV and XML through the parsers of the yaml, csv and xml nodes, at their default limits: a value a
 * message can carry (copied and written as JSON without error), or the parser's NodeError, never another
 * exception, a value too deep to copy, a hang or a full heap (issue 21). The corpus keeps the alias bomb, a line
 * past csvMaxFieldsPerLine and elements nested past xmlMaxDepth.
 */
class ParserFuzzTest {
    private static final List<String> YAML = List.of("a: &x {b: [1, 2.5, true, null, ~, 2026-01-02]}\nc: *x\n"
            + "d: {<<: *x, e: \"q\\u00e9\"}\nf: |\n  text\n  more\ng: !!str 12\n", "- &l [a, b]\n- *l\n- [*l, *l]\n");
    private static final List<String> YAML_TOKENS = List.of("&a ", "*a", "[", "]", "{", "}", ": ", "- ", "<<: ",
            "!!int ", "!!binary ", "? ", "---\n", "\n  ", "'", "\"", "|", ">", "%YAML 1.2\n", "\t");
    private static final List<String> CSV = List.of("a,b,c\n1,\"x,\"\"y\",3\r\n,,\n+1,01,-0.5e3\n",
            "\"q\nline\",2\r\"\",x\"y\n");
    private static final List<String> CSV_TOKENS = List.of(",", "\"", "\"\"", "\n", "\r\n", "\r", ",,,,", "0x1f",
            "Infinity", "-0");
    private static final List<String> XML = List.of("<?xml version=\"1.0\"?><r a=\"1\" b='x'><c>t&amp;u</c><c/>"
            + "<!-- n --><d><![CDATA[<z>]]></d>tail</r>", "<a><b><c>1</c><c>2</c></b></a>");
    private static final List<String> XML_TOKENS = List.of("<", ">", "</", "/>", "<a>", "</a>", "&#x1F600;", "&lt;",
            "<!DOCTYPE r [<!ENTITY e \"x\">]>", "<![CDATA[", "]]>", "=\"", "<?pi?>", "xmlns:a=\"u\"");

    /** A mutated text of one of the three formats, with the check of its parser. */
    record Input(String text, Consumer<String> check) {
        @Override
        public String toString() {
            return text;
        }
    }

    @Provide
    Arbitrary<Input> inputs() {
        return Arbitraries.oneOf(Fuzz.mutations(YAML, YAML_TOKENS).map(t -> new Input(t, ParserFuzzTest::checkYaml)),
                Fuzz.mutations(CSV, CSV_TOKENS).map(t -> new Input(t, ParserFuzzTest::checkCsv)),
                Fuzz.mutations(XML, XML_TOKENS).map(t -> new Input(t, ParserFuzzTest::checkXml)));
    }

    @Property
    void aMutatedInputParsesOrIsRefusedCleanly(@ForAll("inputs") Input input) {
        input.check().accept(input.text());
    }

    @Test
    void theKeptCorpusStaysFixed() {
        Fuzz.corpus("yaml").forEach(ParserFuzzTest::checkYaml);
        Fuzz.corpus("csv").forEach(ParserFuzzTest::checkCsv);
        Fuzz.corpus("xml").forEach(ParserFuzzTest::checkXml);
    }

    private static void checkYaml(String text) {
        carried(text, () -> JsYaml.load(text, RuntimeSettings.YAML_MAX_ALIAS_EXPANSION.read(Settings.defaults())));
    }

    private static void checkCsv(String text) {
        for (boolean strict : new boolean[] {false, true}) {
            carried(text, () -> {
                RfcCsv.Options o = new RfcCsv.Options();
                o.strict = strict;
                o.parseNumeric = true;
                o.maxFields = ParserSettings.CSV_MAX_FIELDS_PER_LINE.read(Settings.defaults());
                return RfcCsv.parse(text, o).objects(o);
            });
        }
    }

    private static void checkXml(String text) {
        carried(text, () -> XmlToObject.parse(text, Map.of(), ParserSettings.XML_MAX_DEPTH.read(Settings.defaults())));
    }

    /** The parser refuses with its NodeError, or gives a value that copies and writes as JSON. */
    private static void carried(String input, java.util.concurrent.Callable<Object> parser) {
        Fuzz.mustRefuseCleanly(input, () -> {
            Object value;
            try {
                value = parser.call();
            } catch (NodeError refused) {
                return;
            }
            try {
                Messages.deepCopy(value);
                Json.stringify(value);
            } catch (Json.CircularStructure cycle) {
                // an alias inside its own anchor: a cycle, as in js-yaml's result, which messages may hold
            } catch (RuntimeException e) {
                throw new AssertionError("the parsed value cannot be carried: " + e, e);
            }
        });
    }
}
