package io.redwire.nodes.grpc.transcode;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A google.api.http path template ({@code /v1/{name=shelves/*}/books/{book_id}:publish}) as http.proto's grammar
 * defines it: literal segments, {@code *} (one segment), {@code **} (the rest of the path), variables bound to a
 * field path (default pattern {@code *}) and an optional {@code :verb}. Matching a request path yields each
 * variable's value, percent-decoded.
 */
public final class PathTemplate {
    private static final String ONE = "*";
    private static final String REST = "**";

    /** One segment pattern: a literal, or {@link #ONE} / {@link #REST} when {@code literal} is false. */
    private record Part(String pattern, boolean literal) {
    }

    /** A variable: the field path it sets and the parts [from, to) it covers. */
    private record Variable(List<String> fieldPath, int from, int to) {
    }

    private final String text;
    private final List<Part> parts = new ArrayList<>();
    private final List<Variable> variables = new ArrayList<>();
    private final String verb;

    private PathTemplate(String text, String verb) {
        this.text = text;
        this.verb = verb;
    }

    /** Parses a template; the message of the IllegalArgumentException says what is wrong and where. */
    public static PathTemplate parse(String template) {
        if (template == null || !template.startsWith("/")) {
            throw new IllegalArgumentException("path template must start with '/': " + template);
        }
        int verbAt = verbStart(template);
        String verb = verbAt < 0 ? null : template.substring(verbAt + 1);
        if (verb != null && (verb.isEmpty() || verb.contains("/"))) {
            throw new IllegalArgumentException("bad verb in path template " + template);
        }
        PathTemplate t = new PathTemplate(template, verb);
        t.parseSegments(template.substring(1, verbAt < 0 ? template.length() : verbAt), template);
        for (int i = 0; i < t.parts.size() - 1; i++) {
            if (t.parts.get(i).pattern.equals(REST) && !t.parts.get(i).literal) {
                throw new IllegalArgumentException("'**' must be the last segment of path template " + template);
            }
        }
        return t;
    }

    /** The ':' of a trailing verb: after the last '/' and outside braces; -1 when there is none. */
    private static int verbStart(String template) {
        int depth = 0;
        int found = -1;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == '/' && depth == 0) {
                found = -1;
            } else if (c == ':' && depth == 0) {
                found = i;
            }
        }
        return found;
    }

    private void parseSegments(String segments, String template) {
        int i = 0;
        while (i <= segments.length()) {
            if (i < segments.length() && segments.charAt(i) == '{') {
                int close = segments.indexOf('}', i);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed '{' in path template " + template);
                }
                variable(segments.substring(i + 1, close), template);
                i = close + 1;
            } else {
                int slash = segments.indexOf('/', i);
                int end = slash < 0 ? segments.length() : slash;
                literalOrWildcard(segments.substring(i, end), template);
                i = end;
            }
            if (i < segments.length() && segments.charAt(i) != '/') {
                throw new IllegalArgumentException("expected '/' at " + (i + 1) + " of path template " + template);
            }
            i++;
        }
    }

    private void variable(String body, String template) {
        int eq = body.indexOf('=');
        String name = eq < 0 ? body : body.substring(0, eq);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*")) {
            throw new IllegalArgumentException("bad variable '" + name + "' in path template " + template);
        }
        int from = parts.size();
        if (eq < 0) {
            parts.add(new Part(ONE, false));
        } else {
            for (String s : body.substring(eq + 1).split("/", -1)) {
                if (s.contains("{")) {
                    throw new IllegalArgumentException("nested variable in path template " + template);
                }
                literalOrWildcard(s, template);
            }
        }
        variables.add(new Variable(List.of(name.split("\\.")), from, parts.size()));
    }

    private void literalOrWildcard(String segment, String template) {
        if (segment.isEmpty()) {
            throw new IllegalArgumentException("empty segment in path template " + template);
        }
        if (segment.equals(ONE) || segment.equals(REST)) {
            parts.add(new Part(segment, false));
        } else if (segment.contains("*") || segment.contains("{") || segment.contains("}")) {
            throw new IllegalArgumentException("bad segment '" + segment + "' in path template " + template);
        } else {
            parts.add(new Part(segment, true));
        }
    }

    /**
     * The variables' values (field path joined by '.' → decoded value) when {@code path} (raw, as on the request
     * line, without the query) matches; null when it does not.
     */
    public Map<String, String> match(String path) {
        if (path == null || !path.startsWith("/")) {
            return null;
        }
        String rest = path.substring(1);
        if (verb != null) {
            if (!rest.endsWith(":" + verb)) {
                return null;
            }
            rest = rest.substring(0, rest.length() - verb.length() - 1);
        }
        String[] segments = rest.split("/", -1);
        boolean endsWithRest = !parts.isEmpty() && !parts.get(parts.size() - 1).literal
                && parts.get(parts.size() - 1).pattern.equals(REST);
        int fixed = endsWithRest ? parts.size() - 1 : parts.size();
        if (endsWithRest ? segments.length < fixed : segments.length != fixed) {
            return null;
        }
        for (int i = 0; i < fixed; i++) {
            Part p = parts.get(i);
            String s = segments[i];
            if (p.literal ? !p.pattern.equals(decode(s)) : s.isEmpty()) {
                return null;
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Variable v : variables) {
            int to = v.to == parts.size() && endsWithRest ? segments.length : v.to;
            List<String> decoded = new ArrayList<>();
            for (int i = v.from; i < to; i++) {
                decoded.add(decode(segments[i]));
            }
            values.put(String.join(".", v.fieldPath), String.join("/", decoded));
        }
        return values;
    }

    /**
     * How specific the template is: a verb counts most, then each literal segment; routes that are more specific
     * are tried first, so {@code /v1/{name=books/*}:title} wins over {@code /v1/{name=books/*}} for
     * {@code /v1/books/1:title}.
     */
    public int specificity() {
        return (verb == null ? 0 : 1000) + (int) parts.stream().filter(Part::literal).count();
    }

    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException badEscape) {
            return segment;
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
