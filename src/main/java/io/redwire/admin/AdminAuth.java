package io.redwire.admin;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.runtime.Version;
import io.redwire.web.PasswordHash;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Node-RED's {@code adminAuth} of type "credentials": users with bcrypt password hashes and permissions, an optional
 * anonymous {@code default} user, and Bearer access tokens. Without adminAuth everything is open.
 */
public final class AdminAuth {
    /** Who is making a request and what they may do. */
    public record Principal(String username, Object permissions, boolean anonymous) {
        public boolean may(String permission) {
            return Permissions.allows(permissions, permission);
        }

        Map<String, Object> describe() {
            Map<String, Object> d = new LinkedHashMap<>();
            if (anonymous) {
                d.put("anonymous", true);
            } else {
                d.put("username", username);
            }
            d.put("permissions", permissions);
            return d;
        }
    }

    /** A refused token request, answered with OAuth's {@code {error, error_description}}. */
    public static final class GrantRefused extends RuntimeException {
        private final int status;
        private final String error;

        GrantRefused(int status, String error, String description) {
            super(description);
            this.status = status;
            this.error = error;
        }

        public int status() {
            return status;
        }

        public String error() {
            return error;
        }
    }

    private record User(String username, String hash, Object permissions) {
    }

    private record Session(Principal principal, long expiresAt) {
    }

    static final String PRINCIPAL = "redwire.principal";
    private static final Principal OPEN = new Principal(null, "*", true);
    private static final int MAX_FAILURES = 5;
    private static final long FAILURE_WINDOW_MS = 10 * 60 * 1000L;
    private static final int MAX_TRACKED_ADDRESSES = 10_000;

    private final boolean enabled;
    private final Map<String, User> users = new LinkedHashMap<>();
    private final Principal anonymous;
    private final long sessionSeconds;
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final List<Consumer<String>> revokeListeners = new CopyOnWriteArrayList<>();
    private volatile String dummyHash; // checked for unknown names, so they cost as much time as wrong passwords

    private AdminAuth(boolean enabled, Principal anonymous, long sessionSeconds) {
        this.enabled = enabled;
        this.anonymous = anonymous;
        this.sessionSeconds = sessionSeconds;
    }

    /** Reads {@code adminAuth} from the settings; throws IllegalArgumentException naming what is wrong. */
    public static AdminAuth from(Settings settings) {
        Object cfg = RuntimeSettings.ADMIN_AUTH.read(settings);
        if (cfg == null) {
            return new AdminAuth(false, OPEN, 0);
        }
        if (!(cfg instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("settings adminAuth must be an object");
        }
        if (!"credentials".equals(m.get("type"))) {
            throw new IllegalArgumentException("settings adminAuth.type must be \"credentials\" (got "
                    + m.get("type") + ")");
        }
        Principal anon = null;
        if (m.get("default") instanceof Map<?, ?> d) {
            anon = new Principal(null, permissionsOf(d.get("permissions"), "adminAuth.default"), true);
        }
        long expiry = m.get("sessionExpiryTime") instanceof Number n ? n.longValue() : 604800L;
        AdminAuth auth = new AdminAuth(true, anon, expiry);
        if (!(m.get("users") instanceof List<?> list)) {
            throw new IllegalArgumentException("settings adminAuth.users must be an array");
        }
        for (int i = 0; i < list.size(); i++) {
            String where = "adminAuth.users[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> u) || !(u.get("username") instanceof String name)
                    || !(u.get("password") instanceof String hash)) {
                throw new IllegalArgumentException("settings " + where + " needs a username and a password hash");
            }
            if (!hash.startsWith("$2")) {
                throw new IllegalArgumentException("settings " + where + ".password must be a bcrypt hash "
                        + "(make one with: redwire hash-pw)");
            }
            auth.users.put(name, new User(name, hash, permissionsOf(u.get("permissions"), where)));
        }
        return auth;
    }

    private static Object permissionsOf(Object p, String where) {
        if (p instanceof String || (p instanceof List<?> l && l.stream().allMatch(String.class::isInstance))) {
            return p;
        }
        throw new IllegalArgumentException("settings " + where + ".permissions must be \"*\", \"read\", a "
                + "permission name or a list of them");
    }

    public boolean enabled() {
        return enabled;
    }

    /** The caller of a request: its Bearer token (header, or access_token query for websockets), else anonymous. */
    public Principal principal(RoutingContext ctx) {
        if (!enabled) {
            return OPEN;
        }
        String token = tokenOf(ctx);
        if (token != null) {
            Session s = sessions.get(token);
            if (s != null && s.expiresAt > System.currentTimeMillis()) {
                return s.principal;
            }
            if (s != null) {
                sessions.remove(token);
            }
        }
        return anonymous;
    }

    public Principal principalOfToken(String token) {
        if (!enabled) {
            return OPEN;
        }
        Session s = token == null ? null : sessions.get(token);
        return s != null && s.expiresAt > System.currentTimeMillis() ? s.principal : null;
    }

