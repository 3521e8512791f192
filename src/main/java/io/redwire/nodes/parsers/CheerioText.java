package io.redwire.nodes.parsers;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What Node-RED's html node (cheerio) returns for a matched element, computed on jsoup's tree: text() is every
 * descendant text joined with nothing added (no whitespace normalising, script and style text included, unlike
 * jsoup's text()); html is the inner markup re-serialised in XML mode (empty elements as {@code <br/>}, text and
 * attribute values escaped with XML entities and non-ASCII as numeric references).
 */
final class CheerioText {
    private CheerioText() {
    }

    static String text(Element e) {
        StringBuilder out = new StringBuilder();
        appendText(e, out);
        return out.toString();
    }

    private static void appendText(Node n, StringBuilder out) {
        for (Node child : n.childNodes()) {
            if (child instanceof TextNode t) {
                out.append(t.getWholeText());
            } else if (child instanceof DataNode d) {
                out.append(d.getWholeData());
            } else if (child instanceof Element) {
                appendText(child, out);
            }
        }
    }

    static Map<String, Object> attributes(Element e) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Attribute a : e.attributes()) {
            out.put(a.getKey(), a.getValue());
        }
        return out;
    }

    /** cheerio's $(el).html(): the inner HTML as jsoup writes it, without pretty printing. */
    static String innerHtml(Element e) {
        Document owner = e.ownerDocument();
        if (owner != null) {
            owner.outputSettings().prettyPrint(false);
        }
        return e.html();
    }

    /** cheerio.load(html, null, false).xml() on the element's trimmed inner HTML. */
    static String innerXml(Element e) {
        Element fragment = org.jsoup.Jsoup.parseBodyFragment(innerHtml(e).strip()).body();
        StringBuilder out = new StringBuilder();
        for (Node child : fragment.childNodes()) {
            appendXml(child, out);
        }
        return out.toString();
    }

    private static void appendXml(Node n, StringBuilder out) {
        if (n instanceof TextNode t) {
            out.append(escape(t.getWholeText(), false));
        } else if (n instanceof DataNode d) {
            out.append(d.getWholeData());
        } else if (n instanceof Comment c) {
            out.append("<!--").append(c.getData()).append("-->");
        } else if (n instanceof Element e) {
            out.append('<').append(e.tagName());
            for (Attribute a : e.attributes()) {
                out.append(' ').append(a.getKey()).append("=\"").append(escape(a.getValue(), true)).append('"');
            }
            if (e.childNodeSize() == 0) {
                out.append("/>");
                return;
            }
            out.append('>');
            for (Node child : e.childNodes()) {
                appendXml(child, out);
            }
            out.append("</").append(e.tagName()).append('>');
        }
    }

    private static String escape(String s, boolean attribute) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append(attribute ? "&quot;" : "\"");
                case '\'' -> out.append(attribute ? "&apos;" : "'");
                default -> {
                    if (c < 0x80) {
                        out.appendCodePoint(c);
                    } else {
                        out.append("&#x").append(Integer.toHexString(c)).append(';');
                    }
                }
            }
        });
        return out.toString();
    }
}
