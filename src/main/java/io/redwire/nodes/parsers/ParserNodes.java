package io.redwire.nodes.parsers;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** Parsers between text and objects: json, csv, xml, yaml, html. */
public final class ParserNodes extends DeclaredFamily {
    public ParserNodes() {
        super("parsers", List.of("json", "csv", "xml", "yaml", "html"),
                () -> List.of(JsonNode.TYPE, CsvNode.TYPE, XmlNode.TYPE, YamlNode.TYPE, HtmlNode.TYPE));
        declares(ParserSettings.ALL);
    }
}
