package io.redwire.nodes.parsers;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The parser family beyond json: csv, xml, yaml, html. */
public final class ParserNodes {
    private ParserNodes() {
    }

    public static List<NodeType> types() {
        return List.of(CsvNode.TYPE, XmlNode.TYPE, YamlNode.TYPE, HtmlNode.TYPE);
    }
}
