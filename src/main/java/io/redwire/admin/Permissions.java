package io.redwire.admin;

import java.util.List;

/**
 * Node-RED's permission scopes: {@code "*"} allows everything, {@code "read"}/{@code "*.read"} any {@code x.read},
 * {@code "write"}/{@code "*.write"} any {@code x.write}, otherwise exact names; a list allows what any entry allows.
 */
public final class Permissions {
    private Permissions() {
    }

    public static boolean allows(Object scope, String permission) {
        if (permission == null || permission.isEmpty()) {
            return true;
        }
        if (scope instanceof List<?> list) {
            for (Object s : list) {
                if (allows(s, permission)) {
                    return true;
                }
            }
            return false;
        }
        if (!(scope instanceof String s)) {
            return false;
        }
        if (s.equals("*") || s.equals(permission)) {
            return true;
        }
        if (s.equals("read") || s.equals("*.read")) {
            return permission.endsWith(".read");
        }
        if (s.equals("write") || s.equals("*.write")) {
            return permission.endsWith(".write");
        }
        return false;
    }

    /** Whether every scope entry asked for is within what the user holds. */
    public static boolean covers(Object held, Object asked) {
        if (asked instanceof List<?> list) {
            for (Object a : list) {
                if (!covers(held, a)) {
                    return false;
                }
            }
            return true;
        }
        if (!(asked instanceof String a)) {
            return false;
        }
        if (held instanceof List<?> list) {
            for (Object h : list) {
                if (covers(h, a)) {
                    return true;
                }
            }
            return false;
        }
        if ("*".equals(held)) {
            return true;
        }
        if ("*".equals(a)) {
            return false;
        }
        if (a.equals("read") || a.equals("*.read")) {
            return "read".equals(held) || "*.read".equals(held);
        }
        if (a.equals("write") || a.equals("*.write")) {
            return "write".equals(held) || "*.write".equals(held);
        }
        return allows(held, a);
    }
}
