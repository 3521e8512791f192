package io.redwire.admin;

import io.redwire.api.Node;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.Undefined;
import io.redwire.msg.ContextScope;
import io.redwire.runtime.Engine;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Node-RED's admin context API, with the answers Node-RED 5.0.7 gives (compared against it):
 * <ul>
 * <li>{@code GET /context/global}, {@code /context/flow/:id}, {@code /context/node/:id} (optional {@code ?store=},
 * {@code ?keysOnly}) → {@code {"<store>":{"<key>":{"msg":"…","format":"…"}}}} (debug encoding), one entry per store
 * unless {@code store} picks one; {@code keysOnly} → {@code {"<store>":{"keys":[{"key":"a"}]}}}; a node that is not
 * running → {@code {}}, a flow that is not → empty stores.</li>
 * <li>{@code GET …/:key} → {@code {"msg","format"}} (+ {@code "store"} when not the default store); a key may be a
 * property path ({@code obj.b}).</li>
 * <li>{@code DELETE …/:key} → 204, also for a node that is not running.</li>
 * <li>an unknown {@code store} → 404 {@code {"code":"not_found","message":"Error"}}.</li>
 * </ul>
 * Context maps belong to the flow loop, so every read and delete runs there (a short hop: no I/O).
 */
final class ContextApi {
    private final Engine engine;
    private final DebugEncoder encoder;

    ContextApi(Engine engine) {
        this.engine = engine;
        int max = RuntimeSettings.DEBUG_MAX_LENGTH.read(engine.settings());
        this.encoder = new DebugEncoder(max, id -> null);
    }

    void mount(Router router, AdminAuth auth) {
        String global = "/context/(?<scope>global)(?:/(?<key>.+))?";
        String local = "/context/(?<scope>node|flow)/(?<id>[^/]+)(?:/(?<key>.+))?";
        for (String path : List.of(global, local)) {
            router.getWithRegex(path).handler(auth.require("context.read")).handler(this::get);
            router.deleteWithRegex(path).handler(auth.require("context.write")).handler(CrossSiteGuard::jsonBody)
                    .handler(this::delete);
        }
    }

    private void get(RoutingContext ctx) {
        String key = ctx.pathParam("key");
        String store = ctx.request().getParam("store");
        boolean keysOnly = ctx.request().params().contains("keysOnly");
        if (!knownStore(ctx, store)) {
            return;
        }
        engine.execute(() -> {
            try {
                Replies.json(ctx, 200, key == null ? wholeScope(ctx, store, keysOnly) : oneKey(ctx, key, store));
            } catch (RuntimeException e) { // a key that is no property path
                Replies.error(ctx, 400, "invalid_request", "context key '" + key + "': " + e.getMessage());
            }
        });
    }

    private void delete(RoutingContext ctx) {
        String key = ctx.pathParam("key");
        String store = ctx.request().getParam("store");
        if (key == null) { // Node-RED has no route for deleting a whole scope
            Replies.error(ctx, 404, "not_found", "name the key to delete: DELETE /context/<scope>/<key>");
            return;
        }
        if (!knownStore(ctx, store)) {
            return;
        }
        engine.execute(() -> {
            ContextScope scope = scope(ctx);
            try {
                if (scope != null) {
                    scope.inStore(storeName(store)).delete(key);
                }
                Replies.status(ctx, 204);
            } catch (RuntimeException e) {
                Replies.error(ctx, 400, "invalid_request", "context key '" + key + "': " + e.getMessage());
            }
        });
    }

    private boolean knownStore(RoutingContext ctx, String store) {
        if (store != null && !engine.contextStores().names().contains(store)) {
            Replies.error(ctx, 404, "not_found", "Error");
            return false;
        }
        return true;
    }

    private String storeName(String store) {
        return store == null ? engine.contextStores().defaultName() : store;
    }

    /** The scope the path names; null for a node that is not running or a flow that has no context yet. */
    private ContextScope scope(RoutingContext ctx) {
        return switch (ctx.pathParam("scope")) {
            case "global" -> engine.globalContext();
            case "flow" -> engine.flowContext(ctx.pathParam("id"));
            default -> {
                Node n = engine.node(ctx.pathParam("id"));
                yield n == null ? null : n.nodeContext();
            }
        };
    }

    private Map<String, Object> oneKey(RoutingContext ctx, String key, String store) {
        ContextScope scope = scope(ctx);
        if (scope == null && ctx.pathParam("scope").equals("node")) {
            return Map.of();
        }
        String name = storeName(store);
        Object value = scope == null ? Undefined.VALUE : valueOrUndefined(scope.inStore(name), key);
        Map<String, Object> out = encoder.encodeValue(value);
        if (!name.equals(engine.contextStores().defaultName())) {
            out.put("store", name);
        }
        return out;
    }

    private static Object valueOrUndefined(ContextScope scope, String key) {
        Object v = scope.get(key);
        return v == null && !scope.keys().contains(key) ? Undefined.VALUE : v;
    }

    private Map<String, Object> wholeScope(RoutingContext ctx, String store, boolean keysOnly) {
        ContextScope scope = scope(ctx);
        boolean global = ctx.pathParam("scope").equals("global");
        if (scope == null && ctx.pathParam("scope").equals("node")) {
            return Map.of();
        }
        Map<String, Object> result = new LinkedHashMap<>();
        for (String name : store == null ? engine.contextStores().names() : List.of(store)) {
            ContextScope inStore = scope == null ? null : scope.inStore(name);
            List<String> keys = inStore == null ? List.of() : inStore.keys();
            Map<String, Object> entries = new LinkedHashMap<>();
            if (keysOnly) {
                List<Map<String, Object>> listed = new ArrayList<>();
                keys.forEach(k -> listed.add(Map.of("key", k)));
                entries.put("keys", listed);
            } else {
                for (String k : keys) {
                    Object v = inStore.snapshot().get(k);
                    if (!(global && hiddenGlobal(name, k, v))) {
                        entries.put(k, encoder.encodeValue(v));
                    }
                }
            }
            result.put(name, entries);
        }
        return result;
    }

    /** Node-RED's exportGlobalContextKeys: false hides functionGlobalContext entries (still unchanged). */
    private boolean hiddenGlobal(String store, String key, Object value) {
        if (RuntimeSettings.EXPORT_GLOBAL_CONTEXT_KEYS.read(engine.settings())
                || !store.equals(engine.contextStores().defaultName())) {
            return false;
        }
        Map<String, Object> seeded = RuntimeSettings.FUNCTION_GLOBAL_CONTEXT.read(engine.settings());
        return seeded.containsKey(key) && Objects.equals(seeded.get(key), value);
    }
}
