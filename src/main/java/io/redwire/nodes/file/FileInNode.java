package io.redwire.nodes.file;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * file in: reads a file into msg.payload as text ("utf8"), a Buffer (""), one message per line ("lines", with
 * msg.parts) or 64 KiB Buffer chunks ("stream"). The read runs off the event loop. A failure (say ENOENT) is a node
 * error with Node.js's text and a red status dot; with sendError a copy of the message carrying msg.error goes on.
 */
public final class FileInNode extends Node {
    static final Field FORMAT = Field.select("format", "utf8", "utf8", "lines", "", "stream");
    static final Field SEND_ERROR = Field.bool("sendError", false).runtimeDefault(true); // flows from before 0.20 report by msg
    static final Field ENCODING = Field.str("encoding", "none");
    static final Field ALL_PROPS = Field.bool("allProps", false);

    public static final NodeType TYPE = NodeType.builder("file in", "storage").color("BurlyWood").ports(1, 1)
            .help("Reads a file.\n\n- The whole file as one string or Buffer, one message per line, or Buffer chunks.\n- The filename comes from the node or from the message (`msg.filename`).")
            .paletteLabel("read file")
            .computedPortLabels()
            .label(Label.computed())
            .fields(FileTarget.FILENAME, FORMAT, SEND_ERROR, ENCODING, ALL_PROPS)
            .factory(FileInNode::new);

    private static final int CHUNK = 64 * 1024;

    private final FileTarget target;
    private final String format;
    private final boolean sendError;
    private final String encoding;
    private final boolean allProps;
    private boolean failedStatus;

    FileInNode(NodeConfig c) {
        super(c);
        this.target = new FileTarget(c);
        this.format = c.get(FORMAT) == null ? "utf8" : c.str(FORMAT);
        this.sendError = c.truthy(SEND_ERROR);
        this.encoding = c.str(ENCODING).isEmpty() ? "none" : c.str(ENCODING);
        this.allProps = c.truthy(ALL_PROPS);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        String filename;
        try {
            filename = target.resolve(msg, this).replaceAll("[\t\r\n]", "");
        } catch (NodeError e) {
            done.done(e);
            return;
        }
        if (filename.isEmpty()) {
            warn("No filename specified");
            done.done();
            return;
        }
        msg.put("filename", filename);
        Path path;
        try {
            path = FileTarget.path(filename);
        } catch (NodeError e) {
            done.done(e);
            return;
        }
        engine().loop().executeBlocking(() -> Files.readAllBytes(path), false).onComplete(ar -> {
            if (ar.succeeded()) {
                if (failedStatus) {
                    status(Map.of());
                    failedStatus = false;
                }
                emit(msg, ar.result());
                done.done();
                return;
            }
            if (!(ar.cause() instanceof IOException io)) {
                done.done(ar.cause());
                return;
            }
            FsError err = FsError.of(io, "open", filename);
            failedStatus = true;
            status(Map.of("fill", "red", "shape", "dot", "text", err.code()));
            error(err.asNodeError(), msg);
            if (sendError) {
                Map<String, Object> copy = Messages.cloneMessage(msg);
                copy.remove("payload");
                copy.put("error", err.asObject());
                send(copy);
            }
            done.done();
        });
    }

    private void emit(Map<String, Object> msg, byte[] data) {
        switch (format) {
            case "utf8" -> {
                msg.put("payload", FileEncodings.decode(data, encoding));
                send(msg);
            }
            case "lines" -> {
                String[] lines = FileEncodings.decode(data, encoding).split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    Map<String, Object> m = part(msg, lines[i], i, i == lines.length - 1 ? lines.length : -1, "\n",
                            "string");
                    send(m);
                }
            }
            case "stream" -> {
                int count = Math.max(1, (data.length + CHUNK - 1) / CHUNK);
                for (int i = 0; i < count; i++) {
                    byte[] chunk = Arrays.copyOfRange(data, i * CHUNK, Math.min(data.length, (i + 1) * CHUNK));
                    // Node-RED knows the end by a short chunk; a file of whole chunks ends with an empty part
                    boolean last = chunk.length < CHUNK;
                    send(part(msg, chunk, i, last ? i + 1 : -1, "", "buffer"));
                    if (i == count - 1 && !last) {
                        Map<String, Object> end = new LinkedHashMap<>();
                        end.put("parts", partsOf(msg, count, count, "", "buffer"));
                        send(end);
                    }
                }
            }
            default -> {
                msg.put("payload", data);
                send(msg);
            }
        }
    }

    private Map<String, Object> part(Map<String, Object> msg, Object payload, int index, int count, String ch,
                                     String type) {
        Map<String, Object> m;
        if (allProps) {
            m = Messages.cloneMessage(msg);
        } else {
            m = new LinkedHashMap<>();
            m.put("topic", msg.get("topic"));
            m.put("filename", msg.get("filename"));
        }
        m.put("payload", payload);
        m.put("parts", partsOf(msg, index, count, ch, type));
        return m;
    }

    private static Map<String, Object> partsOf(Map<String, Object> msg, int index, int count, String ch, String type) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("index", index);
        if (count >= 0) {
            p.put("count", count);
        }
        p.put("ch", ch);
        p.put("type", type);
        p.put("id", msg.get("_msgid"));
        return p;
    }
}
