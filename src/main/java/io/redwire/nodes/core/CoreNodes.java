package io.redwire.nodes.core;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The core and common node family. */
public final class CoreNodes {
    private CoreNodes() {
    }

    public static List<NodeType> types() {
        return List.of(
                InjectNode.TYPE, DebugNode.TYPE, CommentNode.TYPE, JunctionNode.TYPE,
                CatchNode.TYPE, StatusNode.TYPE, CompleteNode.TYPE,
                LinkInNode.TYPE, LinkOutNode.TYPE, LinkCallNode.TYPE,
                ChangeNode.TYPE, SwitchNode.TYPE, RangeNode.TYPE, TemplateNode.TYPE, JsonNode.TYPE, RbeNode.TYPE,
                SplitNode.TYPE, JoinNode.TYPE, BatchNode.TYPE, SortNode.TYPE, DelayNode.TYPE, TriggerNode.TYPE,
                FunctionNode.TYPE);
    }
}
