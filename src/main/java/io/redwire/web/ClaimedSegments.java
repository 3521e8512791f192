package io.redwire.web;

import io.vertx.ext.web.Route;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The first path segments the routes before the http in nodes' (admin API, editor, comms, metrics) can match, so a
 * request whose first segment none of them claims goes straight to the node routes instead of being matched against
 * each of those routes in turn (their path patterns are regular expressions, one matcher per route per request).
 * A route this cannot read — no path, a regular expression or wildcard in its first segment — claims every path,
 * and then every request takes the router's walk as before. Vert.x reports "/x*" as "/x", so a one-segment path
 * claims every first segment it begins ("/flows" also "/flowsx"), and "/" (also how "/*" reads) claims every path
 * unless the route is for given methods (the editor's GET /). Segments compare without case, so a claim is never
 * missed because of spelling.
 */
final class ClaimedSegments {
    private final Set<String> segments;
    private final List<String> prefixes;

    private ClaimedSegments(Set<String> segments, List<String> prefixes) {
        this.segments = segments;
        this.prefixes = prefixes;
    }

    /** @param routes the routes matched before the node routes (the router's guard, which matches all, excluded) */
    static ClaimedSegments of(List<Route> routes) {
        Set<String> claimed = new HashSet<>();
        List<String> prefixes = new ArrayList<>();
        for (Route r : routes) {
            String path = r.getPath() != null ? r.getPath() : r.isRegexPath() ? r.getName() : null;
            String first = path == null ? null : literalFirstSegment(path);
            if (first == null || path.equals("/") && (r.methods() == null || r.methods().isEmpty())) {
                return new ClaimedSegments(null, List.of());
            }
            if (!r.isRegexPath() && !first.isEmpty() && path.length() == first.length() + 1) {
                prefixes.add(first); // "/flows" or "/flows*"
            } else {
                claimed.add(first);
            }
        }
        return new ClaimedSegments(claimed, List.copyOf(prefixes));
    }

    /** "/flows/state" and "/context/(?<scope>global)…" give "flows" and "context"; "/" gives ""; "/*", "/x*" null. */
    private static String literalFirstSegment(String path) {
        if (!path.startsWith("/")) {
            return null;
        }
        int end = path.indexOf('/', 1);
        String first = path.substring(1, end < 0 ? path.length() : end);
        for (int i = 0; i < first.length(); i++) {
            char c = first.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.')) {
                return null;
            }
        }
        return first.toLowerCase(Locale.ROOT);
    }

    /** Whether a route before the node routes might match this (normalized) path. */
    boolean mayClaim(String path) {
        if (segments == null) {
            return true;
        }
        int end = path.indexOf('/', 1);
        String first = path.length() <= 1 ? "" : path.substring(1, end < 0 ? path.length() : end);
        String lower = first.toLowerCase(Locale.ROOT);
        if (segments.contains(lower)) {
            return true;
        }
        for (String p : prefixes) {
            if (lower.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
