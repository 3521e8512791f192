package io.redwire.nodes.exec;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Messages;
import io.redwire.msg.PropertyPath;
import io.vertx.core.Context;
import io.vertx.core.Future;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * exec: runs a command with the payload (or another property) and the "append" text added. Exec mode runs the line
 * through /bin/bash and sends stdout, stderr and {code, message, signal} once it ends; spawn mode splits the line
 * itself, streams output as it comes and ends with {code, signal} (an unknown command gives code -2, ENOENT).
 * A timeout or msg.kill signals the process. Outputs and status dots follow Node-RED 5.0.7.
 */
public final class ExecNode extends Node {
    static final Field COMMAND = Field.str("command", "");
    static final Field ADDPAY = Field.str("addpay", "payload");
    static final Field APPEND = Field.str("append", "");
    static final Field USE_SPAWN = Field.select("useSpawn", "false", "false", "true");
    static final Field TIMER = Field.num("timer", 0);
    static final Field OLDRC = Field.bool("oldrc", false);
    static final Field WIN_HIDE = Field.bool("winHide", false);

    public static final NodeType TYPE = NodeType.builder("exec", "function").color("darksalmon").ports(1, 3)
            .help("Runs a system command.\n\n- Outputs: stdout, stderr and the return code.\n- exec mode sends each output when the command ends; spawn mode streams them as they come.\n- `msg.payload` can be appended to the command; `msg.kill` stops a running command; an optional timeout kills it.")
            .outputLabels("stdout", "stderr", "return code")
            .label(Label.computed())
            .fields(COMMAND, ADDPAY, APPEND, USE_SPAWN, TIMER, OLDRC, WIN_HIDE)
            .factory(ExecNode::new);

    private static final String SHELL = Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "/bin/sh";

    private final String command;
    private final PropertyPath addpay;
    private final String append;
    private final boolean spawn;
    private final long timeoutMs;
    private final boolean oldrc;
    private final Map<Long, ChildProcess> active = new LinkedHashMap<>();

    ExecNode(NodeConfig c) {
        super(c);
        this.command = c.str(COMMAND).strip();
        Object add = c.get(ADDPAY);
        String addPath = add == null || Boolean.TRUE.equals(add) ? "payload"
                : Boolean.FALSE.equals(add) ? "" : JsValues.toJsString(add);
        this.addpay = addPath.isEmpty() ? null : PropertyPath.ofMsg(addPath);
        this.append = c.str(APPEND).strip();
        this.spawn = "true".equals(c.str(USE_SPAWN));
        this.timeoutMs = (long) (c.num(TIMER) * 1000);
        this.oldrc = c.truthy(OLDRC);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (msg.containsKey("kill")) {
            kill(msg);
            done.done();
            return;
        }
        String line = command;
        if (addpay != null) {
            Object value = addpay.getOrNull(msg, msg);
            if (value != null && value != Undefined.VALUE || addpay.exists(msg, msg)) {
                line += " " + JsValues.toJsString(value);
            }
        }
        if (!append.isEmpty()) {
            line += " " + append;
        }
        if (spawn) {
            spawn(line, msg, done);
        } else {
            exec(line, msg, done);
        }
    }

    private void kill(Map<String, Object> msg) {
        Object k = msg.get("kill");
        String signal = k instanceof String s && !s.isEmpty() && s.toUpperCase().startsWith("SIG") ? s.toUpperCase()
                : "SIGTERM";
        ChildProcess target = null;
        if (msg.containsKey("pid")) {
            double pid = JsValues.toNumber(msg.get("pid"));
            target = active.get((long) pid);
        } else if (active.size() == 1) {
            target = active.values().iterator().next();
        }
        if (target != null) {
            target.kill(signal);
            status(dot("red", "killed"));
        }
    }

    private void exec(String line, Map<String, Object> msg, Done done) {
        Context context = engine().loop();
        ChildProcess child;
        try {
            child = ChildProcess.start(List.of(SHELL, "-c", line), context, null, null,
                    (exit, out, err) -> execClosed(line, msg, exit, out, err, done));
        } catch (IOException e) {
            done.done(new io.redwire.msg.NodeError("Error: spawn " + SHELL + " ENOENT"));
            return;
        }
        started(child);
    }

