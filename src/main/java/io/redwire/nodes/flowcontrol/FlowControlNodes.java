package io.redwire.nodes.flowcontrol;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The nodes that route, reshape and time messages: change, switch, range, template, filter (rbe), delay, trigger. */
public final class FlowControlNodes implements NodeFamily {
    @Override
    public String name() {
        return "flow control";
    }

    @Override
    public List<NodeType> types() {
        return List.of(ChangeNode.TYPE, SwitchNode.TYPE, RangeNode.TYPE, TemplateNode.TYPE, RbeNode.TYPE,
                DelayNode.TYPE, TriggerNode.TYPE);
    }
}
