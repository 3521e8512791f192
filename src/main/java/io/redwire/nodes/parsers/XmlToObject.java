package io.redwire.nodes.parsers;

import io.redwire.js.JsValues;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * XML text to the object shapes xml2js gives Node-RED's xml node: child elements in arrays (explicitArray),
 * attributes under attrkey ("$"), text under charkey ("_") or as the plain value of a text-only element, '' for an
 * empty one, the root element as the single key. Reads the xml2js options a message may carry (explicitArray,
 * mergeAttrs, ignoreAttrs, explicitRoot, explicitCharkey, trim, normalize, normalizeTags, emptyTag).
 */
final class XmlToObject implements SaxScanner.Handler {
    private static final String NAME = "#name";

    private final String attrkey;
    private final String charkey;
    private final boolean explicitArray;
    private final boolean mergeAttrs;
    private final boolean ignoreAttrs;
    private final boolean explicitRoot;
    private final boolean explicitCharkey;
    private final boolean trim;
    private final boolean normalize;
    private final boolean normalizeTags;
    private final Object emptyTag;
    private final Deque<Map<String, Object>> stack = new ArrayDeque<>();
    private Object result;

    private XmlToObject(Map<?, ?> o) {
        this.attrkey = str(o, "attrkey", "$");
        this.charkey = str(o, "charkey", "_");
        this.explicitArray = flag(o, "explicitArray", true);
        this.mergeAttrs = flag(o, "mergeAttrs", false);
        this.ignoreAttrs = flag(o, "ignoreAttrs", false);
        this.explicitRoot = flag(o, "explicitRoot", true);
        this.explicitCharkey = flag(o, "explicitCharkey", false);
        this.trim = flag(o, "trim", false);
        this.normalize = flag(o, "normalize", false);
        this.normalizeTags = flag(o, "normalizeTags", false);
        this.emptyTag = o.containsKey("emptyTag") ? o.get("emptyTag") : "";
    }

    /** Parses like xml2js.parseString; blank text gives null; nesting past {@code maxDepth} is an error. */
    static Object parse(String xml, Map<?, ?> options, int maxDepth) {
        if (xml.strip().isEmpty()) {
            return null;
        }
        XmlToObject builder = new XmlToObject(options);
        SaxScanner.scan(xml, builder, maxDepth);
        return builder.result;
    }

    private static String str(Map<?, ?> o, String key, String dflt) {
        Object v = o.get(key);
        return v == null || "".equals(v) ? dflt : JsValues.toJsString(v);
    }

    private static boolean flag(Map<?, ?> o, String key, boolean dflt) {
        return o.containsKey(key) ? JsValues.truthy(o.get(key)) : dflt;
    }

    @Override
    public void openTag(String name, Map<String, String> attributes) {
        Map<String, Object> obj = new LinkedHashMap<>();
        obj.put(charkey, "");
        if (!ignoreAttrs) {
            for (Map.Entry<String, String> a : attributes.entrySet()) {
                if (mergeAttrs) {
                    assignOrPush(obj, a.getKey(), a.getValue());
                } else {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> attrs = (Map<String, Object>) obj.computeIfAbsent(attrkey,
                            k -> new LinkedHashMap<String, Object>());
                    attrs.put(a.getKey(), a.getValue());
                }
            }
        }
        obj.put(NAME, normalizeTags ? name.toLowerCase() : name);
        stack.push(obj);
    }

    @Override
    public void text(String text) {
        Map<String, Object> top = stack.peek();
        if (top != null) {
            top.put(charkey, top.get(charkey) + text);
        }
    }

    @Override
    public void closeTag(String ignored) {
        Map<String, Object> obj = stack.pop();
        String name = (String) obj.remove(NAME);
        Object value = obj;
        String chars = (String) obj.get(charkey);
        String emptyStr = "";
        if (chars.isBlank()) {
            emptyStr = chars;
            obj.remove(charkey);
        } else {
            if (trim) {
                chars = chars.strip();
            }
            if (normalize) {
                chars = chars.replaceAll("\\s{2,}", " ").strip();
            }
            obj.put(charkey, chars);
            if (obj.size() == 1 && !explicitCharkey) {
                value = chars;
            }
        }
        if (value instanceof Map<?, ?> m && m.isEmpty()) {
            value = !"".equals(emptyTag) ? emptyTag : emptyStr;
        }
        Map<String, Object> parent = stack.peek();
        if (parent != null) {
            assignOrPush(parent, name, value);
        } else if (explicitRoot) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put(name, value);
            result = root;
        } else {
            result = value;
        }
    }

    @SuppressWarnings("unchecked")
    private void assignOrPush(Map<String, Object> obj, String key, Object value) {
        if (!obj.containsKey(key)) {
            if (explicitArray) {
                List<Object> list = new ArrayList<>();
                list.add(value);
                obj.put(key, list);
            } else {
                obj.put(key, value);
            }
            return;
        }
        Object existing = obj.get(key);
        List<Object> list;
        if (existing instanceof List<?> l) {
            list = (List<Object>) l;
        } else {
            list = new ArrayList<>();
            list.add(existing);
            obj.put(key, list);
        }
        list.add(value);
    }
}
