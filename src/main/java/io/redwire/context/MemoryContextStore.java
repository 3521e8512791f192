package io.redwire.context;

import io.redwire.msg.ContextStore;

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
}
