package io.redwire.nodes.flowcontrol;

import io.redwire.js.JsValues;
import io.redwire.js.Undefined;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small YAML loader for the template node's "parsed YAML" output, resolving scalars like js-yaml's default
 * schema (YAML 1.2 core: true/false, null/~, ints incl. 0x/0o/0b, floats, .inf/.nan, timestamps → Date).
 * Supports one document of block mappings and sequences, flow [..] and {..}, plain, quoted and block (| >)
 * scalars, comments, anchors/aliases, merge keys and the core !! tags. Anything else fails with a clear message.
 */
final class YamlReader {
    private final List<String> lines;
    private final int firstLine;
    private final Map<String, Object> anchors = new HashMap<>();
    private int row;

    private YamlReader(List<String> lines, int firstLine) {
        this.lines = lines;
        this.firstLine = firstLine;
    }

    /** yaml.load(text): the document's value, Undefined for an empty document. */
    static Object load(String text) {
        String[] all = text.split("\r\n|\r|\n", -1);
        int i = 0;
        while (i < all.length && (blank(all[i]) || all[i].startsWith("%"))) {
            i++;
        }
        List<String> doc = new ArrayList<>();
        int start = i;
        if (i < all.length && isDocStart(all[i])) {
            String rest = all[i].substring(3).strip();
            doc.add(rest);
            i++;
        }
        for (; i < all.length; i++) {
            if (isDocStart(all[i]) || all[i].equals("...") || all[i].startsWith("... ")) {
                for (int j = i + 1; j < all.length; j++) {
                    if (!blank(all[j]) && !isDocStart(all[j]) && !all[j].startsWith("...")) {
                        throw new IllegalArgumentException("expected a single document in the stream, but found more");
                    }
                }
                break;
            }
            doc.add(all[i]);
        }
        YamlReader r = new YamlReader(doc, start);
        r.skipBlank();
        if (r.row >= doc.size()) {
            return Undefined.VALUE;
        }
        Object value = r.node(-1);
        r.skipBlank();
        if (r.row < doc.size()) {
            throw r.error("unexpected content (bad indentation?)", r.indent(r.row));
        }
        return value;
    }

    private static boolean isDocStart(String line) {
        return line.equals("---") || line.startsWith("--- ") || line.startsWith("---\t");
    }

    // ---- block structure -------------------------------------------------------------------------------------

    /** The node starting at the next content line, if it is indented deeper than {@code parent}; else null. */
    private Object node(int parent) {
        skipBlank();
        if (row >= lines.size()) {
            return null;
        }
        int ind = indent(row);
        if (ind <= parent) {
            return null;
        }
        String content = lines.get(row).substring(ind);
        if (isSequenceEntry(content)) {
            return sequence(ind);
        }
        if (mappingKey(content) != null) {
            return mapping(ind);
        }
        return scalarNode(ind, parent);
    }

    private static boolean isSequenceEntry(String content) {
        return content.equals("-") || content.startsWith("- ") || content.startsWith("-\t");
    }

    private List<Object> sequence(int ind) {
        List<Object> out = new ArrayList<>();
        while (true) {
            skipBlank();
            if (row >= lines.size() || indent(row) != ind || !isSequenceEntry(lines.get(row).substring(ind))) {
                break;
            }
            String rest = lines.get(row).substring(ind + 1);
            if (blank(rest)) {
                row++;
                out.add(node(ind));
            } else { // "- value": the value starts in the column after the dash
                int col = ind + 1 + leadingSpaces(rest);
                lines.set(row, " ".repeat(col) + rest.stripLeading());
                out.add(node(ind));
            }
        }
        return out;
    }

