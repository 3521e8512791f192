package io.redwire.nodes.http;

import io.redwire.msg.NodeError;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An http(s) URL ({@code source} is the text it was parsed from) parsed and serialised the way Node's WHATWG URL does it for the http request node: lower-case host,
 * default port dropped, empty path → "/", dot segments removed, unsafe characters percent-encoded. Parsed by hand
 * because java.net.URI rejects characters (spaces, braces, `|`) that browsers and Node accept.
 */
record TargetUrl(String source, boolean https, String username, String password, String host, int port, String path,
                 String query, String fragment) {

    static TargetUrl parse(String url) {
        String rest;
        boolean https;
        String lower = url.length() >= 8 ? url.substring(0, 8).toLowerCase() : url.toLowerCase();
        if (lower.startsWith("https://")) {
            https = true;
            rest = url.substring(8);
        } else if (lower.startsWith("http://")) {
            https = false;
            rest = url.substring(7);
        } else {
            throw invalid();
        }
        rest = rest.strip().replace('\\', '/');
        while (rest.startsWith("/")) {
            rest = rest.substring(1); // "http:///host" is "http://host" for special schemes
        }
        int end = firstOf(rest, "/?#");
        String authority = rest.substring(0, end);
        String tail = rest.substring(end);
        String user = "";
        String pass = "";
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String info = authority.substring(0, at);
            authority = authority.substring(at + 1);
            int colon = info.indexOf(':');
            user = UriEncoding.component(decode(colon < 0 ? info : info.substring(0, colon)));
            pass = colon < 0 ? "" : UriEncoding.component(decode(info.substring(colon + 1)));
        }
        String host;
        String portText = "";
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw invalid();
            }
            host = authority.substring(0, close + 1).toLowerCase();
            String after = authority.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) {
                    throw invalid();
                }
                portText = after.substring(1);
            }
        } else {
            int colon = authority.lastIndexOf(':');
            host = (colon < 0 ? authority : authority.substring(0, colon)).toLowerCase();
            portText = colon < 0 ? "" : authority.substring(colon + 1);
        }
        if (host.isEmpty() || !validHost(host)) {
            throw invalid();
        }
        int dflt = https ? 443 : 80;
        int port = dflt;
        if (!portText.isEmpty()) {
            if (!portText.chars().allMatch(Character::isDigit) || portText.length() > 5
                    || Integer.parseInt(portText) > 65535) {
                throw invalid();
            }
            port = Integer.parseInt(portText);
        }
        String fragment = null;
        int hash = tail.indexOf('#');
        if (hash >= 0) {
            fragment = UriEncoding.fragment(tail.substring(hash + 1));
            tail = tail.substring(0, hash);
        }
        String query = null;
        int q = tail.indexOf('?');
        if (q >= 0) {
            query = UriEncoding.query(tail.substring(q + 1));
            tail = tail.substring(0, q);
        }
        String path = removeDotSegments(UriEncoding.path(tail.isEmpty() ? "/" : tail));
        return new TargetUrl(url, https, user, pass, host, port, path, query, fragment);
    }

    /** The URL a redirect's Location points to, relative to this one. */
    TargetUrl resolve(String location) {
        String ref = location.strip().replace('\\', '/');
        int colon = ref.indexOf(':');
        if (colon > 0 && ref.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            String scheme = ref.substring(0, colon).toLowerCase();
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new NodeError("RequestError: Unsupported protocol \"" + scheme + ":\"",
                        "ERR_UNSUPPORTED_PROTOCOL", null);
            }
            return parse(ref);
        }
        if (ref.startsWith("//")) {
            return parse(scheme() + ":" + ref);
        }
        String base = scheme() + "://" + authority();
        if (ref.startsWith("/")) {
            return parse(base + ref);
        }
        if (ref.startsWith("?")) {
            return parse(base + path + ref);
        }
        if (ref.startsWith("#")) {
            return parse(base + path + (query == null ? "" : "?" + query) + ref);
        }
        if (ref.isEmpty()) {
            return parse(base + path + (query == null ? "" : "?" + query));
        }
        return parse(base + path.substring(0, path.lastIndexOf('/') + 1) + ref);
    }

    String scheme() {
        return https ? "https" : "http";
    }

    boolean defaultPort() {
        return port == (https ? 443 : 80);
    }

    /** host[:port] as it appears in the URL (and the Host header). */
    String authority() {
        return defaultPort() ? host : host + ":" + port;
    }

    /** The request target: path and query. */
    String requestTarget() {
        return query == null ? path : path + "?" + query;
    }

    /** The host to connect to (IPv6 without brackets). */
    String connectHost() {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    boolean sameOrigin(TargetUrl other) {
        return host.equals(other.host) && port == other.port;
    }

    TargetUrl withoutCredentials() {
        return new TargetUrl(source, https, "", "", host, port, path, query, fragment);
    }

    TargetUrl withCredentials(String user, String pass) {
        return new TargetUrl(source, https, user, pass, host, port, path, query, fragment);
    }

    /** The WHATWG href. */
    String href() {
        StringBuilder sb = new StringBuilder(scheme()).append("://");
        if (!username.isEmpty() || !password.isEmpty()) {
            sb.append(username);
            if (!password.isEmpty()) {
                sb.append(':').append(password);
            }
            sb.append('@');
        }
        sb.append(authority()).append(requestTarget());
        if (fragment != null) {
            sb.append('#').append(fragment);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return href();
    }

    private static NodeError invalid() {
        return new NodeError("TypeError: Invalid URL", "ERR_INVALID_URL", null);
    }

    private static boolean validHost(String host) {
        if (host.startsWith("[")) {
            return host.length() > 2;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c <= 0x20 || "#%/:<>?@[\\]^|".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** RFC 3986 remove_dot_segments, also for the %2e spellings WHATWG treats as dots. */
    private static String removeDotSegments(String path) {
        if (!path.contains(".")) {
            return path;
        }
        String[] parts = path.substring(1).split("/", -1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String seg = parts[i].toLowerCase().replace("%2e", ".");
            boolean last = i == parts.length - 1;
            if (seg.equals(".")) {
                if (last) {
                    out.add("");
                }
            } else if (seg.equals("..")) {
                if (!out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                if (last) {
                    out.add("");
                }
            } else {
                out.add(parts[i]);
            }
        }
        return "/" + String.join("/", out);
    }

    /**
     * got rejects a query with a '%' that does not start an escape; Node-RED re-encodes such a '%' as %25 (and
     * keeps valid escapes). Applied to the URL text before it is parsed.
     */
    static String escapeStrayPercents(String url) {
        int q = url.indexOf('?');
        if (q < 0 || q == url.length() - 1 || url.indexOf('%', q) < 0) {
            return url;
        }
        String query = url.substring(q + 1);
        StringBuilder out = new StringBuilder(url.length() + 8).append(url, 0, q + 1);
        int i = 0;
        while (i < query.length()) {
            char c = query.charAt(i);
            if (c != '%') {
                out.append(c);
                i++;
                continue;
            }
            int end = Math.min(i + 3, query.length());
            String match = query.substring(i, end);
            if (match.length() == 3 && isHex(match.charAt(1)) && isHex(match.charAt(2))) {
                out.append(match);
            } else {
                out.append("%25").append(match, 1, match.length());
            }
            i = end;
        }
        return out.toString();
    }

    private static boolean isHex(char c) {
        return c < 0x80 && Character.digit(c, 16) >= 0;
    }
}
