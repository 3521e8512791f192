package io.redwire.admin;

import io.redwire.api.DebugEvent;
import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.deploy.FlowService;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;

import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.RoutingContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The editor's /comms websocket: every runtime event (debug output, node status, deploy notifications) is encoded
 * once, on the thread that published it, and queued to each connection (not at all while none is open). Status
 * and notification topics are retained and replayed to a client that subscribes to them, as Node-RED does.
 */
public final class CommsHub implements FlowService.DeployListener {
    private final Engine engine;
    private final AdminAuth auth;
    private final DebugEncoder encoder;
    private final Set<CommsConnection> connections = ConcurrentHashMap.newKeySet();
    private final Map<String, Object> retained = new ConcurrentHashMap<>(); // topic -> latest data, encoded on replay
    private final long startedAt = System.currentTimeMillis();
    private volatile Set<String> staleStatuses; // statuses not re-published since the running deploy began

    public CommsHub(Engine engine, AdminAuth auth) {
        this.engine = engine;
        this.auth = auth;
        int max = RuntimeSettings.DEBUG_MAX_LENGTH.read(engine.settings());
        this.encoder = new DebugEncoder(max, id -> {
            Node n = engine.node(id);
            return n == null ? null : n.type();
        });
        engine.events().subscribe(this::publish);
        auth.onRevoke(token -> connections.forEach(c -> c.endIfOpenedWith(token)));
    }

    private void publish(String topic, Object event) {
        boolean status = topic.startsWith("status/");
        Object data = status ? shownStatus(event) : event;
        if (status || topic.startsWith("notification/")) {
            if (!retain(topic, data, status)) {
                return;
            }
        }
        if (connections.isEmpty()) {
            return; // nobody watching: skip the encoding cost (retained events are encoded when someone subscribes)
        }
        String element = encode(topic, data);
        if (element != null) {
            for (CommsConnection c : connections) {
                c.offer(element);
            }
        }
    }

    /**
     * A node status as Node-RED's comms sends it: its text, fill and shape only, and {} (a clear) when none of them
     * is set (an empty text counts as none).
     */
    static Map<String, Object> shownStatus(Object status) {
        Map<String, Object> shown = new LinkedHashMap<>();
        if (status instanceof Map<?, ?> m) {
            for (String key : STATUS_KEYS) {
                Object v = m.get(key);
                if (v != null && v != Undefined.VALUE) {
                    shown.put(key, v);
                }
            }
            if (STATUS_KEYS.stream().noneMatch(k -> JsValues.truthy(m.get(k)))) {
                shown.clear();
            }
        }
        return shown;
    }

    private static final List<String> STATUS_KEYS = List.of("text", "fill", "shape");

    /** Keeps the latest status / notification per topic for replay; false when a clear needs no sending. */
    private boolean retain(String topic, Object data, boolean status) {
        Set<String> stale = staleStatuses;
        if (status && stale != null) {
            stale.remove(topic);
        }
        if (status && data instanceof Map<?, ?> m && m.isEmpty()) {
            return retained.remove(topic) != null; // Node-RED sends a clear only for a status the editor has seen
        }
        retained.put(topic, data);
        return true;
    }

    private String encode(String topic, Object data) {
        try {
            Object payload = data instanceof DebugEvent e ? encoder.encode(e) : data;
            return "{\"topic\":" + Json.stringify(topic) + ",\"data\":" + Json.stringify(payload) + "}";
        } catch (RuntimeException e) {
            engine.log().warn("comms: cannot encode " + topic + ": " + e.getMessage());
            return null;
        }
    }

    @Override
    public void deployStarting() {
        Set<String> stale = ConcurrentHashMap.newKeySet();
        retained.keySet().stream().filter(t -> t.startsWith("status/")).forEach(stale::add);
        staleStatuses = stale;
    }

    @Override
    public void deployFinished(boolean restarted, Set<String> kept) {
        Set<String> stale = staleStatuses;
        staleStatuses = null;
        if (restarted && stale != null) {
            // nodes that were replaced and set no new status; those a partial deploy kept still show theirs
            stale.stream().filter(topic -> !kept.contains(topic.substring("status/".length())))
                    .forEach(topic -> publish(topic, Map.of()));
        }
    }

    /** GET /comms: upgrades when the caller may read status ({@code access_token} query or Bearer header). */
    public void handle(RoutingContext ctx) {
        AdminAuth.Principal p = auth.principal(ctx);
        if (p == null) {
            Replies.error(ctx, 401, "unauthorized", "Unauthorized");
            return;
        }
        if (!p.may("status.read")) {
            Replies.error(ctx, 403, "forbidden", "permission status.read required");
            return;
        }
        String given = auth.enabled() ? AdminAuth.tokenOf(ctx) : null;
        String token = given != null && auth.principalOfToken(given) != null ? given : null;
        ctx.request().toWebSocket().onSuccess(ws -> attach(ws, token))
                .onFailure(e -> engine.log().warn("comms: websocket upgrade failed: " + e.getMessage()));
    }

    /** @param token the session the upgrade was authorised by, or null */
    private void attach(ServerWebSocket ws, String token) {
        CommsConnection[] self = new CommsConnection[1];
        self[0] = new CommsConnection(engine.vertx(), ws, startedAt, () -> connections.remove(self[0]));
        connections.add(self[0]);
        ws.textMessageHandler(text -> onClientMessage(self[0], text));
        if (token != null) {
            self[0].endsAt(token, auth.expiresAt(token)); // revoked during the upgrade: 0, closed at once
        }
    }

    private void onClientMessage(CommsConnection c, String text) {
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (Exception e) {
            return; // Node-RED ignores what it cannot parse
        }
        if (!(parsed instanceof Map<?, ?> m)) {
            return;
        }
        if (m.get("auth") instanceof String token) {
            AdminAuth.Principal p = auth.principalOfToken(token);
            if (p != null && p.may("status.read")) {
                c.reply("{\"auth\":\"ok\"}");
                if (auth.enabled()) {
                    c.endsAt(token, auth.expiresAt(token));
                }
            } else {
                c.reply("{\"auth\":\"fail\"}");
                c.socket().close();
            }
        } else if (m.get("subscribe") instanceof String pattern) {
            retained.forEach((topic, data) -> {
                String element = topicMatches(pattern, topic) ? encode(topic, data) : null;
                if (element != null) {
                    c.offer(element);
                }
            });
        }
    }

    /** MQTT-style: "+" matches one level, a trailing "#" any remaining levels. */
    static boolean topicMatches(String pattern, String topic) {
        String[] p = pattern.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < p.length; i++) {
            if (p[i].equals("#")) {
                return i == p.length - 1;
            }
            if (i >= t.length || !(p[i].equals("+") || p[i].equals(t[i]))) {
                return false;
            }
        }
        return p.length == t.length;
    }
}
