package io.redwire.runtime;

/** Where a running node is attached: its engine, flow scope, output targets, node context and its type's counters. */
record NodeBinding(Engine engine, FlowScope flow, Node[][] targets, ContextScope nodeContext, NodeCounters counters) {
}
