package io.redwire.nodes.function;

import io.redwire.api.Done;

import java.util.Map;

/** One run of the function body for one input msg. Opaque to JavaScript, which only passes it back. */
final class Call implements OpaqueProxy {
    final Map<String, Object> msg;
    final MapRoot root;
    final Done done;
    final String msgid;
    boolean settled;

    Call(Map<String, Object> msg, MapRoot root, Done done) {
        this.msg = msg;
        this.root = root;
        this.done = done;
        this.msgid = msg.get("_msgid") instanceof String s ? s : null;
    }

    /** The body finished (or was abandoned): the msg is plain message values again. */
    void settle() {
        settled = true;
        root.held = false;
        root.materialize();
    }
}
