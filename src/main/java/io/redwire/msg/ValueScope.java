package io.redwire.msg;

import java.util.function.Function;

/** Where typed values are evaluated: the node's contexts and environment. */
public interface ValueScope {
    ContextScope nodeContext();

    ContextScope flowContext();

    ContextScope globalContext();

    /** The env var as the node sees it, or null when unset. */
    Object env(String name);

    /** A scope over the given contexts (null where the caller has none) and env lookup. */
    static ValueScope of(ContextScope node, ContextScope flow, ContextScope global, Function<String, Object> env) {
        return new Fixed(node, flow, global, env);
    }

    /** See {@link #of}. */
    record Fixed(ContextScope nodeContext, ContextScope flowContext, ContextScope globalContext,
                 Function<String, Object> lookup) implements ValueScope {
        @Override
        public Object env(String name) {
            return lookup.apply(name);
        }
    }
}
