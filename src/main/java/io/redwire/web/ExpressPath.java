package io.redwire.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An Express 4 route path (`/a/:id`, `/a/:opt?`, `*`) compiled to a regex: case-insensitive, optional trailing slash. */
final class ExpressPath {
    private final Pattern pattern;
    private final List<String> params = new ArrayList<>();
    /** The path without its trailing slash when it has no params or wildcards: matched without a regex. */
    private final String literal;

    ExpressPath(String path) {
        String p = path.startsWith("/") ? path : "/" + path;
        literal = p.indexOf(':') < 0 && p.indexOf('*') < 0 ? (p.endsWith("/") ? p.substring(0, p.length() - 1) : p)
                : null;
        StringBuilder re = new StringBuilder("^");
        int i = 0;
        int wildcard = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '/' && i + 1 < p.length() && p.charAt(i + 1) == ':') {
                int start = i + 2;
                int end = start;
                while (end < p.length() && (Character.isLetterOrDigit(p.charAt(end)) || p.charAt(end) == '_')) {
                    end++;
                }
                params.add(p.substring(start, end));
                boolean optional = end < p.length() && p.charAt(end) == '?';
                re.append(optional ? "(?:/([^/]+?))?" : "/([^/]+?)");
                i = optional ? end + 1 : end;
            } else if (c == '*') {
                params.add(String.valueOf(wildcard++));
                re.append("(.*)");
                i++;
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
                i++;
            }
        }
        if (re.toString().endsWith(Pattern.quote("/"))) {
            re.setLength(re.length() - Pattern.quote("/").length());
        }
        re.append("/?$");
        this.pattern = Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }

    /** The matched params (name → decoded value, absent optional ones omitted), or null when the path differs. */
    java.util.Map<String, String> match(String path) {
        if (literal != null) {
            int n = literal.length();
            boolean same = (path.length() == n || path.length() == n + 1 && path.charAt(n) == '/')
                    && path.regionMatches(true, 0, literal, 0, n);
            return same ? java.util.Map.of() : null;
        }
        Matcher m = pattern.matcher(path);
        if (!m.matches()) {
            return null;
        }
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (int g = 0; g < params.size(); g++) {
            String v = m.group(g + 1);
            if (v != null) {
                out.put(params.get(g), java.net.URLDecoder.decode(v.replace("+", "%2B"),
                        java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
