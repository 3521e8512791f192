package io.redwire.nodes.core;

import io.redwire.runtime.JsValues;
import io.redwire.runtime.Undefined;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A small YAML loader for the template node's "parsed YAML" output, resolving scalars like js-yaml's default
 * schema (YAML 1.2 core: true/false, null/~, ints incl. 0x/0o/0b, floats, .inf/.nan, timestamps → Date).
 * Supports one document of block mappings and sequences, flow [..] and {..}, plain, quoted and block (| >)
 * scalars, comments, anchors/aliases, merge keys and the core !! tags. Anything else fails with a clear message.
 */
final class YamlReader {
    private static final Pattern INT = Pattern.compile("[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o[0-7_]+|[0-9][0-9_]*)");
    private static final Pattern FLOAT = Pattern.compile("[-+]?([0-9][0-9_]*)(\\.[0-9_]*)?([eE][-+]?[0-9]+)?"
            + "|\\.[0-9_]+([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final Pattern DATE_TIME = Pattern.compile("([0-9]{4}-[0-9]{1,2}-[0-9]{1,2})(?:[Tt]|[ \\t]+)"
            + "([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\\.[0-9]*)?[ \\t]*(Z|[-+][0-9]{1,2}(?::?[0-9]{2})?)?");

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
            int close = closingQuote(content, 0);
            if (close < 0) {
                return null;
            }
            int colon = close + 1;
            while (colon < content.length() && (content.charAt(colon) == ' ' || content.charAt(colon) == '\t')) {
                colon++;
            }
            if (colon < content.length() && content.charAt(colon) == ':' && separated(content, colon + 1)) {
                return new Key(unquote(content.substring(0, close + 1)), colon + 1);
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
                return new Key(keyText(resolvePlain(raw)), i + 1);
            }
        }
        return null;
    }

    private static boolean separated(String s, int at) {
        return at >= s.length() || s.charAt(at) == ' ' || s.charAt(at) == '\t';
    }

    private static String keyText(Object key) {
        return key == null ? "null" : JsValues.toJsString(key);
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
        StringBuilder sb = new StringBuilder(stripComment(lines.get(row).substring(col)).strip());
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
        return tagged ? s : resolvePlain(s);
    }

    private Object quoted(int col, int parent) {
        String first = lines.get(row).substring(col);
        StringBuilder raw = new StringBuilder(first);
        int startRow = row;
        int close = closingQuote(raw.toString(), 0);
        while (close < 0) {
            row++;
            if (row >= lines.size()) {
                row = startRow;
                throw error("unexpected end of the stream within a quoted scalar", col);
            }
            raw.append('\n').append(lines.get(row));
            close = closingQuote(raw.toString(), 0);
        }
        String all = raw.toString();
        String value = unquote(all.substring(0, close + 1));
        requireEnd(all.substring(close + 1), col);
        row++;
        return value;
    }

    /** Index of the quote closing the one at {@code open}, or -1. */
    private static int closingQuote(String s, int open) {
        char q = s.charAt(open);
        for (int i = open + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (q == '"' && c == '\\') {
                i++;
            } else if (c == q) {
                if (q == '\'' && i + 1 < s.length() && s.charAt(i + 1) == '\'') {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The text of a complete quoted scalar (quotes included): escapes decoded, line breaks folded. */
    private static String unquote(String quoted) {
        char q = quoted.charAt(0);
        String body = fold(quoted.substring(1, quoted.length() - 1), q == '"');
        if (q == '\'') {
            return body.replace("''", "'");
        }
        StringBuilder sb = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= body.length()) {
                sb.append(c);
                continue;
            }
            char e = body.charAt(++i);
            switch (e) {
                case '0' -> sb.append('\0');
                case 'a' -> sb.append('\u0007');
                case 'b' -> sb.append('\b');
                case 't', '\t' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'v' -> sb.append('\u000b');
                case 'f' -> sb.append('\f');
                case 'r' -> sb.append('\r');
                case 'e' -> sb.append('\u001b');
                case ' ' -> sb.append(' ');
                case '"' -> sb.append('"');
                case '/' -> sb.append('/');
                case '\\' -> sb.append('\\');
                case 'N' -> sb.append('\u0085');
                case '_' -> sb.append('\u00a0');
                case 'L' -> sb.append('\u2028');
                case 'P' -> sb.append('\u2029');
                case 'x', 'u', 'U' -> {
                    int len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                    try {
                        sb.appendCodePoint(Integer.parseInt(body.substring(i + 1, i + 1 + len), 16));
                    } catch (NumberFormatException | IndexOutOfBoundsException bad) {
                        throw new IllegalArgumentException("expected hexadecimal character in escape sequence");
                    }
                    i += len;
                }
                default -> throw new IllegalArgumentException("unknown escape sequence \\" + e);
            }
        }
        return sb.toString();
    }

    /** Quoted-scalar line folding: one break becomes a space, n blank lines n newlines; "\" + break joins. */
    private static String fold(String body, boolean escapes) {
        if (body.indexOf('\n') < 0) {
            return body;
        }
        String[] parts = body.split("\n", -1);
        StringBuilder sb = new StringBuilder();
        int emptyLines = 0;
        boolean joinNext = false;
        for (int i = 0; i < parts.length; i++) {
            boolean last = i == parts.length - 1;
            String part = i > 0 ? parts[i].stripLeading() : parts[i];
            boolean escapedBreak = false;
            if (!last) {
                if (escapes && oddTrailingBackslashes(part)) {
                    part = part.substring(0, part.length() - 1);
                    escapedBreak = true;
                } else {
                    part = part.stripTrailing();
                }
            }
            if (i > 0 && !last && part.isEmpty() && !escapedBreak) {
                emptyLines++;
                continue;
            }
            if (i > 0) {
                sb.append(joinNext ? "" : emptyLines > 0 ? "\n".repeat(emptyLines) : " ");
            }
            sb.append(part);
            emptyLines = 0;
            joinNext = escapedBreak;
        }
        return sb.toString();
    }

    private static boolean oddTrailingBackslashes(String s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
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
        FlowParser p = new FlowParser(text.toString());
        Object value = p.value();
        p.skip();
        if (p.pos < p.s.length()) {
            row = startRow;
            throw error("unexpected characters after a flow collection", col);
        }
        return value;
    }

    /** Parser for flow collections and the scalars inside them. */
    private final class FlowParser {
        final String s;
        int pos;

        FlowParser(String s) {
            this.s = s;
        }

        Object value() {
            skip();
            if (pos >= s.length()) {
                return null;
            }
            char c = s.charAt(pos);
            if (c == '[') {
                return seq();
            }
            if (c == '{') {
                return map();
            }
            if (c == '*') {
                int start = ++pos;
                while (pos < s.length() && ",]} \n\t".indexOf(s.charAt(pos)) < 0) {
                    pos++;
                }
                String name = s.substring(start, pos);
                if (!anchors.containsKey(name)) {
                    throw new IllegalArgumentException("unidentified alias \"" + name + "\"");
                }
                return anchors.get(name);
            }
            if (c == '"' || c == '\'') {
                int close = closingQuote(s, pos);
                if (close < 0) {
                    throw new IllegalArgumentException("unexpected end of the stream within a quoted scalar");
                }
                String v = unquote(s.substring(pos, close + 1));
                pos = close + 1;
                return v;
            }
            int start = pos;
            while (pos < s.length()) {
                char x = s.charAt(pos);
                if (x == ',' || x == ']' || x == '}' || x == '[' || x == '{'
                        || x == ':' && (pos + 1 >= s.length() || " \n\t,]}".indexOf(s.charAt(pos + 1)) >= 0)) {
                    break;
                }
                pos++;
            }
            String raw = s.substring(start, pos).strip().replaceAll("\\s*\n\\s*", " ");
            return resolvePlain(raw);
        }

        private List<Object> seq() {
            List<Object> out = new ArrayList<>();
            pos++;
            while (true) {
                skip();
                if (peek() == ']') {
                    pos++;
                    return out;
                }
                Object item = value();
                skip();
                if (peek() == ':') { // a single-pair mapping inside a sequence
                    pos++;
                    Map<String, Object> pair = new LinkedHashMap<>();
                    pair.put(keyText(item), value());
                    item = pair;
                    skip();
                }
                out.add(item);
                if (peek() == ',') {
                    pos++;
                } else if (peek() != ']') {
                    throw new IllegalArgumentException("missed comma between flow collection entries");
                }
            }
        }

        private Map<String, Object> map() {
            Map<String, Object> out = new LinkedHashMap<>();
            pos++;
            while (true) {
                skip();
                if (peek() == '}') {
                    pos++;
                    return out;
                }
                String key = keyText(value());
                skip();
                Object v = null;
                if (peek() == ':') {
                    pos++;
                    skip();
                    v = peek() == ',' || peek() == '}' ? null : value();
                    skip();
                }
                if (out.containsKey(key)) {
                    throw new IllegalArgumentException("duplicated mapping key");
                }
                out.put(key, v);
                if (peek() == ',') {
                    pos++;
                } else if (peek() != '}') {
                    throw new IllegalArgumentException("missed comma between flow collection entries");
                }
            }
        }

        char peek() {
            if (pos >= s.length()) {
                throw new IllegalArgumentException("unexpected end of the stream within a flow collection");
            }
            return s.charAt(pos);
        }

        void skip() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }
    }

    // ---- the core schema ----------------------------------------------------------------------------------

    /** js-yaml's implicit typing of a plain scalar. */
    static Object resolvePlain(String s) {
        switch (s) {
            case "", "~", "null", "Null", "NULL":
                return null;
            case "true", "True", "TRUE":
                return true;
            case "false", "False", "FALSE":
                return false;
            default:
        }
        if (INT.matcher(s).matches() && !s.endsWith("_")) {
            return integer(s);
        }
        if (FLOAT.matcher(s).matches() && !s.endsWith("_")) {
            return floating(s);
        }
        if (DATE.matcher(s).matches() || DATE_TIME.matcher(s).matches()) {
            Date d = timestamp(s);
            if (d != null) {
                return d;
            }
        }
        return s;
    }

    private static Object integer(String s) {
        String v = s.replace("_", "");
        int sign = 1;
        if (v.startsWith("-") || v.startsWith("+")) {
            sign = v.startsWith("-") ? -1 : 1;
            v = v.substring(1);
        }
        double d;
        if (v.startsWith("0b")) {
            d = new java.math.BigInteger(v.substring(2), 2).doubleValue();
        } else if (v.startsWith("0x")) {
            d = new java.math.BigInteger(v.substring(2), 16).doubleValue();
        } else if (v.startsWith("0o")) {
            d = new java.math.BigInteger(v.substring(2), 8).doubleValue();
        } else {
            d = Double.parseDouble(v);
        }
        d *= sign;
        return d == (int) d && !(d == 0 && sign < 0) ? (Object) (int) d : (Object) d;
    }

    private static Object floating(String s) {
        String v = s.replace("_", "").toLowerCase();
        if (v.endsWith(".inf")) {
            return v.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (v.equals(".nan")) {
            return Double.NaN;
        }
        return Double.parseDouble(v);
    }

    private static Date timestamp(String s) {
        try {
            if (DATE.matcher(s).matches()) {
                return Date.from(LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            var m = DATE_TIME.matcher(s);
            if (!m.matches()) {
                return null;
            }
            String[] ymd = m.group(1).split("-");
            String frac = m.group(5) == null ? "" : m.group(5);
            String zone = m.group(6) == null || m.group(6).equals("Z") ? "Z" : normaliseOffset(m.group(6));
            String iso = String.format("%s-%02d-%02dT%02d:%s:%s%s%s", ymd[0], Integer.parseInt(ymd[1]),
                    Integer.parseInt(ymd[2]), Integer.parseInt(m.group(2)), m.group(3), m.group(4),
                    frac.length() > 1 ? frac : "", zone);
            return Date.from(OffsetDateTime.parse(iso).toInstant());
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }

    private static String normaliseOffset(String z) {
        String sign = z.substring(0, 1);
        String digits = z.substring(1).replace(":", "");
        String hh = digits.length() <= 2 ? digits : digits.substring(0, digits.length() - 2);
        String mm = digits.length() <= 2 ? "00" : digits.substring(digits.length() - 2);
        return sign + (hh.length() == 1 ? "0" + hh : hh) + ":" + mm;
    }

    private Object applyTag(String tag, Object value, int col) {
        if (tag == null || tag.equals("!")) {
            return value;
        }
        String text = value == null ? "" : JsValues.toJsString(value);
        return switch (tag) {
            case "!!str" -> value instanceof Map || value instanceof List ? fail(tag, col) : text;
            case "!!int" -> INT.matcher(text).matches() ? integer(text) : fail(tag, col);
            case "!!float" -> FLOAT.matcher(text).matches() || INT.matcher(text).matches()
                    ? Double.valueOf(((Number) resolvePlain(text)).doubleValue()) : fail(tag, col);
            case "!!bool" -> resolvePlain(text) instanceof Boolean b ? b : fail(tag, col);
            case "!!null" -> resolvePlain(text) == null ? null : fail(tag, col);
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
