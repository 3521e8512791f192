package io.redwire.runtime;

/** Where a running node is attached: its engine, flow scope, output targets and node context. */
record NodeBinding(Engine engine, FlowScope flow, Node[][] targets, ContextScope nodeContext) {
}