    private Map<String, Object> mapping(int ind) {
        Map<String, Object> out = new LinkedHashMap<>();
        while (true) {
            skipBlank();
            if (row >= lines.size() || indent(row) < ind) {
                break;
            }
            if (indent(row) > ind) {
                throw error("bad indentation of a mapping entry", indent(row));
            }
            String content = lines.get(row).substring(ind);
            Key key = mappingKey(content);
            if (key == null) {
                if (isSequenceEntry(content)) {
                    break; // belongs to an enclosing construct, which will complain if it cannot use it
                }
                throw error("can not read a block mapping entry; a multiline key may not be an implicit key", ind);
            }
            String rest = content.substring(key.end);
            Object value;
            if (blank(rest)) {
                row++;
                skipBlank();
                value = row < lines.size() && indent(row) == ind && isSequenceEntry(lines.get(row).substring(ind))
                        ? sequence(ind) : node(ind);
            } else {
                int col = ind + key.end + leadingSpaces(rest);
                lines.set(row, " ".repeat(col) + rest.stripLeading());
                value = scalarNode(col, ind);
            }
            put(out, key.name, value, ind);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private void put(Map<String, Object> map, String key, Object value, int col) {
        if (key.equals("<<") && (value instanceof Map || value instanceof List)) {
            List<Object> sources = value instanceof List<?> l ? (List<Object>) l : List.of(value);
            for (Object src : sources) {
                if (!(src instanceof Map<?, ?> m)) {
                    throw error("cannot merge mappings; the provided source object is unacceptable", col);
                }
                m.forEach((k, v) -> map.putIfAbsent(String.valueOf(k), v));
            }
            return;
        }
        if (map.containsKey(key)) {
            throw error("duplicated mapping key", col);
        }
        map.put(key, value);
    }

    private record Key(String name, int end) {
    }

    /** "key: ..." at the start of {@code content}: the key and where its value starts, or null. */
    private Key mappingKey(String content) {
        if (content.isEmpty() || "[{#*!|>%@`".indexOf(content.charAt(0)) >= 0) {
            return null;
        }
        if (content.startsWith("? ") || content.equals("?")) {
            throw error("explicit mapping keys (?) are not supported", indent(row));
        }
        char q = content.charAt(0);
        if (q == '"' || q == '\'') {
            int close = YamlScalars.closingQuote(content, 0);
            if (close < 0) {
                return null;
            }
            int colon = close + 1;
            while (colon < content.length() && (content.charAt(colon) == ' ' || content.charAt(colon) == '\t')) {
                colon++;
            }
            if (colon < content.length() && content.charAt(colon) == ':' && separated(content, colon + 1)) {
                return new Key(YamlScalars.unquote(content.substring(0, close + 1)), colon + 1);
            }
            return null;
        }
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (c == '#' && i > 0 && (content.charAt(i - 1) == ' ' || content.charAt(i - 1) == '\t')) {
                return null;
            }
            if (c == ':' && separated(content, i + 1)) {
                String raw = content.substring(0, i).strip();
                if (raw.startsWith("&")) {
                    throw error("anchors on mapping keys are not supported", indent(row));
                }
                return new Key(YamlScalars.keyText(YamlScalars.resolvePlain(raw)), i + 1);
            }
        }
        return null;
    }

    private static boolean separated(String s, int at) {
        return at >= s.length() || s.charAt(at) == ' ' || s.charAt(at) == '\t';
    }

    // ---- scalars and inline values ---------------------------------------------------------------------------

    /** The value starting at column {@code col} of the current line; continuation lines must be deeper than parent. */
    private Object scalarNode(int col, int parent) {
        String text = lines.get(row).substring(col);
        String anchor = null;
        String tag = null;
        while (text.startsWith("&") || text.startsWith("!")) {
            int end = tokenEnd(text);
            String prop = text.substring(0, end);
            if (prop.startsWith("&")) {
                anchor = prop.substring(1);
            } else {
                tag = prop;
            }
            text = text.substring(end).stripLeading();
            col = lines.get(row).length() - text.length();
        }
        Object value;
        if (blank(text)) {
            row++;
            skipBlank();
            value = row < lines.size() && indent(row) > parent ? node(parent) : null;
        } else {
            char c = text.charAt(0);
            if (c == '*') {
                String name = text.substring(1, tokenEnd(text)).strip();
                if (!anchors.containsKey(name)) {
                    throw error("unidentified alias \"" + name + "\"", col);
                }
                value = anchors.get(name);
                requireEnd(text.substring(tokenEnd(text)), col);
                row++;
            } else if (c == '|' || c == '>') {
                value = blockScalar(text, parent, col);
            } else if (c == '[' || c == '{') {
                value = flow(col, parent);
            } else if (c == '"' || c == '\'') {
                value = quoted(col, parent);
            } else {
                value = plain(col, parent, tag != null);
            }
        }
        value = applyTag(tag, value, col);
        if (anchor != null) {
            anchors.put(anchor, value);
        }
        return value;
    }

    private static int tokenEnd(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) != ' ' && text.charAt(i) != '\t') {
            i++;
        }
        return i;
    }

    /** A plain scalar, folded over deeper continuation lines; resolved by the core schema unless tagged. */
    private Object plain(int col, int parent, boolean tagged) {
        String first = stripComment(lines.get(row).substring(col)).strip();
        if (first.contains(": ") || first.endsWith(":")) {
            throw error("bad indentation of a mapping entry (a plain value cannot hold \": \"; quote it)", col);
        }
        StringBuilder sb = new StringBuilder(first);
        row++;
        int pendingBreaks = 0;
        while (row < lines.size()) {
            String line = lines.get(row);
            if (line.isBlank()) {
                pendingBreaks++;
                row++;
                continue;
            }
            if (indent(row) <= parent || line.strip().startsWith("#")) {
                break;
            }
            String part = stripComment(line).strip();
            sb.append(pendingBreaks == 0 ? " " : "\n".repeat(pendingBreaks)).append(part);
            pendingBreaks = 0;
            row++;
        }
        String s = sb.toString();
        return tagged ? s : YamlScalars.resolvePlain(s);
    }

    private Object quoted(int col, int parent) {
        String first = lines.get(row).substring(col);
        StringBuilder raw = new StringBuilder(first);
        int startRow = row;
        int close = YamlScalars.closingQuote(raw.toString(), 0);
        while (close < 0) {
            row++;
            if (row >= lines.size()) {
                row = startRow;
                throw error("unexpected end of the stream within a quoted scalar", col);
            }
            raw.append('\n').append(lines.get(row));
            close = YamlScalars.closingQuote(raw.toString(), 0);
        }
        String all = raw.toString();
        String value = YamlScalars.unquote(all.substring(0, close + 1));
        requireEnd(all.substring(close + 1), col);
        row++;
        return value;
    }

    /** A literal (|) or folded (>) block scalar with optional chomping (+/-) and indentation digit. */
    private String blockScalar(String header, int parent, int col) {
        boolean literal = header.charAt(0) == '|';
        char chomp = 'c';
        int explicit = 0;
        String indicators = stripComment(header.substring(1)).strip();
        for (char c : indicators.toCharArray()) {
            if (c == '+' || c == '-') {
                chomp = c;
            } else if (c >= '1' && c <= '9') {
                explicit = c - '0';
            } else {
                throw error("bad block scalar header", col);
            }
        }
        row++;
        int contentIndent = explicit > 0 ? Math.max(parent, 0) + explicit : -1;
        List<String> raw = new ArrayList<>();
        while (row < lines.size()) {
            String line = lines.get(row);
            if (!line.isBlank()) {
                int ind = leadingSpaces(line);
                if (contentIndent < 0) {
                    if (ind <= parent) {
                        break;
                    }
                    contentIndent = ind; // detected from the first non-empty line
                }
                if (ind < contentIndent) {
                    break;
                }
            }
            raw.add(line);
            row++;
        }
        List<String> body = new ArrayList<>(raw.size());
        for (String line : raw) {
            body.add(line.length() > Math.max(contentIndent, 0) ? line.substring(Math.max(contentIndent, 0)) : "");
        }
        StringBuilder sb = new StringBuilder();
        int empty = 0;
        boolean content = false;
        boolean moreIndented = false;
        for (String line : body) {
            if (line.isBlank() && (line.isEmpty() || !literal)) {
                empty++;
                continue;
            }
            if (literal) {
                sb.append("\n".repeat(content ? empty + 1 : empty));
            } else if (line.startsWith(" ") || line.startsWith("\t")) {
                moreIndented = true;
                sb.append("\n".repeat(content ? empty + 1 : empty));
            } else if (moreIndented) {
                moreIndented = false;
                sb.append("\n".repeat(empty + 1));
            } else if (empty == 0) {
                if (content) {
                    sb.append(' ');
                }
            } else {
                sb.append("\n".repeat(empty));
            }
            sb.append(line);
            content = true;
            empty = 0;
        }
        if (chomp == '+') {
            sb.append("\n".repeat(content ? empty + 1 : empty));
        } else if (chomp == 'c' && content) {
            sb.append('\n');
        }
        return sb.toString();
    }

    /** A flow collection: its text is gathered over lines until the brackets balance, then parsed. */
    private Object flow(int col, int parent) {
        StringBuilder text = new StringBuilder();
        int startRow = row;
        String line = lines.get(row).substring(col);
        int depth = 0;
        char quote = 0;
        while (true) {
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != 0) {
                    if (quote == '"' && c == '\\') {
                        i++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ' || line.charAt(i - 1) == '\t')) {
                    line = line.substring(0, i);
                    break;
                } else if (c == '[' || c == '{') {
                    depth++;
                } else if (c == ']' || c == '}') {
                    depth--;
                }
            }
            text.append(line).append('\n');
            row++;
            if (depth <= 0 || row >= lines.size()) {
                break;
            }
            line = lines.get(row);
        }
        if (depth > 0) {
            row = startRow;
            throw error("unexpected end of the stream within a flow collection", col);
        }
        YamlFlow p = new YamlFlow(text.toString(), anchors);
        Object value = p.value();
        if (!p.atEnd()) {
            row = startRow;
            throw error("unexpected characters after a flow collection", col);
        }
        return value;
    }

    private Object applyTag(String tag, Object value, int col) {
        if (tag == null || tag.equals("!")) {
            return value;
        }
        String text = value == null ? "" : JsValues.toJsString(value);
        return switch (tag) {
            case "!!str" -> value instanceof Map || value instanceof List ? fail(tag, col) : text;
            case "!!int" -> YamlScalars.INT.matcher(text).matches() ? YamlScalars.integer(text) : fail(tag, col);
            case "!!float" -> YamlScalars.FLOAT.matcher(text).matches() || YamlScalars.INT.matcher(text).matches()
                    ? Double.valueOf(((Number) YamlScalars.resolvePlain(text)).doubleValue()) : fail(tag, col);
            case "!!bool" -> YamlScalars.resolvePlain(text) instanceof Boolean b ? b : fail(tag, col);
            case "!!null" -> YamlScalars.resolvePlain(text) == null ? null : fail(tag, col);
            case "!!map" -> value instanceof Map ? value : fail(tag, col);
            case "!!seq" -> value instanceof List ? value : fail(tag, col);
            default -> throw error("unknown tag " + tag, col);
        };
    }

    private Object fail(String tag, int col) {
        throw error("cannot resolve a node with " + tag + " tag", col);
    }

    // ---- lines ---------------------------------------------------------------------------------------------

    private void requireEnd(String rest, int col) {
        if (!blank(rest)) {
            throw error("unexpected characters after a value", col);
        }
    }

    private void skipBlank() {
        while (row < lines.size() && blank(lines.get(row))) {
            row++;
        }
    }

    /** Empty, whitespace-only or comment-only. */
    private static boolean blank(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#");
    }

    private int indent(int r) {
        String line = lines.get(r);
        int n = leadingSpaces(line);
        if (n < line.length() && line.charAt(n) == '\t') {
            throw error("tab characters must not be used in indentation", n);
        }
        return n;
    }

    private static int leadingSpaces(String s) {
        int n = 0;
        while (n < s.length() && s.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    /** The text before a " #" comment (quotes respected). */
    private static String stripComment(String s) {
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '#' && (i == 0 || s.charAt(i - 1) == ' ' || s.charAt(i - 1) == '\t')) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private IllegalArgumentException error(String what, int col) {
        return new IllegalArgumentException(what + " (" + (firstLine + row + 1) + ":" + (col + 1) + ")");
    }
}
