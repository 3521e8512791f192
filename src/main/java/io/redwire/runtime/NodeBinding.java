package io.redwire.runtime;

import io.redwire.msg.ContextScope;
import io.redwire.spi.Node;
/** Where a running node is attached: its engine, flow scope, output targets and node context. */
public record NodeBinding(Engine engine, FlowScope flow, Node[][] targets, ContextScope nodeContext) {
}
