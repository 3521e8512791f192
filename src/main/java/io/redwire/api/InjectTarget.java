package io.redwire.api;

import java.util.Map;

/** A node the admin API can trigger (POST /inject/:id): the inject node. */
public interface InjectTarget {
    /** @param body the request body; with `__user_inject_props__` it replaces the configured props */
    void inject(Map<String, Object> body);
}