    private void execClosed(String line, Map<String, Object> msg, ChildProcess.Exit exit, byte[] out, byte[] err,
                            Done done) {
        forget(exit);
        msg.remove("payload");
        Map<String, Object> msg2 = null;
        if (err.length > 0) {
            msg2 = Messages.cloneMessage(msg);
            msg2.put("payload", textOrBuffer(err));
        }
        msg.put("payload", textOrBuffer(out));
        status(Map.of());
        Map<String, Object> msg3 = null;
        boolean failed = exit.code() == null || exit.code() != 0;
        if (failed) {
            Map<String, Object> rc = new LinkedHashMap<>();
            rc.put("code", exit.code());
            rc.put("message", "Command failed: " + line + "\n" + new String(err, StandardCharsets.ISO_8859_1));
            if (exit.signal() != null) {
                rc.put("signal", exit.signal());
            }
            msg3 = Messages.cloneMessage(msg);
            msg3.put("payload", rc);
            status(exit.code() == null ? dot("red", "killed") : dot("red", "error:" + exit.code()));
        } else if (!oldrc) {
            msg3 = Messages.cloneMessage(msg);
            msg3.put("payload", new LinkedHashMap<>(Map.of("code", 0)));
        }
        if (msg3 != null) {
            msg.put("rc", msg3.get("payload"));
            if (msg2 != null) {
                msg2.put("rc", msg3.get("payload"));
            }
        }
        send(Arrays.asList(msg, msg2, msg3));
        done.done();
    }

    private void spawn(String line, Map<String, Object> msg, Done done) {
        List<String> words = CommandLine.split(line);
        if (words.isEmpty()) {
            words = new ArrayList<>(List.of(""));
        }
        Context context = engine().loop();
        ChildProcess child;
        try {
            child = ChildProcess.start(words, context,
                    chunk -> streamed(msg, chunk, 0), chunk -> streamed(msg, chunk, 1),
                    (exit, out, err) -> spawnClosed(msg, exit, done));
        } catch (IOException e) {
            // Node reports an unknown command as a close with the negative errno of ENOENT
            status(dot("red", "rc:-2"));
            spawnClosed(msg, new ChildProcess.Exit(-1, -2, null), done);
            return;
        }
        started(child);
    }

    private void streamed(Map<String, Object> msg, byte[] chunk, int port) {
        msg.put("payload", textOrBuffer(chunk));
        sendTo(port, Messages.cloneMessage(msg));
    }

    private void spawnClosed(Map<String, Object> msg, ChildProcess.Exit exit, Done done) {
        forget(exit);
        Object rc;
        if (oldrc) {
            rc = exit.code();
        } else {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("code", exit.code());
            if (exit.signal() != null) {
                m.put("signal", exit.signal());
            }
            rc = m;
        }
        msg.put("payload", rc);
        Integer code = exit.code();
        if (code == null) {
            status(dot("red", "killed"));
        } else if (code == 0) {
            status(Map.of());
        } else {
            status(dot(code < 0 ? "red" : "yellow", "rc:" + code));
        }
        sendTo(2, Messages.cloneMessage(msg));
        done.done();
    }

    /** Running processes by pid (Node-RED's activeProcesses), for msg.kill, the timeout and close. */
    private void started(ChildProcess child) {
        active.put(child.pid(), child);
        status(dot("blue", "pid:" + child.pid()));
        if (timeoutMs > 0) {
            long pid = child.pid();
            vertx().setTimer(timeoutMs, t -> {
                ChildProcess c = active.get(pid);
                if (c != null) {
                    c.kill("SIGTERM");
                }
            });
        }
    }

    private void forget(ChildProcess.Exit exit) {
        active.remove(exit.pid());
    }

    private static Map<String, Object> dot(String fill, String text) {
        return Map.of("fill", fill, "shape", "dot", "text", text);
    }

    /** Text when the bytes are valid UTF-8 (Node-RED's is-utf8 check), else a Buffer. */
    private static Object textOrBuffer(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return bytes;
        }
    }

    @Override
    public Future<Void> close() {
        for (ChildProcess c : active.values()) {
            c.kill("SIGTERM");
        }
        active.clear();
        status(Map.of());
        return Future.succeededFuture();
    }
}
