package io.redwire.nodes.parsers;

import io.redwire.js.JsValues;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An object to XML text as xml2js's Builder writes it for Node-RED's xml node: a single top-level key names the root
 * element (else "root" or options.rootName), attrkey ("$") holds attributes, charkey ("_") text, arrays repeat the
 * element; an XML declaration with standalone="yes" unless headless; pretty printing (two spaces, "\n") unless
 * renderOpts.pretty is false — the node passes {renderOpts: {pretty: false}} only when msg.options is absent.
 */
final class ObjectToXml {
    /** An element being built; children are elements or text. */
    private static final class Element {
        final String name;
        final Map<String, String> attributes = new LinkedHashMap<>();
        final List<Object> children = new ArrayList<>();

        Element(String name) {
            this.name = name;
        }
    }

    private final String attrkey;
    private final String charkey;
    private final boolean pretty;
    private final String indent;
    private final String newline;
    private final boolean headless;
    private final String rootName;
    private final Map<?, ?> xmldec;

    private ObjectToXml(Map<?, ?> o) {
        this.attrkey = text(o.get("attrkey"), "$");
        this.charkey = text(o.get("charkey"), "_");
        Map<?, ?> render = o.get("renderOpts") instanceof Map<?, ?> r ? r : Map.of();
        this.pretty = !render.containsKey("pretty") || JsValues.truthy(render.get("pretty"));
        this.indent = text(render.get("indent"), "  ");
        this.newline = text(render.get("newline"), "\n");
        this.headless = JsValues.truthy(o.get("headless"));
        this.rootName = text(o.get("rootName"), "root");
        this.xmldec = o.get("xmldec") instanceof Map<?, ?> x ? x : Map.of();
    }

    static String build(Object value, Map<?, ?> options) {
        return new ObjectToXml(options).build(value);
    }

    private static String text(Object v, String dflt) {
        return v == null ? dflt : JsValues.toJsString(v);
    }

    private String build(Object value) {
        String name = rootName;
        Object body = value;
        if (value instanceof Map<?, ?> m && m.size() == 1 && "root".equals(rootName)) {
            Map.Entry<?, ?> only = m.entrySet().iterator().next();
            name = String.valueOf(only.getKey());
            body = only.getValue();
        }
        Element root = new Element(name);
        render(root, body);
        StringBuilder out = new StringBuilder();
        if (!headless) {
            out.append("<?xml version=\"").append(text(xmldec.get("version"), "1.0")).append('"');
            out.append(" encoding=\"").append(text(xmldec.get("encoding"), "UTF-8")).append('"');
            if (!xmldec.containsKey("standalone") || JsValues.truthy(xmldec.get("standalone"))) {
                out.append(" standalone=\"yes\"");
            }
            out.append("?>");
            if (pretty) {
                out.append(newline);
            }
        }
        write(out, root, 0);
        return out.toString();
    }

    private void render(Element element, Object obj) {
        if (obj instanceof List<?> list) {
            for (Object child : list) {
                if (child instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> element.children.add(child(String.valueOf(k), v)));
                }
            }
        } else if (obj instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = String.valueOf(e.getKey());
                Object child = e.getValue();
                if (key.equals(attrkey)) {
                    if (child instanceof Map<?, ?> attrs) {
                        attrs.forEach((a, v) -> element.attributes.put(String.valueOf(a), JsValues.toJsString(v)));
                    }
                } else if (key.equals(charkey)) {
                    element.children.add(JsValues.toJsString(child));
                } else if (child instanceof List<?> entries) {
                    for (Object entry : entries) {
                        element.children.add(child(key, entry));
                    }
                } else {
                    element.children.add(child(key, child));
                }
            }
        } else if (obj != null) {
            element.children.add(JsValues.toJsString(obj));
        }
    }

    private Element child(String name, Object value) {
        Element e = new Element(name);
        if (value instanceof Map || value instanceof List) {
            render(e, value);
        } else if (value != null && !"".equals(value)) {
            e.children.add(JsValues.toJsString(value));
        }
        return e;
    }

    private void write(StringBuilder out, Element e, int level) {
        if (pretty) {
            out.append(indent.repeat(level));
        }
        out.append('<').append(e.name);
        e.attributes.forEach((k, v) -> out.append(' ').append(k).append("=\"").append(escapeAttr(v)).append('"'));
        if (e.children.isEmpty()) {
            out.append("/>");
        } else if (!pretty || e.children.size() == 1 && e.children.get(0) instanceof String) {
            out.append('>');
            for (Object c : e.children) {
                if (c instanceof Element child) {
                    write(out, child, level + 1);
                } else {
                    out.append(escapeText((String) c));
                }
            }
            out.append("</").append(e.name).append('>');
        } else {
            out.append('>').append(newline);
            for (Object c : e.children) {
                if (c instanceof Element child) {
                    write(out, child, level + 1);
                } else {
                    out.append(indent.repeat(level + 1)).append(escapeText((String) c));
                }
                out.append(newline);
            }
            out.append(indent.repeat(level)).append("</").append(e.name).append('>');
        }
    }

    private static String escapeText(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#xD;");
    }

    private static String escapeAttr(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;").replace("\t", "&#x9;")
                .replace("\n", "&#xA;").replace("\r", "&#xD;");
    }
}