    static String tokenOf(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return header.substring(7).trim();
        }
        return ctx.request().getParam("access_token");
    }

    /**
     * A route guard: no caller → 401; a caller without the permission → 403 (Node-RED answers 401 there too; 403 tells
     * a signed-in script that logging in again will not help).
     */
    public Handler<RoutingContext> require(String permission) {
        return ctx -> {
            Principal p = principal(ctx);
            if (p == null) {
                Replies.error(ctx, 401, "unauthorized", "Unauthorized");
            } else if (!p.may(permission)) {
                Replies.error(ctx, 403, "forbidden", "permission " + permission + " required");
            } else {
                ctx.put(PRINCIPAL, p);
                ctx.next();
            }
        };
    }

    /**
     * The password grant of POST /auth/token. Blocking (bcrypt): run it on a worker thread.
     *
     * @return {access_token, expires_in, token_type}
     */
    public Map<String, Object> grant(String clientId, String grantType, String scope, String username,
                                     String password, String clientAddress) {
        if (!"node-red-editor".equals(clientId) && !"node-red-admin".equals(clientId)) {
            throw new GrantRefused(401, "invalid_client", "Unknown client_id");
        }
        if (!"password".equals(grantType)) {
            throw new GrantRefused(400, "unsupported_grant_type", "Only the password grant is supported");
        }
        if (username == null || password == null) {
            throw new GrantRefused(400, "invalid_request", "username and password are required");
        }
        if (tooManyFailures(clientAddress)) {
            throw new GrantRefused(403, "invalid_grant", "Too many login attempts. Wait 10 minutes and try again");
        }
        User u = users.get(username);
        boolean ok = PasswordHash.matches(password, u == null ? dummyHash() : u.hash) && u != null;
        Object asked = scope == null || scope.isEmpty() ? null : scope.contains(" ")
                ? List.of(scope.trim().split("\\s+")) : scope;
        if (!ok || (asked != null && !Permissions.covers(u.permissions, asked))) {
            if (!ok) {
                recordFailure(clientAddress);
            }
            throw new GrantRefused(403, "invalid_grant", "Invalid resource owner credentials");
        }
        failures.remove(clientAddress);
        byte[] raw = new byte[128];
        random.nextBytes(raw);
        String token = Base64.getEncoder().encodeToString(raw);
        Object granted = asked == null || "*".equals(asked) ? u.permissions : asked;
        sessions.put(token, new Session(new Principal(u.username, granted, false),
                System.currentTimeMillis() + sessionSeconds * 1000));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("access_token", token);
        out.put("expires_in", sessionSeconds);
        out.put("token_type", "Bearer");
        return out;
    }

    private String dummyHash() {
        if (dummyHash == null) {
            dummyHash = PasswordHash.of(Base64.getEncoder().encodeToString(random.generateSeed(12)));
        }
        return dummyHash;
    }

    public void revoke(String token) {
        if (token != null && sessions.remove(token) != null) {
            revokeListeners.forEach(l -> l.accept(token));
        }
    }

    /** Called with each token {@link #revoke}d, so what it opened (a /comms socket) can end with it. */
    void onRevoke(Consumer<String> listener) {
        revokeListeners.add(listener);
    }

    /** When a token's session expires (epoch ms), or 0 when it is not a current session's. */
    long expiresAt(String token) {
        Session s = token == null ? null : sessions.get(token);
        return s == null || s.expiresAt <= System.currentTimeMillis() ? 0 : s.expiresAt;
    }

    /**
     * Failed logins are counted per client address, not per user name as Node-RED does: otherwise anyone who can
     * reach the port locks the admin out by guessing wrong five times.
     */
    private boolean tooManyFailures(String clientAddress) {
        Deque<Long> times = failures.get(clientAddress);
        if (times == null) {
            return false;
        }
        synchronized (times) {
            long cutoff = System.currentTimeMillis() - FAILURE_WINDOW_MS;
            while (!times.isEmpty() && times.peekFirst() < cutoff) {
                times.pollFirst();
            }
            return times.size() >= MAX_FAILURES;
        }
    }

    private void recordFailure(String clientAddress) {
        if (failures.size() >= MAX_TRACKED_ADDRESSES) {
            long cutoff = System.currentTimeMillis() - FAILURE_WINDOW_MS;
            failures.values().removeIf(t -> {
                synchronized (t) {
                    return t.isEmpty() || t.peekLast() < cutoff;
                }
            });
        }
        Deque<Long> times = failures.computeIfAbsent(clientAddress, k -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(System.currentTimeMillis());
            while (times.size() > MAX_FAILURES) {
                times.pollFirst(); // only the last few count
            }
        }
    }

    /** GET /auth/login. */
    public Map<String, Object> loginPrompt() {
        if (!enabled) {
            return Map.of();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "credentials");
        out.put("prompts", List.of(prompt("username", "text"), prompt("password", "password")));
        return out;
    }

    private static Map<String, Object> prompt(String id, String type) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", id);
        p.put("type", type);
        p.put("label", "user." + id);
        return p;
    }
}
