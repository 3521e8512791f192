package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Dashboard 2.0's value match (ui-switch's on/off, an option's value): objects by their JSON text, the rest by ===. */
final class SameValue {
    private SameValue() {
    }

    static boolean same(Object a, Object b) {
        if (a instanceof Map<?, ?> || a instanceof List<?>) {
            return Json.stringify(a).equals(Json.stringify(b));
        }
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }
}
