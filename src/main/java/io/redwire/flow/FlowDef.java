package io.redwire.flow;

import java.util.List;
import java.util.Map;

/**
 * A flow scope at run time: a tab, or one subflow instance (with its own context and catch/status scope whose
 * unhandled events bubble to the parent unit via the instance node).
 *
 * @param envLayers env arrays, innermost first (instance overrides, then the subflow template)
 */
public record FlowDef(String id, String label, String parentId, String instanceNodeId, String subflowId,
                       String subflowName, List<List<Map<String, Object>>> envLayers,
                       Map<String, Map<String, Object>> groups) {
    public boolean isSubflow() {
        return instanceNodeId != null;
    }
}
