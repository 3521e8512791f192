package io.redwire.nodes.function;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.LinkCalls;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** function: runs the user's JavaScript (GraalJS, sandboxed) per message, as Node-RED's function node does. */
public final class FunctionNode extends Node implements LinkCalls.Caller {
    static final Field NAME = Field.str("name", "");
    static final Field FUNC = Field.code("func", "javascript", "\nreturn msg;").inOpenSection("On Message");
    static final Field OUTPUTS = Field.num("outputs", 1).inSection("Setup");
    static final Field TIMEOUT = Field.num("timeout", 0).atLeast(0)
            .label("Timeout (s; 0: the runtime default)").inSection("Setup");
    static final Field NOERR = Field.num("noerr", 0).asInternal(); // Node-RED's editor counts syntax errors here
    static final Field INITIALIZE = Field.code("initialize", "javascript", "").inSection("On Start");
    static final Field FINALIZE = Field.code("finalize", "javascript", "").inSection("On Stop");
    /** Node-RED's rows of module + the variable it is bound to ({var, module}), on the form's Setup tab. */
    static final Field LIBS = Field.rows("libs", Field.row("var", "", "module", ""),
            Field.str("module", "").label("Module"), Field.str("var", "").label("Variable")).inSection("Setup")
            .checkedByEditorOnly(); // Node-RED's runtime skips an entry it cannot read; so does libs(c)



    public static final NodeType TYPE = NodeType.builder("function", "function").icon("function")
            .help("Runs JavaScript for each message (GraalJS, sandboxed, with a time limit).\n\n- Return the message to send it, an array to use several outputs, or nothing to send nothing.\n- `node.send`, `node.warn`, `node.error`, `node.status`, `await node.linkcall(target, msg, {timeout})` and the `context`, `flow`, `global` stores are available.\n- On Start / On Stop code runs when the node starts and stops.")
            .color("#fdd0a2").ports(1, 1)
            .fields(NAME, OUTPUTS, TIMEOUT, LIBS, INITIALIZE, FUNC, FINALIZE, NOERR)
            .library("functions", FUNC, NAME, OUTPUTS, TIMEOUT, INITIALIZE, FINALIZE)
            .factory(FunctionNode::new);

    private final FunctionRunner runner;
    private final LinkCalls linkCalls = new LinkCalls(this);

    FunctionNode(NodeConfig c) {
        super(c);
        double timeout = c.num(TIMEOUT); // declared: 0 or more
        FunctionCode code = new FunctionCode(c.str(FUNC), c.str(INITIALIZE), c.str(FINALIZE),
                (int) c.num(OUTPUTS), timeout, libs(c));
        this.runner = new FunctionRunner(this, code, linkCalls);
    }

    /** `libs` entries {var, module}; anything else in the list is ignored. */
    private static List<FunctionCode.Lib> libs(NodeConfig c) {
        List<FunctionCode.Lib> libs = new ArrayList<>();
        for (Object o : c.list(LIBS)) {
            if (o instanceof Map<?, ?> m && m.get("var") instanceof String var) {
                libs.add(new FunctionCode.Lib(var, m.get("module") == null ? "" : String.valueOf(m.get("module"))));
            }
        }
        return libs;
    }

    @Override
    public LinkCalls linkCalls() {
        return linkCalls;
    }

    @Override
    public Future<Void> start() {
        return runner.start();
    }

    /** The sandbox is built now, not in start(): the start is not slowed by it (msgs wait in the node). */
    @Override
    public void started() {
        runner.deployStarted();
    }

    @Override
    public Future<Void> ready() {
        return runner.ready();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        runner.input(msg, done);
    }

    @Override
    public Future<Void> close() {
        return runner.close();
    }
}
