package io.redwire.nodes.flowcontrol;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The nodes that route, reshape and time messages: change, switch, range, template, filter (rbe), delay, trigger. */
public final class FlowControlNodes extends DeclaredFamily {
    public FlowControlNodes() {
        super("flow control", List.of("change", "switch", "range", "template", "rbe", "delay", "trigger"),
                () -> List.of(ChangeNode.TYPE, SwitchNode.TYPE, RangeNode.TYPE, TemplateNode.TYPE,
                RbeNode.TYPE, DelayNode.TYPE, TriggerNode.TYPE));
        declares(FlowControlSettings.ALL);
    }
}
