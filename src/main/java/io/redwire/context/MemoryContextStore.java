package io.redwire.context;

import io.redwire.msg.ContextStore;

import io.vertx.core.Future;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Node-RED's "memory" context store: values live as long as the process. */
final class MemoryContextStore implements ContextStore {
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, k -> new LinkedHashMap<>());
    }

    @Override
    public void changed(String scopeId) {
    }

    @Override
    public Future<Void> flush() {
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        return Future.succeededFuture();
    }
}
