package io.redwire.nodes.parsers;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** Parsers between text and objects: json, csv, xml, yaml, html. */
public final class ParserNodes implements NodeFamily {
    @Override
    public String name() {
        return "parsers";
    }

    @Override
    public List<NodeType> types() {
        return List.of(JsonNode.TYPE, CsvNode.TYPE, XmlNode.TYPE, YamlNode.TYPE, HtmlNode.TYPE);
    }
}
