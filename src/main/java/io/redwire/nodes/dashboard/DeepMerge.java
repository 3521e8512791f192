package io.redwire.nodes.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * lodash's merge as Dashboard 2.0's ui-chart applies it to {@code msg.ui_update.chartOptions}: objects merge key by
 * key, lists index by index, anything else (or a null) from the update replaces what was held; the held value is not
 * changed, a merged copy is returned.
 */
final class DeepMerge {
    private DeepMerge() {
    }

    static Object merge(Object held, Object update) {
        if (held instanceof Map<?, ?> a && update instanceof Map<?, ?> b) {
            Map<Object, Object> out = new LinkedHashMap<>(a);
            b.forEach((k, v) -> out.put(k, v == null && out.containsKey(k) ? out.get(k) : merge(out.get(k), v)));
            return out;
        }
        if (held instanceof List<?> a && update instanceof List<?> b) {
            List<Object> out = new ArrayList<>(a);
            for (int i = 0; i < b.size(); i++) {
                if (i < out.size()) {
                    out.set(i, merge(out.get(i), b.get(i)));
                } else {
                    out.add(b.get(i));
                }
            }
            return out;
        }
        return update == null ? held : update;
    }
}
