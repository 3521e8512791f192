package io.redwire.context;

import io.redwire.msg.ContextStore;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Node-RED's "memory" context store: values live as long as the process. */
final class MemoryContextStore implements ContextStore {
    private final Map<String, Map<String, Object>> scopes = new HashMap<>();

    @Override
    public Map<String, Object> scope(String scopeId) {
        return scopes.computeIfAbsent(scopeId, k -> new LinkedHashMap<>());
    }

    @Override
    public void clean(Set<String> deployed) {
        scopes.keySet().removeIf(id -> !id.equals("global") && !deployed.contains(id.split(":", 2)[0]));
    }
}
