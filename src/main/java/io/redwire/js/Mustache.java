package io.redwire.js;


import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mustache template with mustache.js's rules (the library Node-RED uses): standalone tag lines, set-delimiter
 * tags, sections over arrays/objects/truthy values, HTML escaping of {@code & < > " ' / ` =}, dotted names
 * resolved up the section stack. Parsed once; rendered with a {@link Resolver} that can supply names no view has.
 * The one Mustache engine: the template and trigger nodes and http request's URL use it. A render is bounded
 * (mustache.js is not): past {@code maxOutput} characters, with each tag and section item costing at least one,
 * it stops with {@link TooLong}, so nested sections over long lists can neither fill the heap nor hold the flow
 * loop for seconds (three sections over 1000 items would be a billion).
 */
public final class Mustache {
    /** Decides the value of a tag: {@code found} is what the views hold (Undefined when none has the name). */
    @FunctionalInterface
    public interface Resolver {
        /** What the views hold, unchanged: mustache.js's own lookup. */
        Resolver VIEWS = (name, found, topLevel) -> found;

        Object resolve(String name, Object found, boolean topLevel);
    }

    private static final Pattern TAG_TYPE = Pattern.compile("[#^/>{&=!]");
    private static final Pattern WHITE = Pattern.compile("\\s*");
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern EQUALS = Pattern.compile("\\s*=");
    private static final Pattern CURLY = Pattern.compile("\\s*\\}");

    private record Token(String type, String value, int start, List<Token> children) {
    }

    /** The default bound of a render: 16 Mi characters (templateMaxOutput). */
    public static final long DEFAULT_MAX_OUTPUT = 16L << 20;

    /** A render that passed its bound. */
    public static final class TooLong extends IllegalArgumentException {
        TooLong(long max) {
            super("Template output passed " + max + " characters");
        }
    }

    private final List<Token> tokens;

    private Mustache(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses a template; syntax errors throw IllegalArgumentException with mustache.js's text ("Unclosed tag at 7"). */
    public static Mustache parse(String template) {
        return new Mustache(template == null || template.isEmpty() ? List.of() : new Parser(template).parse());
    }

    /** Every tag name used, sections included (so values can be fetched before rendering). */
    public Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        collect(tokens, out);
        return out;
    }

    private static void collect(List<Token> list, Set<String> out) {
        for (Token t : list) {
            if (!t.type.equals("text")) {
                out.add(t.value);
                if (t.children != null) {
                    collect(t.children, out);
                }
            }
        }
    }

    /** Renders within {@link #DEFAULT_MAX_OUTPUT}. */
    public String render(Object view, Resolver resolver) {
        return render(view, resolver, DEFAULT_MAX_OUTPUT);
    }

    /** @throws TooLong past {@code maxOutput} characters (each tag and section item counts at least one) */
    public String render(Object view, Resolver resolver, long maxOutput) {
        Output out = new Output(maxOutput);
        render(tokens, new Context(view, null), resolver, out);
        return out.text.toString();
    }

    // ---- rendering ------------------------------------------------------------------------------------------

    private record Context(Object view, Context parent) {
    }

    /** The text so far and what is left of the bound. */
    private static final class Output {
        final StringBuilder text = new StringBuilder();
        private final long max;
        private long left;

        Output(long max) {
            this.max = max;
            this.left = max;
        }

        /** One step of the render: a tag or a section item. */
        void step() {
            if (--left < 0) {
                throw new TooLong(max);
            }
        }

        void append(String s) {
            left -= s.length();
            if (left < 0) {
                throw new TooLong(max);
            }
            text.append(s);
        }
    }

    private static void render(List<Token> list, Context ctx, Resolver resolver, Output out) {
        for (Token t : list) {
            out.step();
            switch (t.type) {
                case "#" -> section(t, ctx, resolver, out);
                case "^" -> {
                    Object v = lookup(t.value, ctx, resolver);
                    if (!JsValues.truthy(v) || v instanceof List<?> l && l.isEmpty()) {
                        render(t.children, ctx, resolver, out);
                    }
                }
                case "&" -> {
                    Object v = lookup(t.value, ctx, resolver);
                    if (v != null && v != Undefined.VALUE) {
                        out.append(JsValues.toJsString(v));
                    }
                }
                case "name" -> {
                    Object v = lookup(t.value, ctx, resolver);
                    if (v != null && v != Undefined.VALUE) {
                        out.append(v instanceof Number ? JsValues.toJsString(v) : escapeHtml(JsValues.toJsString(v)));
                    }
                }
                case "text" -> out.append(t.value);
                default -> {
                    // comments, set-delimiter tags and partials (none are defined) render nothing
                }
            }
        }
    }

    private static void section(Token t, Context ctx, Resolver resolver, Output out) {
        Object v = lookup(t.value, ctx, resolver);
        if (!JsValues.truthy(v)) {
            return;
        }
        if (v instanceof List<?> items) {
            for (Object item : items) {
                out.step(); // an empty section body still costs its items
                render(t.children, new Context(item, ctx), resolver, out);
            }
        } else if (v instanceof Boolean) {
            render(t.children, ctx, resolver, out);
        } else {
            render(t.children, new Context(v, ctx), resolver, out);
        }
    }

    /** mustache.js Context.lookup: "." is the view; a name is searched from the innermost view outwards. */
    private static Object lookup(String name, Context ctx, Resolver resolver) {
        Object found = Undefined.VALUE;
        if (name.equals(".")) {
            found = ctx.view;
        } else {
            for (Context c = ctx; c != null; c = c.parent) {
                Object v = find(c.view, name);
                if (v != MISSING) {
                    found = v;
                    break;
                }
            }
        }
        return resolver.resolve(name, found, ctx.parent == null);
    }

    private static final Object MISSING = new Object();

    private static Object find(Object view, String name) {
        if (name.indexOf('.') <= 0) {
            return view instanceof Map<?, ?> || view instanceof List<?> || view instanceof byte[]
                    ? member(view, name) : MISSING;
        }
        String[] names = name.split("\\.", -1);
        Object cur = view;
        for (int i = 0; i < names.length; i++) {
            if (cur == null || cur == Undefined.VALUE) {
                return MISSING;
            }
            Object next = member(cur, names[i]);
            if (i == names.length - 1) {
                return next;
            }
            cur = next == MISSING ? Undefined.VALUE : next;
        }
        return MISSING;
    }

    /** obj[name] when `name in obj` (or an own property of a string), else MISSING. */
    private static Object member(Object obj, String name) {
        if (obj instanceof Map<?, ?> m) {
            Object v = m.get(name);
            return v == null && !m.containsKey(name) ? MISSING : v;
        }
        int size = obj instanceof List<?> l ? l.size() : obj instanceof String s ? s.length()
                : obj instanceof byte[] b ? b.length : -1;
        if (size < 0) {
            return MISSING;
        }
        if (name.equals("length")) {
            return size;
        }
        int index = index(name);
        if (index < 0 || index >= size) {
            return MISSING;
        }
        if (obj instanceof List<?> l) {
            return l.get(index);
        }
        if (obj instanceof String s) {
            return String.valueOf(s.charAt(index));
        }
        return ((byte[]) obj)[index] & 0xff;
    }

    private static int index(String name) {
        if (name.isEmpty() || name.length() > 9 || name.length() > 1 && name.charAt(0) == '0') {
            return -1;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        return Integer.parseInt(name);
    }

    private static String escapeHtml(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                case '/' -> "&#x2F;";
                case '`' -> "&#x60;";
                case '=' -> "&#x3D;";
                default -> null;
            };
            if (rep != null && sb == null) {
                sb = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (sb != null) {
                if (rep != null) {
                    sb.append(rep);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    // ---- parsing (mustache.js parseTemplate) ----------------------------------------------------------------

    private static final class Parser {
        private final String template;
        private int pos;
        private Pattern openingTag;
        private Pattern closingTag;
        private Pattern closingCurly;
        /** Flat tokens; null entries are whitespace removed around standalone tags. */
        private final List<Token> flat = new ArrayList<>();
        private final List<Integer> spaces = new ArrayList<>();
        private boolean hasTag;
        private boolean nonSpace;

        Parser(String template) {
            this.template = template;
            compileTags("{{", "}}");
        }

        private void compileTags(String open, String close) {
            openingTag = Pattern.compile(Pattern.quote(open) + "\\s*");
            closingTag = Pattern.compile("\\s*" + Pattern.quote(close));
            closingCurly = Pattern.compile("\\s*" + Pattern.quote("}" + close));
        }

        List<Token> parse() {
            List<Token> sections = new ArrayList<>();
            while (pos < template.length()) {
                int start = pos;
                String value = scanUntil(openingTag);
                for (int i = 0; i < value.length(); i++) {
                    char c = value.charAt(i);
                    if (Character.isWhitespace(c)) {
                        spaces.add(flat.size());
                    } else {
                        nonSpace = true;
                    }
                    flat.add(new Token("text", String.valueOf(c), start + i, null));
                    if (c == '\n') {
                        stripSpace();
                    }
                }
                if (scan(openingTag).isEmpty()) {
                    break;
                }
                hasTag = true;
                String type = scan(TAG_TYPE);
                if (type.isEmpty()) {
                    type = "name";
                }
                scan(WHITE);
                if (type.equals("=")) {
                    value = scanUntil(EQUALS);
                    scan(EQUALS);
                    scanUntil(closingTag);
                } else if (type.equals("{")) {
                    value = scanUntil(closingCurly);
                    scan(CURLY);
                    scanUntil(closingTag);
                    type = "&";
                } else {
                    value = scanUntil(closingTag);
                }
                if (scan(closingTag).isEmpty()) {
                    throw new IllegalArgumentException("Unclosed tag at " + pos);
                }
                Token token = new Token(type, value, start, type.equals("#") || type.equals("^")
                        ? new ArrayList<>() : null);
                flat.add(token);
                switch (type) {
                    case "#", "^" -> sections.add(token);
                    case "/" -> {
                        if (sections.isEmpty()) {
                            throw new IllegalArgumentException("Unopened section \"" + value + "\" at " + start);
                        }
                        Token open = sections.remove(sections.size() - 1);
                        if (!open.value.equals(value)) {
                            throw new IllegalArgumentException("Unclosed section \"" + open.value + "\" at " + start);
                        }
                    }
                    case "name", "&" -> nonSpace = true;
                    case "=" -> {
                        String[] tags = SPACE.split(value, 2);
                        if (tags.length != 2) {
                            throw new IllegalArgumentException("Invalid tags: " + value);
                        }
                        compileTags(tags[0], tags[1]);
                    }
                    default -> {
                    }
                }
            }
            stripSpace();
            if (!sections.isEmpty()) {
                throw new IllegalArgumentException("Unclosed section \"" + sections.get(sections.size() - 1).value
                        + "\" at " + pos);
            }
            return nest(squash());
        }

        /** A line holding only whitespace and non-output tags loses that whitespace (and its line break). */
        private void stripSpace() {
            if (hasTag && !nonSpace) {
                for (int i : spaces) {
                    flat.set(i, null);
                }
            }
            spaces.clear();
            hasTag = false;
            nonSpace = false;
        }

        private List<Token> squash() {
            List<Token> out = new ArrayList<>();
            StringBuilder text = null;
            int textStart = 0;
            for (Token t : flat) {
                if (t == null) {
                    continue;
                }
                if (t.type.equals("text")) {
                    if (text == null) {
                        text = new StringBuilder();
                        textStart = t.start;
                    }
                    text.append(t.value);
                    continue;
                }
                if (text != null) {
                    out.add(new Token("text", text.toString(), textStart, null));
                    text = null;
                }
                out.add(t);
            }
            if (text != null) {
                out.add(new Token("text", text.toString(), textStart, null));
            }
            return out;
        }

        private static List<Token> nest(List<Token> squashed) {
            List<Token> root = new ArrayList<>();
            List<List<Token>> stack = new ArrayList<>();
            List<Token> collector = root;
            for (Token t : squashed) {
                switch (t.type) {
                    case "#", "^" -> {
                        collector.add(t);
                        stack.add(collector);
                        collector = t.children;
                    }
                    case "/" -> collector = stack.remove(stack.size() - 1);
                    default -> collector.add(t);
                }
            }
            return root;
        }

        /** Text up to the next match (or the rest); the position moves to the match. */
        private String scanUntil(Pattern p) {
            Matcher m = p.matcher(template);
            if (m.find(pos)) {
                String s = template.substring(pos, m.start());
                pos = m.start();
                return s;
            }
            String s = template.substring(pos);
            pos = template.length();
            return s;
        }

        /** The match at the current position, consumed; "" if there is none. */
        private String scan(Pattern p) {
            Matcher m = p.matcher(template);
            m.region(pos, template.length());
            if (!m.lookingAt()) {
                return "";
            }
            pos = m.end();
            return m.group();
        }
    }
}
