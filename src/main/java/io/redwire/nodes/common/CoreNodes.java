package io.redwire.nodes.common;

import io.redwire.nodes.flowcontrol.ChangeNode;
import io.redwire.nodes.flowcontrol.DelayNode;
import io.redwire.nodes.flowcontrol.RangeNode;
import io.redwire.nodes.flowcontrol.RbeNode;
import io.redwire.nodes.flowcontrol.SwitchNode;
import io.redwire.nodes.flowcontrol.TemplateNode;
import io.redwire.nodes.flowcontrol.TriggerNode;
import io.redwire.nodes.function.FunctionNode;
import io.redwire.nodes.parsers.JsonNode;
import io.redwire.nodes.sequence.BatchNode;
import io.redwire.nodes.sequence.JoinNode;
import io.redwire.nodes.sequence.SortNode;
import io.redwire.nodes.sequence.SplitNode;
import io.redwire.spi.NodeType;

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
