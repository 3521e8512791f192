package io.redwire.context;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Where each context scope lives under a localfilesystem store's directory, in Node-RED's layout:
 * {@code global/global.json}, {@code <flow>/flow.json}, {@code <flow>/<node>.json}. Node-RED joins ids into the
 * path raw, so an id like {@code ../..} writes outside the directory and one holding NUL cannot be written at all;
 * here an id is used raw only when it is a safe file name (letters, digits, {@code _ - .}, not starting with a dot,
 * and for a node not {@code flow} or {@code global}, which would collide with its flow's or the global file), so
 * ordinary ids give the same files as Node-RED's. Any other id is percent-encoded: each UTF-8 byte outside
 * {@code A-Z a-z 0-9 _ -} becomes {@code %XX} (upper-case hex), and so does the first byte of a name that would hold
 * no {@code %} otherwise ({@code flow} is {@code %66low}); the empty id is {@code %}. An encoded name thus holds a
 * {@code %}, which no raw name does, and decodes back to its id.
 */
final class ScopeFiles {
    static final String GLOBAL = "global";
    private static final String FLOW_FILE = "flow";
    private static final String JSON = ".json";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ScopeFiles() {
    }

    /**
     * The file of a scope: "global", a flow id, or "nodeId:flowId" (split at the last colon: Redwire's own node ids
     * may hold one, e.g. a subflow's status node).
     */
    static Path fileOf(Path base, String scopeId) {
        if (scopeId.equals(GLOBAL)) {
            return base.resolve(GLOBAL).resolve(GLOBAL + JSON);
        }
        int colon = scopeId.lastIndexOf(':');
        if (colon < 0) {
            return base.resolve(encode(scopeId, false)).resolve(FLOW_FILE + JSON);
        }
        return base.resolve(encode(scopeId.substring(colon + 1), false))
                .resolve(encode(scopeId.substring(0, colon), true) + JSON);
    }

    /** The scope a file holds, from its directory's and its own name; null for a file that is no scope's. */
    static String scopeOf(String dirName, String fileName) {
        if (!fileName.endsWith(JSON)) {
            return null;
        }
        String name = fileName.substring(0, fileName.length() - JSON.length());
        if (dirName.equals(GLOBAL) && name.equals(GLOBAL)) {
            return GLOBAL;
        }
        String flow = decode(dirName);
        return name.equals(FLOW_FILE) ? flow : decode(name) + ":" + flow;
    }

    /** The id as a single file name: raw when safe, else percent-encoded. */
    static String encode(String id, boolean nodeFile) {
        if (isSafe(id) && !(nodeFile && (id.equals(FLOW_FILE) || id.equals(GLOBAL)))) {
            return id;
        }
        if (id.isEmpty()) {
            return "%";
        }
        StringBuilder b = new StringBuilder(id.length() * 3);
        byte[] bytes = id.getBytes(StandardCharsets.UTF_8);
        boolean reserved = isSafe(id); // "flow" or "global": safe bytes, yet encoded
        for (int i = 0; i < bytes.length; i++) {
            int c = bytes[i] & 0xff;
            if (unreserved(c) && !(reserved && i == 0)) {
                b.append((char) c);
            } else {
                b.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return b.toString();
    }

    /** The id a file name stands for; a name holding a '%' that is no valid encoding is taken as it is. */
    static String decode(String name) {
        if (name.indexOf('%') < 0) {
            return name;
        }
        if (name.equals("%")) {
            return "";
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c > 0x7f) {
                return name;
            }
            if (c != '%') {
                out.write(c);
                continue;
            }
            int hi = i + 2 < name.length() ? Character.digit(name.charAt(i + 1), 16) : -1;
            int lo = hi < 0 ? -1 : Character.digit(name.charAt(i + 2), 16);
            if (lo < 0) {
                return name;
            }
            out.write(hi << 4 | lo);
            i += 2;
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static boolean isSafe(String id) {
        if (id.isEmpty() || id.charAt(0) == '.') {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c != '.' && !unreserved(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean unreserved(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-';
    }
}
