package io.redwire.flow;

import java.util.List;
import java.util.Map;

/**
 * One node to instantiate after subflow expansion: its final id, type, the raw config (a private copy, with `wires`
 * rewritten to final ids), and the flow unit (tab or subflow instance) it runs in.
 */
public record NodeDef(String id, String type, Map<String, Object> raw, String unitId, List<List<String>> wires,
                      boolean configNode) {
}
