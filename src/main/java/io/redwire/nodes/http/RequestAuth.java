package io.redwire.nodes.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The http request node's authentication: its credentials (user, password; either may be absent), with the URL's
 * userinfo filling the missing ones, sent as basic or bearer Authorization, or kept for a digest challenge.
 */
record RequestAuth(String type, String user, String password) {

    /** authType "" means basic; user and password are the node's credentials ("" when unset). */
    static RequestAuth of(String authType, String user, String password) {
        return new RequestAuth(authType.isEmpty() ? "basic" : authType, user.isEmpty() ? null : user,
                password.isEmpty() ? null : password);
    }

    /** Adds the Authorization header for basic and bearer (digest answers a 401 later, see {@link #digest}). */
    void apply(RequestHeaders headers, TargetUrl url) {
        String u = user(url);
        String p = password(url);
        if (u == null && p == null) {
            return;
        }
        if (type.equals("basic")) {
            if ((u != null && !u.isEmpty()) || (p != null && !p.isEmpty())) {
                String pair = (u == null ? "" : u) + ":" + (p == null ? "" : p);
                headers.set("Authorization", "Basic "
                        + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
            }
        } else if (type.equals("bearer")) {
            headers.set("Authorization", "Bearer " + (p == null ? "" : p));
        }
    }

    /** The digest responder, or null when not digest or without credentials (missing ones read "undefined", as in JS). */
    DigestAuth digest(TargetUrl url) {
        String u = user(url);
        String p = password(url);
        if (!type.equals("digest") || u == null && p == null) {
            return null;
        }
        return new DigestAuth(u == null ? "undefined" : u, p == null ? "undefined" : p);
    }

    private String user(TargetUrl url) {
        return user != null && !user.isEmpty() || url.username().isEmpty() ? user : url.username();
    }

    private String password(TargetUrl url) {
        return password != null && !password.isEmpty() || url.password().isEmpty() ? password : url.password();
    }
}
