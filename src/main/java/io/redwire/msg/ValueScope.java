package io.redwire.msg;

/** Where typed values are evaluated: the node's contexts and environment. */
public interface ValueScope {
    ContextScope nodeContext();

    ContextScope flowContext();

    ContextScope globalContext();

    /** The env var as the node sees it, or null when unset. */
    Object env(String name);
}
